import { useQuery } from '@tanstack/react-query';
import { Loader2, Undo2, UserCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { checkInState, checkInWindow, type CheckInState } from '../../../../shared/check-in';
import { msg } from '../../../../shared/i18n/msg';
import type { Team } from '../../../../shared/schemas/team';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { HttpError } from '../../../api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { toast } from '../../../components/ui/use-toast';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';
import { focusWithin } from '../../../lib/focus';
import { useCheckInTeam, useUndoCheckIn } from './queries';
import { bracketQuery, teamsQuery } from '../../../queries/public';

const stateLabels: Record<CheckInState, string> = { off: msg('Off'), not_open: msg('Not open yet'), open: msg('Open'), closed: msg('Closed') };

/** A refusal's reason as the API says it (the server's message when it gives one): shown with `t`. */
const reasonOf = (error: Error) => (error instanceof HttpError ? (error.serverMessage ?? error.message) : error.message);

const isConfirmed = (team: Team) => team.paymentStatus === 'completed' || team.paymentStatus === 'partially_refunded';

/** Who has checked in for the live tournament; the organizer can check a team in until the close. */
export function CheckInCard({ tournament }: { tournament: Tournament }) {
  const t = useT();
  const { dateTime } = useFormats();
  const teams = useQuery(teamsQuery(tournament.id));
  const checkIn = useCheckInTeam();
  const undo = useUndoCheckIn();
  // The bracket is drawn from the checked-in teams: after that a check-in stays.
  const bracket = useQuery(bracketQuery(tournament.id));
  const mayUndo = (team: Team) => team.checkedInBy !== 'captain' && bracket.isSuccess && bracket.data === null && state !== 'closed';
  const state = checkInState(tournament, new Date());
  const { opensAt, closesAt } = checkInWindow(tournament);
  const confirmed = (teams.data ?? []).filter(isConfirmed);
  const checkedIn = confirmed.filter((team) => team.checkedInAt).length;
  // After the close a team that did not check in is a no-show, whether or not the sweep has written it yet.
  const isNoShow = (team: Team) => !!team.noShowAt || (state === 'closed' && !team.checkedInAt);
  // The button used goes away with the check-in: focus moves on to the next team's, or to the count.
  // Done once the count has moved on from the click's and the buttons are enabled again.
  const card = useRef<HTMLDivElement>(null);
  const countAtClick = useRef<number | null>(null);
  useEffect(() => {
    if (countAtClick.current === null || checkIn.isPending || checkedIn === countAtClick.current) return;
    countAtClick.current = null;
    // Only when focus was lost with the button, or is still in this card: never taken from elsewhere.
    const focus = document.activeElement;
    if (focus && focus !== document.body && !card.current?.contains(focus)) return;
    if (!focusWithin(card.current, 'ul button[data-action="check-in"]')) focusWithin(card.current, '[data-testid="check-in-count"]');
  }, [checkedIn, checkIn.isPending]);

  return (
    <TableCard
      ref={card}
      title={t('Check-in')}
      description={
        state === 'off'
          ? t('Check-in is off for this tournament: every confirmed team plays.')
          : t('Opens {opens}, closes {closes}.', { opens: dateTime(opensAt), closes: dateTime(closesAt) })
      }
      actions={<Badge variant={state === 'open' ? 'success' : 'secondary'}>{t('Check-in: {state}', { state: t(stateLabels[state]) })}</Badge>}
      contentClassName="grid gap-3"
    >
      {state !== 'off' && (
        <>
          <p className="text-sm font-semibold" data-testid="check-in-count">
            {t('{checkedIn} of {total} confirmed teams checked in', { checkedIn, total: confirmed.length })}
          </p>
          <ul className="grid gap-2" aria-label={t('Check-in by team')}>
            {confirmed.map((team) => (
              <li
                key={team.id}
                data-testid="check-in-row"
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface-2/40 px-3 py-2 text-sm"
              >
                <span className="min-w-0 flex-1 break-words font-semibold" data-testid="check-in-team-name">
                  {team.name}
                </span>
                {team.checkedInAt ? (
                  <>
                    <Badge variant="success">{team.checkedInBy === 'captain' ? t('Checked in by the captain') : t('Checked in by the organizer')}</Badge>
                    {mayUndo(team) && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={t('Undo check-in of {team}', { team: team.name })}
                        disabled={undo.isPending}
                        onClick={() =>
                          undo.mutate(team.id, {
                            onSuccess: () => toast({ title: t('Check-in Undone'), description: t('{team} is no longer checked in.', { team: team.name }) }),
                            onError: (error) => toast({ title: t('Could Not Undo'), description: t(reasonOf(error)), variant: 'destructive' }),
                          })
                        }
                      >
                        {undo.isPending && undo.variables === team.id ? <Loader2 aria-hidden className="animate-spin" /> : <Undo2 aria-hidden />}
                        {t('Undo')}
                      </Button>
                    )}
                  </>
                ) : isNoShow(team) ? (
                  <Badge variant="warning">{t('No-show')}</Badge>
                ) : (
                  <>
                    <Badge variant="secondary">{t('Not checked in')}</Badge>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('Check in {team}', { team: team.name })}
                      data-action="check-in"
                      disabled={checkIn.isPending}
                      onClick={() => {
                        countAtClick.current = checkedIn;
                        checkIn.mutate(team.id, {
                          onSuccess: () => toast({ title: t('Checked In'), description: t('{team} is checked in.', { team: team.name }) }),
                          onError: (error) => {
                            countAtClick.current = null;
                            toast({
                              title: t('Could Not Check In'),
                              description: t(reasonOf(error)),
                              variant: 'destructive',
                            });
                          },
                        });
                      }}
                    >
                      {checkIn.isPending && checkIn.variables === team.id ? <Loader2 aria-hidden className="animate-spin" /> : <UserCheck aria-hidden />}
                      {t('Check In')}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </TableCard>
  );
}
