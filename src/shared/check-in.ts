import { msg } from './i18n/msg.js';

/** Default window: from 60 minutes before the start to the start. */
export const defaultCheckInMinutes = 60;

export interface CheckInSettings {
  tournamentDate: string | Date;
  checkInEnabled?: boolean;
  checkInOpensAt?: string | Date | null;
  checkInClosesAt?: string | Date | null;
}

const toDate = (value: string | Date) => new Date(value);

/** When captains can check in: the tournament's own times, or the default window before the start. */
export function checkInWindow(tournament: CheckInSettings): { opensAt: Date; closesAt: Date } {
  const start = toDate(tournament.tournamentDate);
  const closesAt = tournament.checkInClosesAt ? toDate(tournament.checkInClosesAt) : start;
  const opensAt = tournament.checkInOpensAt ? toDate(tournament.checkInOpensAt) : new Date(start.getTime() - defaultCheckInMinutes * 60_000);
  return { opensAt, closesAt };
}

export const checkInStates = ['off', 'not_open', 'open', 'closed'] as const;
export type CheckInState = (typeof checkInStates)[number];

export function checkInState(tournament: CheckInSettings, at: Date): CheckInState {
  if (tournament.checkInEnabled === false) return 'off';
  const { opensAt, closesAt } = checkInWindow(tournament);
  if (at.getTime() < opensAt.getTime()) return 'not_open';
  return at.getTime() < closesAt.getTime() ? 'open' : 'closed';
}

/** What the captain and the organizer are told when a check-in is refused. */
export const checkInMessages = {
  notOpen: msg('Check-in is not open yet'),
  closed: msg('Check-in has closed'),
  off: msg('This tournament has no check-in'),
  notConfirmed: msg('Only confirmed teams can check in'),
  bracketDrawn: msg('The bracket is drawn: check-ins can no longer be undone'),
  captainCheckedIn: msg("The captain checked this team in: only the organizer's own check-in can be undone"),
} as const;
