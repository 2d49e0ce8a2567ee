import { useQuery } from '@tanstack/react-query';
import { Check, Loader2, RotateCcw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { msg } from '../../../../shared/i18n/msg';
import type { Translate } from '../../../../shared/i18n/translator';
import type { Bracket, BracketMatch, MatchResultOutcome } from '../../../../shared/schemas/bracket';
import type { MatchQueueItem } from '../../../../shared/schemas/match';
import { HttpError } from '../../../api';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';
import { useCan } from '../../../lib/use-can';
import { bracketNameText } from '../../../../shared/bracket/name-text';
import { versusText } from './match-day-texts';
import { matchQueueQuery, useDecideForfeitClaim, useReopenReport } from './queries';
import { ResultDialog } from './result-dialog';

/** The queue's texts (tested word for word): English (`msg`), shown with `t(text, values)`. */
export const queueTexts = {
  title: msg('Waiting on You'),
  count: msg('{count, plural, =0 {Nothing waits on you.} one {# match waits on you.} other {# matches wait on you.}}'),
  description: msg('Disputed results and forfeit claims: only these need staff. The captains report and confirm the rest.'),
  loadFailed: msg('Could not load the queue.'),
  disputed: msg('Disputed result'),
  forfeitClaim: msg('Forfeit claim'),
  teamReport: msg('{team}’s report'),
  reportedBy: msg('{team} reported · {at}'),
  winner: msg('Winner: {team}'),
  disputedBy: msg('Disputed by {team} · {at}'),
  reason: msg('Reason'),
  screenshots: msg('Screenshots'),
  screenshotAlt: msg('Screenshot {number} from {team}'),
  opensInNewTab: msg('(opens in a new tab)'),
  claims: msg('{team} claims the win by forfeit: {opponent} did not get ready.'),
  claimedAt: msg('Claimed {at}'),
  reopen: msg('Reopen Reporting'),
  reopenLabel: msg('Reopen reporting: {title}'),
  reopenTitle: msg('Reopen reporting?'),
  reopenDescription: msg('{title}: both reports and the dispute are cleared, and the captains report the result again.'),
  reopenFailed: msg('Could not reopen reporting. Please try again.'),
  reopened: msg('Reporting Reopened'),
  claimNote: msg('Note to both captains (optional)'),
  approve: msg('Approve Forfeit'),
  refuse: msg('Refuse Claim'),
  approved: msg('Forfeit Approved'),
  refused: msg('Forfeit Claim Refused'),
  decisionFailed: msg('Could not decide the claim. Please try again.'),
};

const teamName = (name: string | null, t: Translate) => name ?? t('A team');
const titleOf = (item: MatchQueueItem, t: Translate) => versusText(teamName(item.team1Name, t), teamName(item.team2Name, t), t);
const nameOf = (item: MatchQueueItem, teamId: string, t: Translate) => teamName(teamId === item.team1Id ? item.team1Name : item.team2Name, t);

/**
 * What waits on the organizer on Match Day (GET /api/tournaments/{id}/disputes, polled): disputed
 * reports (both captains' reports, the reason, the screenshots; rule or reopen) and forfeit claims
 * (approve or refuse). When a decision takes an item away, focus goes to the queue's heading.
 */
export function MatchQueueCard({
  bracket,
  mapPool,
  onSaved,
}: {
  bracket: Bracket;
  mapPool: readonly string[];
  onSaved: (outcome: MatchResultOutcome) => void;
}) {
  const t = useT();
  const queue = useQuery(matchQueueQuery(bracket.tournamentId));
  const heading = useRef<HTMLHeadingElement>(null);
  const hasDecided = useRef(false);
  const items = queue.data ?? [];
  const matches = new Map(
    [...bracket.rounds.flatMap((round) => round.matches), ...(bracket.thirdPlace ? [bracket.thirdPlace] : [])].map((match) => [match.id, match]),
  );
  const shown = items.map((item) => item.matchId).join();

  const focusHeadingIfLost = () => {
    const active = document.activeElement;
    if (hasDecided.current && (!active || active === document.body || !active.isConnected)) {
      hasDecided.current = false;
      heading.current?.focus();
    }
  };
  const decided = () => {
    hasDecided.current = true;
    // The item may already be gone (the queue was read again before the answer came back).
    requestAnimationFrame(focusHeadingIfLost);
  };
  // The decided item (and the dialog or button that had focus) is gone: the heading takes focus.
  useEffect(focusHeadingIfLost, [shown]);

  return (
    <Card data-testid="match-queue">
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="flex items-center gap-2 outline-none focus-visible:outline-2 focus-visible:outline-primary">
          {t(queueTexts.title)}
          {items.length > 0 && (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground" data-testid="match-queue-count">
              {items.length}
            </span>
          )}
        </CardTitle>
        <CardDescription>{t(queueTexts.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {queue.isPending ? (
          <Skeleton className="h-20" />
        ) : queue.isError ? (
          <p role="alert" className="text-sm text-red-400">
            {t(queueTexts.loadFailed)}
          </p>
        ) : (
          <>
            <p role="status" className="text-sm text-muted" data-testid="match-queue-status">
              {t(queueTexts.count, { count: items.length })}
            </p>
            {items.length > 0 && (
              <ul className="grid gap-4" aria-label={t(queueTexts.title)}>
                {items.map((item) => (
                  <li
                    key={`${item.kind}-${item.matchId}`}
                    data-testid="match-queue-item"
                    className="grid gap-3 rounded-xl border border-border bg-surface-2/40 p-4"
                  >
                    <h3 className="text-base font-bold">
                      <span className="mr-2 rounded-full bg-warning/20 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide">
                        {t(item.kind === 'dispute' ? queueTexts.disputed : queueTexts.forfeitClaim)}
                      </span>
                      {`${bracketNameText(item.label, t)}: ${titleOf(item, t)}`}
                    </h3>
                    {item.kind === 'dispute' ? (
                      <DisputeItem item={item} match={matches.get(item.matchId)} mapPool={mapPool} onSaved={onSaved} onDecided={decided} />
                    ) : (
                      <ForfeitClaimItem item={item} onDecided={decided} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DisputeItem({
  item,
  match,
  mapPool,
  onSaved,
  onDecided,
}: {
  item: MatchQueueItem;
  match: BracketMatch | undefined;
  mapPool: readonly string[];
  onSaved: (outcome: MatchResultOutcome) => void;
  onDecided: () => void;
}) {
  const t = useT();
  const { dayTimeZone } = useFormats();
  const may = useCan();
  const reopen = useReopenReport(item.matchId);
  const { report } = item;
  const dispute = report.dispute;
  const title = titleOf(item, t);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {report.reports.map((entry) => (
          <section
            key={entry.teamId}
            aria-label={t(queueTexts.teamReport, { team: nameOf(item, entry.teamId, t) })}
            className="rounded-lg border border-border p-3 text-sm"
            data-testid="queue-report"
          >
            <h4 className="font-semibold">{t(queueTexts.reportedBy, { team: nameOf(item, entry.teamId, t), at: dayTimeZone(entry.at) })}</h4>
            <p className="text-muted">{t(queueTexts.winner, { team: nameOf(item, entry.winnerTeamId, t) })}</p>
            <ul className="mt-1 grid gap-0.5">
              {entry.maps.map((map) => (
                <li key={map.map}>{`${map.map}: ${teamName(item.team1Name, t)} ${map.team1Rounds} – ${map.team2Rounds} ${teamName(item.team2Name, t)}`}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {dispute && (
        <div className="grid gap-2 text-sm">
          <p className="font-semibold">{t(queueTexts.disputedBy, { team: nameOf(item, dispute.teamId, t), at: dayTimeZone(dispute.at) })}</p>
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t(queueTexts.reason)}</p>
            <blockquote className="whitespace-pre-wrap break-words border-l-2 border-border pl-3" data-testid="queue-dispute-reason">
              {dispute.reason}
            </blockquote>
          </div>
          {dispute.evidence.length > 0 && (
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t(queueTexts.screenshots)}</p>
              <ul className="mt-1 flex flex-wrap gap-2">
                {dispute.evidence.map((url, index) => (
                  // By position: the same upload may be listed twice.
                  <li key={index}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noreferrer"
                      className="block overflow-hidden rounded-md border border-border focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <img src={url} alt={t(queueTexts.screenshotAlt, { number: index + 1, team: nameOf(item, dispute.teamId, t) })} className="h-20 w-32 object-cover" loading="lazy" />
                      <span className="sr-only">{` ${t(queueTexts.opensInNewTab)}`}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
      {may('results') && (
        <div className="flex flex-wrap gap-2">
          {match && (
            <ResultDialog
              match={match}
              mapPool={mapPool}
              ruling={{ reports: report.reports.map((entry) => ({ teamName: nameOf(item, entry.teamId, t), maps: entry.maps })) }}
              onSaved={(outcome) => {
                onDecided();
                onSaved(outcome);
              }}
            />
          )}
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm" aria-label={t(queueTexts.reopenLabel, { title })}>
                <RotateCcw aria-hidden />
                {t(queueTexts.reopen)}
              </Button>
            }
            title={t(queueTexts.reopenTitle)}
            description={t(queueTexts.reopenDescription, { title })}
            confirmLabel={t(queueTexts.reopen)}
            failureMessage={t(queueTexts.reopenFailed)}
            onConfirm={async () => {
              await reopen.mutateAsync(undefined);
              onDecided();
            }}
            onDone={() => toast({ title: t(queueTexts.reopened), description: title })}
          />
        </div>
      )}
    </>
  );
}

function ForfeitClaimItem({ item, onDecided }: { item: MatchQueueItem; onDecided: () => void }) {
  const t = useT();
  const { dayTimeZone } = useFormats();
  const may = useCan();
  const decide = useDecideForfeitClaim(item.matchId);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const claim = item.forfeitClaim!;
  const claimer = nameOf(item, claim.teamId, t);
  const opponent = nameOf(item, claim.teamId === item.team1Id ? item.team2Id : item.team1Id, t);

  const send = (approve: boolean) => {
    setProblem(null);
    onDecided();
    // Awaited: the decided item (and this component) goes once the queue is read again; the toast still follows.
    decide.mutateAsync({ approve, note: note.trim() || null }).then(
      () => {
        onDecided();
        toast({ title: t(approve ? queueTexts.approved : queueTexts.refused), description: titleOf(item, t) });
      },
      (error: unknown) => setProblem((error instanceof HttpError && error.status < 500 && error.serverMessage) || queueTexts.decisionFailed),
    );
  };

  return (
    <>
      <div className="grid gap-1 text-sm">
        <p>{t(queueTexts.claims, { team: claimer, opponent })}</p>
        <p className="text-muted">{t(queueTexts.claimedAt, { at: dayTimeZone(claim.at) })}</p>
      </div>
      {may('results') && (
        <div className="grid gap-3">
          <FormField label={t(queueTexts.claimNote)}>
            <Textarea value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} rows={2} />
          </FormField>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-400">
              {t(problem)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" disabled={decide.isPending} onClick={() => send(true)} aria-label={`${t(queueTexts.approve)}: ${claimer}`}>
              {decide.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Check aria-hidden />}
              {t(queueTexts.approve)}
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={decide.isPending}
              onClick={() => send(false)}
              aria-label={`${t(queueTexts.refuse)}: ${claimer}`}
            >
              <X aria-hidden />
              {t(queueTexts.refuse)}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
