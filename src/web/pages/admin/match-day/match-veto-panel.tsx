import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { BracketMatch } from '../../../../shared/schemas/bracket';
import type { CaptainVetoInput, MatchDetail } from '../../../../shared/schemas/match';
import { HttpError } from '../../../api';
import { matchTexts, teamNameOf } from '../../../components/match/match-texts';
import { SettledMaps, VetoChoices, VetoLog, VetoTurnStatus } from '../../../components/match/veto-parts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import { matchQuery } from '../../../queries/matches';
import { versusText } from './match-day-texts';
import { useResetVeto, useStaffVeto } from './queries';

/** The veto panel's texts: English (`msg`), shown with `t(text, values)`. */
export const vetoPanelTexts = {
  summary: msg('Map veto'),
  actingFor: msg('Acting for {team}'),
  reset: msg('Reset Veto'),
  resetTitle: msg('Reset the map veto?'),
  resetDescription: msg('Every ban, pick and side chosen in {title} is cleared, and the captains start the veto again.'),
  resetFailed: msg('Could not reset the veto. Please try again.'),
  resetDone: msg('Veto Reset'),
  actFailed: msg('Could not save the choice. Please try again.'),
};

/** A match in its veto or being played: the veto's state on Match Day, with staff buttons to act for the team whose turn it is and to reset it. */
export function MatchVetoPanel({ bracketMatch }: { bracketMatch: BracketMatch }) {
  const status = bracketMatch.status;
  const isActive = status === 'veto' || status === 'live';
  const match = useQuery(matchQuery(isActive ? bracketMatch.id : undefined));
  if (!isActive || !match.data?.veto) return null;
  return <VetoPanel match={match.data} />;
}

function VetoPanel({ match }: { match: MatchDetail }) {
  const t = useT();
  const veto = match.veto!;
  const act = useStaffVeto(match.id);
  const reset = useResetVeto(match.id);
  const [pending, setPending] = useState<CaptainVetoInput | null>(null);
  const title = versusText(match.team1Name ?? t('To be decided'), match.team2Name ?? t('To be decided'), t);
  const choose = (choice: CaptainVetoInput) => {
    if (!veto.next) return;
    setPending(choice);
    act.mutate({ team: veto.next.teamId, ...choice }, { onSettled: () => setPending(null) });
  };
  return (
    <details className="mt-2 rounded-md border border-border bg-surface-2/40 p-2 text-sm" open={match.status === 'veto' || undefined} data-testid="match-veto-panel">
      <summary className="cursor-pointer font-semibold">{t(vetoPanelTexts.summary)}</summary>
      <div className="mt-2 grid gap-3">
        {veto.next && match.status === 'veto' ? (
          <>
            <VetoTurnStatus match={match} next={veto.next} />
            <p className="text-xs font-semibold uppercase tracking-wider text-muted">{t(vetoPanelTexts.actingFor, { team: teamNameOf(match, veto.next.teamId, t) })}</p>
            <VetoChoices match={match} veto={veto} onChoose={choose} pendingChoice={pending} disabled={act.isPending} />
          </>
        ) : (
          <p className="text-muted">{t(veto.done ? matchTexts.vetoDone : match.status === 'veto' ? matchTexts.vetoNotOpen : matchTexts.noVetoRun)}</p>
        )}
        {act.isError && (
          <p role="alert" className="font-medium text-red-400">
            {t((act.error instanceof HttpError && act.error.status < 500 && act.error.serverMessage) || vetoPanelTexts.actFailed)}
          </p>
        )}
        <SettledMaps match={match} maps={veto.maps} />
        {veto.log.length > 0 && <VetoLog match={match} log={veto.log} />}
        {veto.log.length > 0 && (
          <ConfirmDialog
            trigger={
              <Button type="button" variant="outline" size="sm" aria-label={`${t(vetoPanelTexts.reset)}: ${title}`}>
                <RotateCcw aria-hidden />
                {t(vetoPanelTexts.reset)}
              </Button>
            }
            title={t(vetoPanelTexts.resetTitle)}
            description={t(vetoPanelTexts.resetDescription, { title })}
            confirmLabel={t(vetoPanelTexts.reset)}
            failureMessage={t(vetoPanelTexts.resetFailed)}
            onConfirm={() => reset.mutateAsync()}
            onDone={() => toast({ title: t(vetoPanelTexts.resetDone), description: title })}
          />
        )}
      </div>
    </details>
  );
}
