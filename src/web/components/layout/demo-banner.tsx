import FlaskConical from 'lucide-react/icons/flask-conical';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { useSite } from '../../lib/use-site';

/** Shown on every page while the demo payment provider is active: no real money moves. */
export function DemoBanner() {
  const t = useT();
  const site = useSite();
  if (site?.paymentMode !== 'demo') return null;
  return (
    // A named region, so the notice belongs to a landmark like everything else on the page.
    <section aria-label={t('Demo payments')} data-testid="demo-banner" className="bg-warning text-background">
      <p className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:text-sm">
        <FlaskConical aria-hidden className="hidden size-4 shrink-0 sm:block" />
        <span>
          <Trans
            message="<b>Demo payments:</b> no real money moves. Use test card <card>{card}</card>."
            values={{ card: '4242 4242 4242 4242' }}
            parts={{
              b: (text) => <strong className="font-bold">{text}</strong>,
              card: (text) => <span className="whitespace-nowrap font-mono font-semibold">{text}</span>,
            }}
          />
        </span>
      </p>
    </section>
  );
}
