import { checkInWindow } from '../../shared/check-in';
import type { Tournament } from '../../shared/schemas/tournament';
import { useT } from '../i18n/i18n';
import { useFormats } from '../i18n/use-formats';
import { useDisplayTimeZone } from './use-now';

/** When the tournament starts and when its captains check in, in the reader's zone with the zone named (UTC in the served HTML), in the page's language. */
export function useTournamentTimes(tournament: Tournament): { start: string; checkIn: string; checkInClosesAt: string } {
  const t = useT();
  const formats = useFormats();
  const zone = useDisplayTimeZone();
  const { opensAt, closesAt } = checkInWindow(tournament);
  return {
    start: formats.dayTimeZone(tournament.tournamentDate, zone),
    checkIn: tournament.checkInEnabled === false ? t('No check-in: every confirmed team plays') : formats.window(opensAt, closesAt, zone),
    checkInClosesAt: formats.dayTimeZone(closesAt, zone),
  };
}
