import { asc, eq } from 'drizzle-orm';
import type { DerivedMatch } from '../../shared/bracket/derive-bracket.js';
import { eventMatches, playoffKeyPrefix, type DerivedEvent } from '../../shared/bracket/event.js';
import type { CupStanding } from '../../shared/schemas/team-page.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, matches } from '../db/schema.js';
import { deriveFromRows } from '../matches/match-view.js';

/**
 * Where a team stands in its tournament's bracket, for its team page: not in it, still playing,
 * out (and in which round), or placed (1, 2 or 3) once the final is decided. Null while no
 * bracket is drawn: the team page then reads the team's own state (registered, checked in).
 */
export async function bracketStandingOf(executor: Db | Tx, tournamentId: string, teamId: string): Promise<CupStanding['bracket']> {
  const [bracket] = await executor.select().from(brackets).where(eq(brackets.tournamentId, tournamentId));
  if (!bracket) return null;
  if (!bracket.teamIds.includes(teamId)) return { result: 'not_in_bracket', placement: null, roundName: null };
  const rows = await executor.select().from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(asc(matches.key));
  const derived = deriveFromRows(bracket, rows);
  if (derived.format !== 'single_elimination') return formatStandingOf(derived, teamId);
  const final = derived.rounds[derived.rounds.length - 1].matches[0];
  const third = derived.thirdPlace;
  const loserOf = (match: DerivedMatch) => (match.winnerTeamId === null ? null : match.winnerTeamId === match.team1Id ? match.team2Id : match.team1Id);
  if (final.winnerTeamId === teamId) return { result: 'champion', placement: 1, roundName: null };
  if (loserOf(final) === teamId) return { result: 'placed', placement: 2, roundName: null };
  if (third && (third.team1Id === teamId || third.team2Id === teamId)) {
    if (third.winnerTeamId === null) return { result: 'playing', placement: null, roundName: null };
    return { result: 'placed', placement: third.winnerTeamId === teamId ? 3 : 4, roundName: null };
  }
  // Without a third-place match, both semi-final losers share third place once the final is decided.
  const semis = derived.rounds.length >= 2 ? derived.rounds[derived.rounds.length - 2].matches : [];
  if (!third && final.winnerTeamId !== null && semis.some((match) => loserOf(match) === teamId)) return { result: 'placed', placement: 3, roundName: null };
  const lost = (match: DerivedMatch) => !match.isBye && match.winnerTeamId !== null && match.winnerTeamId !== teamId && (match.team1Id === teamId || match.team2Id === teamId);
  const out = derived.rounds.find((round) => round.matches.some(lost));
  if (out) return { result: 'eliminated', placement: null, roundName: out.name };
  return { result: 'playing', placement: null, roundName: null };
}

/**
 * The same in the other formats: placed once the last stage is decided; out after a loss in the
 * lower bracket or the playoff's elimination rounds, or when the playoff was drawn without the team
 * (or the event ended below third); playing otherwise.
 */
function formatStandingOf(derived: DerivedEvent, teamId: string): CupStanding['bracket'] {
  const placements = derived.placements;
  if (placements?.first === teamId) return { result: 'champion', placement: 1, roundName: null };
  if (placements?.second === teamId) return { result: 'placed', placement: 2, roundName: null };
  if (placements?.third.includes(teamId)) return { result: 'placed', placement: 3, roundName: null };
  const roundNameOf = (key: string) => derived.rounds.find((round) => round.matches.some((m) => m.key === key))?.name ?? null;
  const eliminating = eventMatches(derived).find((match) => {
    const lost = !match.isBye && match.winnerTeamId !== null && match.winnerTeamId !== teamId && (match.team1Id === teamId || match.team2Id === teamId);
    if (!lost) return false;
    // A loss in the upper bracket drops a team into the lower one; a playoff in single elimination has no second chance.
    return match.bracket === 'lower' || (match.key.startsWith(playoffKeyPrefix) && match.bracket === undefined);
  });
  if (eliminating) return { result: 'eliminated', placement: null, roundName: roundNameOf(eliminating.key) };
  const firstStage = derived.stages?.[0]?.name ?? null;
  if (derived.playoff?.teamIds && !derived.playoff.teamIds.includes(teamId)) return { result: 'eliminated', placement: null, roundName: firstStage };
  if (placements) return { result: 'eliminated', placement: null, roundName: firstStage };
  return { result: 'playing', placement: null, roundName: null };
}
