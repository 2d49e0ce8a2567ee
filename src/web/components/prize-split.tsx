import CheckCircle2 from 'lucide-react/icons/check-circle-2';
import { placementLabel, prizeTexts } from '../../shared/prize-texts';
import type { PublicPrize } from '../../shared/schemas/prizes';
import { useT } from '../i18n/i18n';
import { useFormats } from '../i18n/use-formats';
import { cn } from '../lib/utils';

/**
 * The prize pool by placement, with "Paid" once the organizer recorded the payout: on the home
 * page's Prize Pool card and the cup page. Nothing when the organizer set no split.
 */
export function PrizeSplit({ prizes, currency, className }: { prizes: PublicPrize[] | undefined; currency: string; className?: string }) {
  const t = useT();
  const formats = useFormats();
  if (!prizes?.length) return null;
  return (
    <ol aria-label={t('Prize split')} className={cn('mt-1 grid gap-0.5 text-sm', className)} data-testid="prize-split">
      {prizes.map((prize) => (
        <li key={prize.placement} className="flex flex-wrap items-center gap-x-2">
          {/* English's ordinal suffix (1st, 2nd…) from placementLabel; other languages write their own form of the number. */}
          <span className="text-muted">
            {t('{placement}{suffix, select, st {st} nd {nd} rd {rd} other {th}}', {
              placement: String(prize.placement),
              suffix: placementLabel(prize.placement).slice(String(prize.placement).length),
            })}
          </span>
          <span className="font-semibold">{formats.money(prize.amount, currency)}</span>
          {prize.paid && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-300">
              <CheckCircle2 aria-hidden className="size-3.5" />
              {t(prizeTexts.paid)}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
