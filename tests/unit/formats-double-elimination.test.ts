import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deriveDoubleElimination,
  doubleEliminationMatches,
  dropInPosition,
  type DoubleEliminationBracket,
  type DoubleEliminationOptions,
} from '../../src/shared/bracket/formats/double-elimination.js';
import { isPlayableMatch, type FormatMatch, type FormatResult } from '../../src/shared/bracket/formats/format-match.js';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const show = (m: FormatMatch) =>
  `${m.key} ${m.team1Id ?? '?'}-${m.team2Id ?? (m.isBye ? 'bye' : '?')}${m.winnerTeamId && !m.isBye ? ` ${m.winnerTeamId}` : ''}`;
const resultFor = (m: FormatMatch, winner: string): FormatResult => ({
  matchKey: m.key,
  team1Id: m.team1Id!,
  team2Id: m.team2Id!,
  winnerTeamId: winner,
  score: null,
});

/** Enters a result for every playable match in list order until none is left; `pick` chooses the winner (team1 by default). */
function playAll(teamIds: string[], options: DoubleEliminationOptions = {}, pick: (m: FormatMatch) => string = (m) => m.team1Id!) {
  const results: FormatResult[] = [];
  for (;;) {
    const bracket = deriveDoubleElimination(teamIds, options, results);
    const next = doubleEliminationMatches(bracket).find((m) => isPlayableMatch(m) && m.winnerTeamId === null);
    if (!next) return { bracket, results };
    results.push(resultFor(next, pick(next)));
  }
}

const roundsOf = (bracket: DoubleEliminationBracket) =>
  [...bracket.upper, ...bracket.lower, bracket.grandFinal].map((round) => `${round.name}: ${round.matches.map(show).join(', ')}`);

describe('double elimination', () => {
  it('8 teams: the upper draw, losers crossed into the lower bracket, a grand final and the places', () => {
    const { bracket } = playAll(teams(8));
    expect(roundsOf(bracket)).toEqual([
      'Upper round 1: U1-1 t1-t8 t1, U1-2 t4-t5 t4, U1-3 t2-t7 t2, U1-4 t3-t6 t3',
      'Upper round 2: U2-1 t1-t4 t1, U2-2 t2-t3 t2',
      'Upper final: U3-1 t1-t2 t1',
      'Lower round 1: L1-1 t8-t5 t8, L1-2 t7-t6 t7',
      // Reversed: the loser of U2-2 meets the survivor of L1-1, whose teams came from the other half.
      'Lower round 2: L2-1 t8-t3 t8, L2-2 t7-t4 t7',
      'Lower round 3: L3-1 t8-t7 t8',
      'Lower final: L4-1 t8-t2 t8',
      'Grand final: GF1 t1-t8 t1',
    ]);
    expect(bracket.cleared).toEqual([]);
    expect(bracket.placements).toEqual({ first: 't1', second: 't8', third: ['t2'] });
    expect(bracket.places.map((p) => [p.teamId, p.place, p.matchKey])).toEqual([
      ['t1', 1, 'GF1'],
      ['t8', 2, 'GF1'],
      ['t2', 3, 'L4-1'],
      ['t7', 4, 'L3-1'],
      ['t3', 5, 'L2-1'],
      ['t4', 5, 'L2-2'],
      ['t5', 7, 'L1-1'],
      ['t6', 7, 'L1-2'],
    ]);
  });

  it('6 teams: seeds 1 and 2 have the upper byes, the first lower round is two byes, and places follow the matches played', () => {
    const before = deriveDoubleElimination(teams(6), {}, []);
    expect(roundsOf(before)).toEqual([
      'Upper round 1: U1-1 t1-bye, U1-2 t4-t5, U1-3 t2-bye, U1-4 t3-t6',
      'Upper round 2: U2-1 t1-?, U2-2 t2-?',
      'Upper final: U3-1 ?-?',
      // The byes' "losers" are empty slots: each lower round 1 match waits for its one team.
      'Lower round 1: L1-1 ?-bye, L1-2 ?-bye',
      'Lower round 2: L2-1 ?-?, L2-2 ?-?',
      'Lower round 3: L3-1 ?-?',
      'Lower final: L4-1 ?-?',
      'Grand final: GF1 ?-?',
    ]);
    const { bracket } = playAll(teams(6));
    expect(roundsOf(bracket).slice(3, 5)).toEqual(['Lower round 1: L1-1 t5-bye, L1-2 t6-bye', 'Lower round 2: L2-1 t5-t3 t5, L2-2 t6-t4 t6']);
    expect(bracket.placements).toEqual({ first: 't1', second: 't5', third: ['t2'] });
    expect(bracket.places.map((p) => [p.teamId, p.place])).toEqual([
      ['t1', 1],
      ['t5', 2],
      ['t2', 3],
      ['t6', 4],
      ['t3', 5],
      ['t4', 5],
    ]);
  });

  it('leaves out a lower match with no team at all, keeping the other keys', () => {
    // 5 teams: three upper byes, so lower round 1 has one bye and one match without teams.
    const bracket = deriveDoubleElimination(teams(5), {}, []);
    expect(bracket.lower[0].matches.map(show)).toEqual(['L1-1 ?-bye']);
    expect(bracket.lower[1].matches.map((m) => [m.key, m.isBye])).toEqual([
      ['L2-1', false],
      ['L2-2', true],
    ]);
    const { bracket: played } = playAll(teams(5));
    expect(played.placements).toEqual({ first: 't1', second: 't5', third: ['t2'] });
    expect(played.places).toHaveLength(5);
  });

  it('bracket reset: the lower-bracket team wins GF1, so GF2 is played between the same teams and decides', () => {
    const lowerWinsFinal = (m: FormatMatch) => (m.key === 'GF1' ? m.team2Id! : m.team1Id!);
    const { bracket, results } = playAll(teams(4), {}, lowerWinsFinal);
    expect(bracket.grandFinal.matches.map(show)).toEqual(['GF1 t1-t4 t4', 'GF2 t1-t4 t1']);
    expect(bracket.grandFinal.matches.map((m) => m.round)).toEqual([1, 2]);
    expect(bracket.placements).toEqual({ first: 't1', second: 't4', third: ['t2'] });
    expect(bracket.places.slice(0, 2)).toEqual([
      { teamId: 't1', place: 1, matchKey: 'GF2' },
      { teamId: 't4', place: 2, matchKey: 'GF2' },
    ]);

    // Correcting GF1 to the upper team removes GF2: its result is cleared, the upper team is champion.
    const corrected = results.map((r) => (r.matchKey === 'GF1' ? { ...r, winnerTeamId: 't1' } : r));
    const after = deriveDoubleElimination(teams(4), {}, corrected);
    expect(after.grandFinal.matches.map(show)).toEqual(['GF1 t1-t4 t1']);
    expect(after.cleared.map((r) => r.matchKey)).toEqual(['GF2']);
    expect(after.placements?.first).toBe('t1');
  });

  it('without the reset, the lower-bracket team that wins GF1 is champion', () => {
    const { bracket } = playAll(teams(4), { grandFinalReset: false }, (m) => (m.key === 'GF1' ? m.team2Id! : m.team1Id!));
    expect(bracket.grandFinal.matches.map(show)).toEqual(['GF1 t1-t4 t4']);
    expect(bracket.placements).toEqual({ first: 't4', second: 't1', third: ['t2'] });
    // No placements until the reset is played.
    const withReset = playAll(teams(4), {}, (m) => (m.key === 'GF1' ? m.team2Id! : m.team1Id!)).results.filter((r) => r.matchKey !== 'GF2');
    expect(deriveDoubleElimination(teams(4), {}, withReset).placements).toBeNull();
  });

  it('a correction in the upper bracket clears the lower-bracket results whose teams changed, and only those', () => {
    const { results } = playAll(teams(8));
    // U1-2 was t4 over t5; now t5 wins: t5 meets t1 in U2-1, and t4 drops into L1-1 instead of t5.
    const corrected = results.map((r) => (r.matchKey === 'U1-2' ? { ...r, winnerTeamId: 't5' } : r));
    const after = deriveDoubleElimination(teams(8), {}, corrected);
    // U3-1 waits for U2-1's winner, so its result goes too, and everything downstream of it.
    expect(after.cleared.map((r) => r.matchKey)).toEqual(['U2-1', 'U3-1', 'L1-1', 'L2-1', 'L2-2', 'L3-1', 'L4-1', 'GF1']);
    expect(after.upper[1].matches.map(show)).toEqual(['U2-1 t1-t5', 'U2-2 t2-t3 t2']);
    expect(after.lower[0].matches.map(show)).toEqual(['L1-1 t8-t4', 'L1-2 t7-t6 t7']);
    expect(after.upper[2].matches.map(show)).toEqual(['U3-1 ?-t2']);
    expect(after.placements).toBeNull();
  });

  it('clears a result stored for a bye, for a match left out, or for a key the bracket does not have', () => {
    const stray = (matchKey: string): FormatResult => ({ matchKey, team1Id: 't1', team2Id: 't2', winnerTeamId: 't1', score: null });
    // 5 teams: U1-1 is t1's bye, L1-2 has no team at all, there is no U4.
    const bracket = deriveDoubleElimination(teams(5), {}, [stray('U1-1'), stray('L1-2'), stray('U4-1')]);
    expect(bracket.cleared.map((r) => r.matchKey)).toEqual(['U1-1', 'L1-2', 'U4-1']);
    expect(bracket.upper[0].matches[0]).toMatchObject({ team1Id: 't1', isBye: true, winnerTeamId: 't1' });
  });

  it('refuses fewer than 3 teams and a team seeded twice', () => {
    expect(() => deriveDoubleElimination(teams(2), {}, [])).toThrow('Double elimination needs at least 3 teams');
    expect(() => deriveDoubleElimination(['a', 'b', 'a'], {}, [])).toThrow('A team is seeded twice');
  });

  it('never has a team twice in a round; eliminates each team once, on its second loss (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 40 }), fc.boolean(), fc.array(fc.boolean(), { minLength: 1, maxLength: 120 }), (n, reset, picks) => {
        let i = 0;
        const { bracket } = playAll(teams(n), { grandFinalReset: reset }, (m) => (picks[i++ % picks.length] ? m.team2Id! : m.team1Id!));
        for (const round of [...bracket.upper, ...bracket.lower]) {
          const ids = round.matches.flatMap((m) => [m.team1Id, m.team2Id]).filter((id) => id !== null);
          expect(new Set(ids).size).toBe(ids.length);
        }
        const losses = new Map<string, number>();
        for (const m of doubleEliminationMatches(bracket)) {
          if (m.isBye) continue;
          const loser = m.winnerTeamId === m.team1Id ? m.team2Id! : m.team1Id!;
          losses.set(loser, (losses.get(loser) ?? 0) + 1);
        }
        const champion = bracket.placements!.first;
        const out = bracket.places.filter((p) => p.teamId !== champion);
        expect(out.map((p) => p.teamId).sort()).toEqual(
          teams(n)
            .filter((id) => id !== champion)
            .sort(),
        );
        const gf1 = bracket.grandFinal.matches[0];
        for (const p of out) {
          // The exception: the upper-bracket team losing GF1 when there is no reset.
          const onlyLoss = p.matchKey === 'GF1' && !reset && p.teamId === gf1.team1Id;
          expect(losses.get(p.teamId), p.teamId).toBe(onlyLoss ? 1 : 2);
        }
        expect(losses.get(champion) ?? 0).toBeLessThanOrEqual(1);
      }),
      { numRuns: 150 },
    );
  });

  it('a team dropping into the lower bracket never meets there a team it beat, in the first drop-in round and in any of four matches or more (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 96 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 200 }), (n, picks) => {
        let i = 0;
        const { bracket } = playAll(teams(n), {}, (m) => (picks[i++ % picks.length] ? m.team2Id! : m.team1Id!));
        const met = new Set(
          bracket.upper
            .flatMap((r) => r.matches)
            .filter((m) => !m.isBye)
            .map((m) => [m.team1Id, m.team2Id].sort().join()),
        );
        bracket.lower.forEach((round, index) => {
          const isDropIn = index % 2 === 1;
          if (!isDropIn || (index > 1 && round.matches.length < 4)) return;
          for (const m of round.matches.filter((m) => !m.isBye)) expect(met.has([m.team1Id, m.team2Id].sort().join()), m.key).toBe(false);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('crosses drop-ins: reversed first, then neighbours swapped', () => {
    expect([0, 1, 2, 3].map((p) => dropInPosition(1, 4, p))).toEqual([3, 2, 1, 0]);
    expect([0, 1, 2, 3].map((p) => dropInPosition(2, 4, p))).toEqual([1, 0, 3, 2]);
    expect(dropInPosition(3, 1, 0)).toBe(0);
  });

  it('recomputing from the same results is stable, and a correction clears exactly the results whose match changed teams (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 32 }),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 80 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (n, reset, picks, flips) => {
          let i = 0;
          const options = { grandFinalReset: reset };
          const { bracket, results } = playAll(teams(n), options, (m) => (picks[i++ % picks.length] ? m.team2Id! : m.team1Id!));
          expect(deriveDoubleElimination(teams(n), options, results)).toEqual(bracket);
          const changed = [...results];
          for (const index of flips) {
            const r = changed[index % changed.length];
            changed[index % changed.length] = { ...r, winnerTeamId: r.winnerTeamId === r.team1Id ? r.team2Id : r.team1Id };
          }
          const after = deriveDoubleElimination(teams(n), options, changed);
          const byKey = new Map(doubleEliminationMatches(after).map((m) => [m.key, m]));
          const cleared = new Set(after.cleared.map((r) => r.matchKey));
          for (const r of changed) {
            const m = byKey.get(r.matchKey);
            const stillFits = m !== undefined && m.team1Id === r.team1Id && m.team2Id === r.team2Id;
            expect(cleared.has(r.matchKey), r.matchKey).toBe(!stillFits);
            if (stillFits) expect(m.winnerTeamId).toBe(r.winnerTeamId);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
