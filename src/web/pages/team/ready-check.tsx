import type { MatchDetail } from '../../../shared/schemas/match';
import { teamNameOf } from '../../components/match/match-texts';
import { useTicker } from '../../components/match/veto-parts';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { useDisplayTimeZone } from '../../lib/use-now';
import { useClaimForfeit, useReadyForMatch } from '../../queries/matches';
import { ActionError } from './action-error';
import { focusInMatchCard } from './focus-in-card';
import { yourMatchTexts } from './your-match-texts';

/** Whether each side said ready, seen from the captain's team. */
export function readinessOf(match: MatchDetail, teamId: string): { weAre: boolean; theyAre: boolean } {
  return teamId === match.team1Id ? { weAre: match.ready.team1, theyAre: match.ready.team2 } : { weAre: match.ready.team2, theyAre: match.ready.team1 };
}

/**
 * The ready check: from its opening each captain says the team is here; when both are, the veto
 * opens (or, without a veto on the site, the match is on). A team ready alone past the no-show
 * allowance claims the win by forfeit, which the organizer approves or refuses.
 */
export function ReadyCheck({ match, teamId, teamKey, opponentId }: { match: MatchDetail; teamId: string; teamKey: string; opponentId: string }) {
  const t = useT();
  const formats = useFormats();
  const ready = useReadyForMatch(teamId, teamKey, match.id);
  const zone = useDisplayTimeZone();
  const { weAre, theyAre } = readinessOf(match, teamId);
  const opponent = teamNameOf(match, opponentId);
  // Read every second until the ready check and the claim are open, so their buttons appear on time.
  const claimAt = match.ready.claimForfeitAt ? Date.parse(match.ready.claimForfeitAt) : null;
  const opensAt = match.ready.opensAt ? Date.parse(match.ready.opensAt) : null;
  const now = useTicker((opensAt !== null && !weAre) || (claimAt !== null && weAre && !theyAre));
  const isOpen = opensAt !== null && opensAt <= now;
  return (
    <section aria-labelledby="ready-check-title" className="grid gap-2" data-testid="ready-check">
      <h3 id="ready-check-title" className="font-bold">
        {t(yourMatchTexts.readyTitle)}
      </h3>
      <div aria-live="polite" className="grid gap-1 text-sm">
        {weAre ? <p>{t(yourMatchTexts.weAreReady, { opponent })}</p> : theyAre ? <p>{t(yourMatchTexts.theyAreReady, { opponent })}</p> : null}
        {!weAre && !isOpen && match.ready.opensAt && <p className="text-muted">{t(yourMatchTexts.readyOpensAt, { at: formats.dayTimeZone(match.ready.opensAt, zone) })}</p>}
        <p className="text-muted">{t(match.veto || match.status === 'waiting' ? yourMatchTexts.readyThenVeto : yourMatchTexts.readyThenReport)}</p>
      </div>
      {!weAre && isOpen && (
        <Button className="justify-self-start" onClick={() => ready.mutate()} disabled={ready.isPending}>
          {t(yourMatchTexts.readyButton)}
        </Button>
      )}
      <ActionError error={ready.error} fallback={yourMatchTexts.readyFailed} />
      <ForfeitClaim match={match} teamId={teamId} teamKey={teamKey} opponent={opponent} weAre={weAre} theyAre={theyAre} now={now} />
    </section>
  );
}

function ForfeitClaim({
  match,
  teamId,
  teamKey,
  opponent,
  weAre,
  theyAre,
  now,
}: {
  match: MatchDetail;
  teamId: string;
  teamKey: string;
  opponent: string;
  weAre: boolean;
  theyAre: boolean;
  now: number;
}) {
  const t = useT();
  const formats = useFormats();
  const claim = useClaimForfeit(teamId, teamKey, match.id);
  const zone = useDisplayTimeZone();
  const pending = match.forfeitClaim;
  const refusal = match.forfeitRefused;
  const claimAt = match.ready.claimForfeitAt;
  // A refusal is news until someone claims again or both get ready.
  const refusalNews = refusal && !pending && !(weAre && theyAre) && (
    <div className="grid gap-1 text-sm" data-testid="forfeit-refused">
      <p>{t(yourMatchTexts.claimRefused)}</p>
      {refusal.note && <p className="text-muted">{t(yourMatchTexts.claimRefusedNote, { note: refusal.note })}</p>}
    </div>
  );
  if (pending) {
    return (
      <p className="text-sm font-medium" data-testid="forfeit-claim" tabIndex={-1}>
        {t(pending.teamId === teamId ? yourMatchTexts.claimWaiting : yourMatchTexts.claimAgainstUs, { opponent })}
      </p>
    );
  }
  if (!weAre || theyAre || !claimAt) return refusalNews || null;
  // A refused claim is final for this time; once the organizer moves the match later, the allowance runs again.
  const isRefused = refusal !== null && Date.parse(claimAt) <= Date.parse(refusal.at);
  const canClaim = Date.parse(claimAt) <= now && !isRefused;
  return (
    <div className="grid gap-2" data-testid="forfeit-claim">
      {refusalNews}
      {!isRefused && !canClaim && <p className="text-sm text-muted">{t(yourMatchTexts.claimFrom, { opponent, at: formats.dayTimeZone(claimAt, zone) })}</p>}
      {canClaim && (
        <Button variant="secondary" className="justify-self-start" onClick={() => claim.mutate(undefined, { onSuccess: () => focusInMatchCard('[data-testid="forfeit-claim"]') })} disabled={claim.isPending}>
          {t(yourMatchTexts.claimButton)}
        </Button>
      )}
      <ActionError error={claim.error} fallback={yourMatchTexts.claimFailed} />
    </div>
  );
}
