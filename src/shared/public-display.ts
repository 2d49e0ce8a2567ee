import type { Champion } from './schemas/champion.js';
import { isConfirmedStatus, type Team } from './schemas/team.js';
import type { Tournament } from './schemas/tournament.js';

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
 * Whether a visitor can register now: the organizer opened registration and the close date has
 * not passed. (The server re-checks this, and capacity, when the team is created.)
 */
export function isAcceptingRegistrations(tournament: Pick<Tournament, 'registrationOpen' | 'registrationCloses'>, now: Date): boolean {
  if (!tournament.registrationOpen) return false;
  const closes = Date.parse(tournament.registrationCloses);
  return Number.isNaN(closes) || closes > now.getTime();
}
