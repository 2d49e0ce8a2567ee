import { checkInState, type CheckInSettings } from './check-in.js';
import { msg } from './i18n/msg.js';

/**
 * A tournament's phase: derived, never stored, from its row, the clock and its bracket. The rules
 * every service asks ("does it take registrations now", "is it cancelled", "is check-in open")
 * live here once; src/server/tournaments/phase.ts is the only writer of the columns they read.
 */
export const tournamentPhases = ['draft', 'registration_open', 'registration_closed', 'check_in', 'running', 'completed', 'cancelled'] as const;
export type TournamentPhase = (typeof tournamentPhases)[number];

/** How far the bracket went: none drawn, drawn (results being entered), or decided (the champions recorded). */
export type BracketProgress = 'none' | 'drawn' | 'decided';

type When = string | Date;

/** The columns a phase is read from; rows (dates) and the API's tournaments (ISO strings) both fit. */
export interface PhaseFacts extends CheckInSettings {
  /**
   * 'active': the featured tournament, the one the home page, /register and GET /api/tournaments/active
   * show (one at a time). Several tournaments may take registrations or be live at once: being
   * featured is what the site puts forward, not what it sells.
   */
  status: string;
  /** The organizer's registration switch. */
  registrationOpen: boolean;
  registrationCloses: When;
  cancelledAt: When | null;
  /** Absent on the API's tournaments: a deleted one is never served. */
  deletedAt?: When | null;
  rosterLocksAt?: When | null;
}

const time = (value: When) => new Date(value).getTime();

/** Why a registration is refused, in the order it is checked (the first that applies). */
export type RegistrationRefusal = 'cancelled' | 'not_live' | 'switched_off' | 'past_deadline';

/** Cancelled by the organizer (cancelled_at): registration closed for good and every paid team refunded. */
export const isCancelled = (tournament: Pick<PhaseFacts, 'cancelledAt'>): boolean => tournament.cancelledAt != null;

/** Cancelled or deleted: the organizer called it off, nothing is sold, a captain's payment cannot resume. */
export const isCancelledOrDeleted = (tournament: Pick<PhaseFacts, 'cancelledAt' | 'deletedAt'>): boolean =>
  tournament.cancelledAt != null || tournament.deletedAt != null;

/** The organizer's registration switch is on, the close date aside (what the home page's description says). */
export const isSwitchedOpen = (tournament: Pick<PhaseFacts, 'registrationOpen'>): boolean => tournament.registrationOpen;

/** Registration reached its close date with the switch still on: closed by the date, not by the organizer. */
export const isClosedByDate = (tournament: Pick<PhaseFacts, 'registrationOpen' | 'registrationCloses'>, at: Date): boolean =>
  tournament.registrationOpen && time(tournament.registrationCloses) <= at.getTime();

/** The featured tournament with its switch on and not cancelled, the close date aside: Discord announces this opening. */
export const isAnnouncedOpen = (tournament: Pick<PhaseFacts, 'status' | 'registrationOpen' | 'cancelledAt'> | null): boolean =>
  !!tournament && tournament.status === 'active' && tournament.registrationOpen && !isCancelled(tournament);

/** Whether the tournament is featured (status 'active'): the one the home page and /register put forward. */
export const isFeatured = (tournament: Pick<PhaseFacts, 'status'>): boolean => tournament.status === 'active';

/**
 * Why a registration (a new team, a waitlist join, an offer made or claimed) is refused at `at`;
 * null: it is taken. Any tournament may take registrations, featured or not ('not_live': deleted).
 */
export function registrationRefusal(
  tournament: Pick<PhaseFacts, 'registrationOpen' | 'registrationCloses' | 'cancelledAt' | 'deletedAt'>,
  at: Date,
): RegistrationRefusal | null {
  if (isCancelled(tournament)) return 'cancelled';
  if (tournament.deletedAt != null) return 'not_live';
  if (!tournament.registrationOpen) return 'switched_off';
  if (time(tournament.registrationCloses) <= at.getTime()) return 'past_deadline';
  return null;
}

/**
 * Whether the tournament takes registrations at `at`: not deleted nor cancelled, switched on, before
 * its close (featured or not: several tournaments take registrations at once). A bracket does not close it by itself: drawing one switches registration off, and an
 * organizer who switches it on again opens it again. (SQL twin: server/tournaments/phase.ts `takesRegistrationsSql`.)
 */
export const takesRegistrations = (tournament: Parameters<typeof registrationRefusal>[0], at: Date): boolean => registrationRefusal(tournament, at) === null;

/**
 * A payment that arrives after its hold expired buys the place back only while the switch is on
 * and no bracket is drawn (the live status and the close date are not asked: a captain who paid
 * just late still plays while the organizer keeps registration on).
 */
export const readmitsLatePayment = (tournament: Pick<PhaseFacts, 'registrationOpen' | 'cancelledAt' | 'deletedAt'>, { hasBracket }: { hasBracket: boolean }): boolean =>
  !isCancelledOrDeleted(tournament) && tournament.registrationOpen && !hasBracket;

/** Captains change their Riot IDs until the organizer's roster lock, by default registration close. */
export const rosterLocksAt = (tournament: Pick<PhaseFacts, 'rosterLocksAt' | 'registrationCloses'>): Date => new Date(tournament.rosterLocksAt ?? tournament.registrationCloses);

/**
 * Drawing the bracket fixes the field: check-in, roster changes and withdrawals end with it (a
 * team that checked in later would not be in the bracket; one that left would leave a hole in it).
 */
export const isFieldFixed = (bracket: BracketProgress): boolean => bracket !== 'none';

/** Why check-in, a roster change or a withdrawal is refused once the bracket is drawn. */
export const fieldFixedMessages = {
  checkIn: msg('Check-in has closed: the bracket has been drawn'),
  roster: msg('The roster is locked: the bracket has been drawn'),
  withdrawal: msg('The bracket has been drawn: teams can no longer withdraw'),
} as const;

/** Locked at the organizer's lock (by default registration close) or at the draw, whichever comes first. */
export const isRosterLocked = (tournament: Pick<PhaseFacts, 'rosterLocksAt' | 'registrationCloses'>, at: Date, bracket: BracketProgress = 'none'): boolean =>
  isFieldFixed(bracket) || at.getTime() >= rosterLocksAt(tournament).getTime();

/** Captains (and the organizer) can check teams in now: the window of shared/check-in.ts is open and no bracket is drawn. */
export const isCheckInOpen = (tournament: CheckInSettings, at: Date, bracket: BracketProgress = 'none'): boolean =>
  !isFieldFixed(bracket) && checkInState(tournament, at) === 'open';

/** A team (holding its place or waiting) may withdraw until the draw. */
export const takesWithdrawals = (bracket: BracketProgress): boolean => !isFieldFixed(bracket);

/**
 * The tournament's day: staff (without `anyTournament`) check teams in and enter results on every
 * tournament in check-in or running, besides the featured one (server/auth/event-day-scope.ts).
 */
export const isOnTheDay = (phase: TournamentPhase): boolean => phase === 'check_in' || phase === 'running';

/** What a phase lets people do: yes, no, or only under the condition given. */
export type Allowance = 'yes' | 'no' | { only: string };

export interface PhaseRow {
  phase: TournamentPhase;
  /** Checked in the table's order: the first row that matches is the phase. */
  recognisedBy: string;
  allows: {
    /** A new team, a waitlist join, a waitlist offer made or claimed (`takesRegistrations`). */
    registrations: Allowance;
    /** A payment after its hold expired buys the place back (`readmitsLatePayment`). */
    latePaymentReadmission: Allowance;
    /** A captain changes the Riot IDs (`isRosterLocked`), while the team holds its place. */
    rosterChanges: Allowance;
    /** A confirmed team checks in (`isCheckInOpen`; the organizer may also before it opens). */
    checkIn: Allowance;
    /** A captain withdraws the team (`takesWithdrawals`). */
    withdrawal: Allowance;
  };
}

const untilRosterLock: Allowance = { only: 'until the roster lock (roster_locks_at, by default registration close) or the draw' };
const inCheckInWindow: Allowance = { only: 'while the check-in window is open and no bracket is drawn' };
const untilTheDraw: Allowance = { only: 'until a bracket is drawn' };
const whileSwitchOnWithoutBracket: Allowance = { only: 'while the registration switch is on' };

/**
 * The phase table, in the order phases are recognised. The allowances are what the code does:
 * roster changes and check-in follow their own windows rather than the phase (a cancelled
 * tournament has no team left to act), and late payments follow the switch. The draw ends
 * check-in, roster changes and withdrawals (`isFieldFixed`), also when the organizer switched
 * registration on again afterwards (the phase then reads registration_open).
 */
export const phaseTable: readonly PhaseRow[] = [
  {
    phase: 'cancelled',
    recognisedBy: 'cancelled_at set (or the tournament deleted)',
    allows: { registrations: 'no', latePaymentReadmission: 'no', rosterChanges: 'no', checkIn: 'no', withdrawal: 'no' },
  },
  {
    phase: 'registration_open',
    recognisedBy: 'not cancelled or deleted, registration switched on, before registration_closes (featured or not)',
    allows: { registrations: 'yes', latePaymentReadmission: { only: 'while no bracket is drawn' }, rosterChanges: untilRosterLock, checkIn: inCheckInWindow, withdrawal: untilTheDraw },
  },
  {
    phase: 'completed',
    recognisedBy: "the bracket's champions recorded (brackets.confirmed_at)",
    allows: { registrations: 'no', latePaymentReadmission: 'no', rosterChanges: 'no', checkIn: 'no', withdrawal: 'no' },
  },
  {
    phase: 'running',
    recognisedBy: 'a bracket drawn (a row in brackets)',
    allows: { registrations: 'no', latePaymentReadmission: 'no', rosterChanges: 'no', checkIn: 'no', withdrawal: 'no' },
  },
  {
    phase: 'check_in',
    recognisedBy: 'the check-in window open (check_in_enabled, check_in_opens_at to check_in_closes_at)',
    allows: { registrations: 'no', latePaymentReadmission: whileSwitchOnWithoutBracket, rosterChanges: untilRosterLock, checkIn: 'yes', withdrawal: 'yes' },
  },
  {
    phase: 'draft',
    recognisedBy: 'not featured (status inactive), registration switched off, before registration_closes: not opened yet',
    allows: { registrations: 'no', latePaymentReadmission: 'no', rosterChanges: untilRosterLock, checkIn: 'no', withdrawal: 'yes' },
  },
  {
    phase: 'registration_closed',
    recognisedBy: 'anything else: registration switched off, or past registration_closes',
    allows: { registrations: 'no', latePaymentReadmission: whileSwitchOnWithoutBracket, rosterChanges: untilRosterLock, checkIn: 'no', withdrawal: 'yes' },
  },
];

const recognises: Record<TournamentPhase, (tournament: PhaseFacts, at: Date, bracket: BracketProgress) => boolean> = {
  cancelled: (t) => isCancelledOrDeleted(t),
  registration_open: (t, at) => takesRegistrations(t, at),
  completed: (_t, _at, bracket) => bracket === 'decided',
  running: (_t, _at, bracket) => bracket === 'drawn',
  check_in: (t, at) => isCheckInOpen(t, at),
  draft: (t, at) => !isFeatured(t) && !t.registrationOpen && time(t.registrationCloses) > at.getTime(),
  registration_closed: () => true,
};

/** The tournament's phase at `at`: the first row of `phaseTable` that recognises it. */
export function phaseOf(tournament: PhaseFacts, at: Date, bracket: BracketProgress = 'none'): TournamentPhase {
  return phaseTable.find((row) => recognises[row.phase](tournament, at, bracket))!.phase;
}
