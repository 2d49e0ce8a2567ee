import { useQuery } from '@tanstack/react-query';
import { Loader2, Undo2, UserCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { checkInState, checkInWindow, type CheckInState } from '../../../../shared/check-in';
import { formatDateTime } from '../../../../shared/dates';
import type { Team } from '../../../../shared/schemas/team';
import type { Tournament } from '../../../../shared/schemas/tournament';
import { HttpError } from '../../../api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { toast } from '../../../components/ui/use-toast';
import { focusWithin } from '../../../lib/focus';
import { useCheckInTeam, useUndoCheckIn } from './queries';
import { bracketQuery, teamsQuery } from '../../../queries/public';

const stateLabels: Record<CheckInState, string> = { off: 'Off', not_open: 'Not open yet', open: 'Open', closed: 'Closed' };

const isConfirmed = (team: Team) => team.paymentStatus === 'completed' || team.paymentStatus === 'partially_refunded';

/** Who has checked in for the live tournament; the organizer can check a team in until the close. */
export function CheckInCard({ tournament }: { tournament: Tournament }) {
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
    if (!focusWithin(card.current, 'ul button[aria-label^="Check in "]')) focusWithin(card.current, '[data-testid="check-in-count"]');
  }, [checkedIn, checkIn.isPending]);

  return (
    <TableCard
      ref={card}
      title="Check-in"
      description={
        state === 'off'
          ? 'Check-in is off for this tournament: every confirmed team plays.'
          : `Opens ${formatDateTime(opensAt)}, closes ${formatDateTime(closesAt)}.`
      }
      actions={<Badge variant={state === 'open' ? 'success' : 'secondary'}>{`Check-in: ${stateLabels[state]}`}</Badge>}
      contentClassName="grid gap-3"
    >
      {state !== 'off' && (
        <>
          <p className="text-sm font-semibold" data-testid="check-in-count">{`${checkedIn} of ${confirmed.length} confirmed teams checked in`}</p>
          <ul className="grid gap-2" aria-label="Check-in by team">
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
                    <Badge variant="success">{team.checkedInBy === 'captain' ? 'Checked in by the captain' : 'Checked in by the organizer'}</Badge>
                    {mayUndo(team) && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Undo check-in of ${team.name}`}
                        disabled={undo.isPending}
                        onClick={() =>
                          undo.mutate(team.id, {
                            onSuccess: () => toast({ title: 'Check-in Undone', description: `${team.name} is no longer checked in.` }),
                            onError: (error) =>
                              toast({ title: 'Could Not Undo', description: error instanceof HttpError ? (error.serverMessage ?? error.message) : error.message, variant: 'destructive' }),
                          })
                        }
                      >
                        {undo.isPending && undo.variables === team.id ? <Loader2 aria-hidden className="animate-spin" /> : <Undo2 aria-hidden />}
                        Undo
                      </Button>
                    )}
                  </>
                ) : isNoShow(team) ? (
                  <Badge variant="warning">No-show</Badge>
                ) : (
                  <>
                    <Badge variant="secondary">Not checked in</Badge>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Check in ${team.name}`}
                      disabled={checkIn.isPending}
                      onClick={() => {
                        countAtClick.current = checkedIn;
                        checkIn.mutate(team.id, {
                          onSuccess: () => toast({ title: 'Checked In', description: `${team.name} is checked in.` }),
                          onError: (error) => {
                            countAtClick.current = null;
                            toast({
                              title: 'Could Not Check In',
                              description: error instanceof HttpError ? (error.serverMessage ?? error.message) : error.message,
                              variant: 'destructive',
                            });
                          },
                        });
                      }}
                    >
                      {checkIn.isPending && checkIn.variables === team.id ? <Loader2 aria-hidden className="animate-spin" /> : <UserCheck aria-hidden />}
                      Check In
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
