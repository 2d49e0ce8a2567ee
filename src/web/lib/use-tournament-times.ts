import { checkInWindow } from '../../shared/check-in';
import { formatDayTimeZone, formatWindow } from '../../shared/dates';
import type { Tournament } from '../../shared/schemas/tournament';
import { useDisplayTimeZone } from './use-now';

/** When the tournament starts and when its captains check in, in the reader's zone with the zone named (UTC in the served HTML). */
export function useTournamentTimes(tournament: Tournament): { start: string; checkIn: string; checkInClosesAt: string } {
  const zone = useDisplayTimeZone();
  const { opensAt, closesAt } = checkInWindow(tournament);
  return {
    start: formatDayTimeZone(tournament.tournamentDate, zone),
    checkIn: tournament.checkInEnabled === false ? 'No check-in: every confirmed team plays' : formatWindow(opensAt, closesAt, zone),
    checkInClosesAt: formatDayTimeZone(closesAt, zone),
  };
}
