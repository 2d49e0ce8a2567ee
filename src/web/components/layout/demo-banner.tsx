import FlaskConical from 'lucide-react/icons/flask-conical';
import { useSite } from '../../lib/use-site';

/** Shown on every page while the demo payment provider is active: no real money moves. */
export function DemoBanner() {
  const site = useSite();
  if (site?.paymentMode !== 'demo') return null;
  return (
    // A named region, so the notice belongs to a landmark like everything else on the page.
    <section aria-label="Demo payments" data-testid="demo-banner" className="bg-warning text-background">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:text-sm">
        <FlaskConical aria-hidden className="hidden size-4 shrink-0 sm:block" />
        <span>
          <strong className="font-bold">Demo payments:</strong> no real money moves. Use test card{' '}
          <span className="whitespace-nowrap font-mono font-semibold">4242 4242 4242 4242</span>.
        </span>
      </p>
    </section>
  );
}
