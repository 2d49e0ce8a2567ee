import { phaseLabels, publicPhase } from '../../../../shared/public-display';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { useT } from '../../../i18n/i18n';

/** What Match Day can do with the live tournament now: a cancelled one has no check-in and no bracket to run. */
export function PhaseStatusLine({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const phase = publicPhase(tournament, new Date());
  return (
    <p data-testid="match-day-status" className="text-sm text-muted">
      <span className="font-semibold text-foreground">{t('Status: {phase}', { phase: t(phaseLabels[phase]) })}</span>
      {phase === 'cancelled' && ` ${t('— this tournament was cancelled: there is no check-in and no match day.')}`}
    </p>
  );
}
