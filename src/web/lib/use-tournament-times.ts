import { checkInWindow } from '../../shared/check-in';
import type { Tournament } from '../../shared/schemas/tournament';
import { useOrganizerTimeZone, useT } from '../i18n/i18n';
import { useFormats } from '../i18n/use-formats';
import { useDisplayTimeZone } from './use-now';

/** The zone a page's times are read in: the one given, else the reader's own. */
const zoneOf = (zone: string | undefined) => zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * When the tournament starts and when its captains check in, in the reader's zone with the zone
 * named (UTC in the served HTML), in the page's language; and the start in the organizer's zone
 * (Settings) when it is another: `organizerStart`, null otherwise.
 */
export function useTournamentTimes(tournament: Tournament): { start: string; checkIn: string; checkInClosesAt: string; organizerStart: string | null } {
  const t = useT();
  const formats = useFormats();
  const zone = useDisplayTimeZone();
  const organizerZone = useOrganizerTimeZone();
  const { opensAt, closesAt } = checkInWindow(tournament);
  const start = formats.dayTimeZone(tournament.tournamentDate, zone);
  const organizerStart = formats.dayTimeZone(tournament.tournamentDate, organizerZone);
  return {
    start,
    checkIn: tournament.checkInEnabled === false ? t('No check-in: every confirmed team plays') : formats.window(opensAt, closesAt, zone),
    checkInClosesAt: formats.dayTimeZone(closesAt, zone),
    // Two zones with the same clock (UTC and London in winter) read the same: said once.
    organizerStart: zoneOf(zone) === organizerZone || organizerStart === start ? null : t("Organizer's time: {time}", { time: organizerStart }),
  };
}
