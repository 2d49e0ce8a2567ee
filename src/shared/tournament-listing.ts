import { msg } from './i18n/msg.js';
import { inEnglish, type Translate } from './in-english.js';
import { formatMoney } from './money.js';
import type { ListingGroup } from './schemas/tournament-page.js';
import type { Tournament } from './schemas/tournament.js';
import type { TournamentPhase } from './tournament-phase.js';

/** A cup whose date passed this long ago without a bracket is over (nobody will play it any more). */
const staleAfterMs = 24 * 3_600_000;

/**
 * Where a cup is listed on /tournaments: live (taking registrations, checking in or being played),
 * upcoming (announced, registration not open or closed before the day), or past (finished,
 * cancelled, or its day long gone).
 */
export function listingGroupOf(phase: TournamentPhase, tournamentDate: string, at: Date): ListingGroup {
  if (phase === 'completed' || phase === 'cancelled') return 'past';
  if (phase === 'registration_open' || phase === 'check_in' || phase === 'running') return 'live';
  return Date.parse(tournamentDate) + staleAfterMs < at.getTime() ? 'past' : 'upcoming';
}

const groupOrder: Record<ListingGroup, number> = { live: 0, upcoming: 1, past: 2 };

/** Live and upcoming cups soonest first; past cups the most recent first. */
export function compareListed(a: { group: ListingGroup; tournamentDate: string; id: string }, b: { group: ListingGroup; tournamentDate: string; id: string }): number {
  if (a.group !== b.group) return groupOrder[a.group] - groupOrder[b.group];
  const byDate = Date.parse(a.tournamentDate) - Date.parse(b.tournamentDate);
  if (byDate !== 0) return a.group === 'past' ? -byDate : byDate;
  return a.id < b.id ? -1 : 1;
}

/** What a cup's status is called on its page and in the listing. */
export const cupStatusLabels: Record<TournamentPhase, string> = {
  draft: msg('Upcoming'),
  registration_open: msg('Registration Open'),
  registration_closed: msg('Registration Closed'),
  check_in: msg('Check-in'),
  running: msg('Live'),
  completed: msg('Completed'),
  cancelled: msg('Cancelled'),
};

export const listingGroupTitles: Record<ListingGroup, string> = { live: msg('Live & Open'), upcoming: msg('Upcoming'), past: msg('Past Cups') };

/**
 * A cup's link preview: its status, prize pool and entry fee, and its champion once decided. In
 * English unless the caller passes the reader's `t` (and `locale`, for the amounts).
 */
export function cupDescription(cup: Pick<Tournament, 'phase' | 'prizePool' | 'entryFee' | 'currency' | 'champion'>, t: Translate = inEnglish, locale?: string): string {
  const status = cup.phase ? `${t(cupStatusLabels[cup.phase])}.` : '';
  const money = t('{prizePool} prize pool, {entryFee} entry per team.', {
    prizePool: formatMoney(cup.prizePool, cup.currency, locale),
    entryFee: formatMoney(cup.entryFee, cup.currency, locale),
  });
  const champion = cup.champion ? t('Champion: {team}.', { team: cup.champion.teamName }) : '';
  return [status, money, champion].filter(Boolean).join(' ');
}
