import type { Champion } from './schemas/champion.js';
import { isConfirmedStatus } from './confirmed-status.js';
import type { Team } from './schemas/team.js';
import type { Tournament } from './schemas/tournament.js';
import { phaseOf, takesRegistrations, type TournamentPhase } from './tournament-phase.js';
import { msg } from './i18n/msg.js';

/** The home page shows at most 6 team cards. */
export const HOME_TEAM_LIMIT = 6;
/** A team card previews the first 3 players, then '+N more players'. */
export const ROSTER_PREVIEW = 3;
/** The 'Players' quick stat estimates 7 per team (5 players and 2 substitutes). */
export const PLAYERS_PER_TEAM_ESTIMATE = 7;

export function estimatedPlayers(teamCount: number): number {
  return teamCount * PLAYERS_PER_TEAM_ESTIMATE;
}

/** The first players of a roster and how many are left out ('+N more players'). */
export function rosterPreview<T>(players: readonly T[], limit = ROSTER_PREVIEW): { shown: T[]; moreCount: number } {
  return { shown: players.slice(0, limit), moreCount: Math.max(0, players.length - limit) };
}

/** Spec wording, kept as is for every N. */
export function morePlayersLabel(count: number): string {
  return `+${count} more players`;
}

export type PublicPaymentStatus = 'Confirmed' | 'Failed' | 'Pending';

/** Confirmed by the server's rule (paid, or refunded in part), failed is Failed, anything else Pending. */
export function publicPaymentStatus(status: Team['paymentStatus'] | string): PublicPaymentStatus {
  if (isConfirmedStatus(status)) return 'Confirmed';
  if (status === 'failed') return 'Failed';
  return 'Pending';
}

/** Hall of fame lists winners only, the most recent tournament first. */
export function firstPlaceChampions(champions: readonly Champion[]): Champion[] {
  return champions.filter((c) => c.placement === 1).sort((a, b) => Date.parse(b.tournamentDate) - Date.parse(a.tournamentDate));
}

/** The home page's 'Previous Champions': the latest first-place champion by tournament date. */
export function latestChampion(champions: readonly Champion[]): Champion | null {
  return firstPlaceChampions(champions)[0] ?? null;
}

/** The hero highlights the tournament name's first word. */
export function splitFirstWord(text: string): { first: string; rest: string } {
  const trimmed = text.trim();
  const match = /^(\S+)(\s+[\s\S]*)?$/.exec(trimmed);
  return { first: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/**
 * Whether a visitor can register now: the phase module's rule (live, not cancelled, switched on,
 * before the close). The server re-checks it, and capacity, when the team is created.
 */
export function isAcceptingRegistrations(tournament: Pick<Tournament, 'status' | 'registrationOpen' | 'registrationCloses' | 'cancelledAt'>, now: Date): boolean {
  return takesRegistrations(tournament, now);
}

/** The live tournament's phase at `now`, from the bracket progress its public read carries. */
export function publicPhase(tournament: Tournament, now: Date): TournamentPhase {
  return phaseOf(tournament, now, tournament.bracketProgress ?? (tournament.hasBracket ? 'drawn' : 'none'));
}

/** What each phase is called on the site and in the admin. */
export const phaseLabels: Record<TournamentPhase, string> = {
  draft: msg('Not live'),
  registration_open: msg('Registration Open'),
  registration_closed: msg('Registration Closed'),
  check_in: msg('Check-in Open'),
  running: msg('In Progress'),
  completed: msg('Finished'),
  cancelled: msg('Cancelled'),
};

/** Every spot taken while registration is open: new teams join the waitlist. */
export const fullWaitlistLabel = msg('Full — waitlist open');

/**
 * The home page's badge: the phase, except that a full tournament still taking registrations is
 * 'Full — waitlist open' (registration is not closed: the waitlist takes teams).
 */
export function registrationBadge(phase: TournamentPhase, isFull: boolean): { label: string; tone: 'open' | 'closed' | 'neutral' } {
  if (phase === 'registration_open') return isFull ? { label: fullWaitlistLabel, tone: 'closed' } : { label: phaseLabels.registration_open, tone: 'open' };
  if (phase === 'check_in' || phase === 'running') return { label: phaseLabels[phase], tone: 'open' };
  if (phase === 'completed') return { label: phaseLabels.completed, tone: 'neutral' };
  return { label: phase === 'cancelled' ? phaseLabels.cancelled : phaseLabels.registration_closed, tone: 'closed' };
}
