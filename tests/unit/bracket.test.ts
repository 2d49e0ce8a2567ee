import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allMatches, deriveBracket, isPlayable, standardSeedOrder, thirdPlaceKey, type DerivedBracket, type StoredResult } from '../../src/shared/bracket/derive-bracket.js';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);

/** Enters a result for every playable match, round by round, the first-listed team (or `pick`) winning. */
function playAll(teamIds: string[], thirdPlace: boolean, pick: (match: { team1Id: string; team2Id: string; key: string }) => string = (m) => m.team1Id) {
  const results: StoredResult[] = [];
  for (;;) {
    const bracket = deriveBracket({ teamIds, thirdPlace }, results);
    const next = allMatches(bracket).find((m) => isPlayable(m) && m.winnerTeamId === null);
    if (!next) return { bracket, results };
    const match = { key: next.key, team1Id: next.team1Id!, team2Id: next.team2Id! };
    results.push({ matchKey: next.key, team1Id: match.team1Id, team2Id: match.team2Id, winnerTeamId: pick(match), score: '13-7' });
  }
}

const result = (bracket: DerivedBracket, key: string, winner: 1 | 2, score: string | null = null): StoredResult => {
  const match = allMatches(bracket).find((m) => m.key === key)!;
  return { matchKey: key, team1Id: match.team1Id!, team2Id: match.team2Id!, winnerTeamId: winner === 1 ? match.team1Id! : match.team2Id!, score };
};

describe('deriveBracket', () => {
  it('places seeds in the standard order: 1 meets the last seed, 1 and 2 only in the final', () => {
    expect(standardSeedOrder(2)).toEqual([1, 2]);
    expect(standardSeedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(standardSeedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it('gives the byes of a 6-team field to seeds 1 and 2, who go through without a result', () => {
    const bracket = deriveBracket({ teamIds: teams(6), thirdPlace: false }, []);
    expect(bracket.rounds.map((r) => r.name)).toEqual(['Quarter-finals', 'Semi-finals', 'Final']);
    const first = bracket.rounds[0].matches;
    expect(first.map((m) => [m.team1Id, m.team2Id, m.isBye, m.winnerTeamId])).toEqual([
      ['t1', null, true, 't1'],
      ['t4', 't5', false, null],
      ['t2', null, true, 't2'],
      ['t3', 't6', false, null],
    ]);
    expect(bracket.rounds[1].matches.map((m) => [m.team1Id, m.team2Id])).toEqual([
      ['t1', null],
      ['t2', null],
    ]);
  });

  it('names rounds from the end and numbers matches per round', () => {
    const bracket = deriveBracket({ teamIds: teams(20), thirdPlace: false }, []);
    expect(bracket.rounds.map((r) => [r.number, r.name, r.matches.length])).toEqual([
      [1, 'Round of 32', 16],
      [2, 'Round of 16', 8],
      [3, 'Quarter-finals', 4],
      [4, 'Semi-finals', 2],
      [5, 'Final', 1],
    ]);
    expect(bracket.rounds[1].matches[3].key).toBe('r2m4');
  });

  it.each(Array.from({ length: 63 }, (_, i) => i + 2))('plays a %i-team field to a champion, each team in one match per round, byes only in round 1', (n) => {
    const { bracket } = playAll(teams(n), n >= 4);
    let size = 2;
    while (size < n) size *= 2;
    expect(bracket.rounds).toHaveLength(Math.log2(size));
    const byes = bracket.rounds[0].matches.filter((m) => m.isBye);
    expect(byes).toHaveLength(size - n);
    // Byes go to the top seeds.
    expect(byes.map((m) => m.team1Id).sort()).toEqual(teams(size - n).sort());
    for (const round of bracket.rounds.slice(1)) expect(round.matches.every((m) => !m.isBye && m.team1Id && m.team2Id)).toBe(true);
    expect(bracket.placements?.first).toBe('t1');
    expect(bracket.cleared).toEqual([]);
  });

  it('plays the third-place match between the semi-final losers; its winner is third', () => {
    const { bracket } = playAll(teams(8), true, (m) => (m.key === thirdPlaceKey ? m.team2Id : m.team1Id));
    expect(bracket.thirdPlace).toMatchObject({ team1Id: 't4', team2Id: 't3', winnerTeamId: 't3' });
    expect(bracket.placements).toEqual({ first: 't1', second: 't2', third: ['t3'] });
  });

  it('without a third-place match, both semi-final losers are third', () => {
    const { bracket } = playAll(teams(8), false);
    expect(bracket.thirdPlace).toBeNull();
    expect(bracket.placements).toEqual({ first: 't1', second: 't2', third: ['t4', 't3'] });
  });

  it('has no placements until the third-place match is in too', () => {
    let bracket = deriveBracket({ teamIds: teams(4), thirdPlace: true }, []);
    const results = [result(bracket, 'r1m1', 1), result(bracket, 'r1m2', 1)];
    bracket = deriveBracket({ teamIds: teams(4), thirdPlace: true }, results);
    results.push(result(bracket, 'r2m1', 1));
    bracket = deriveBracket({ teamIds: teams(4), thirdPlace: true }, results);
    expect(bracket.placements).toBeNull();
    results.push(result(bracket, thirdPlaceKey, 1));
    expect(deriveBracket({ teamIds: teams(4), thirdPlace: true }, results).placements).toEqual({ first: 't1', second: 't2', third: ['t4'] });
  });

  it('a correction in round 1 after rounds 2 and 3 have results clears only the results whose teams changed', () => {
    const seeding = { teamIds: teams(16), thirdPlace: false };
    const { results } = playAll(seeding.teamIds, false);
    // Up to and including round 3 (quarter-finals of 16 are round 3): keep rounds 1-3.
    const upToRound3 = results.filter((r) => /^r[123]m/.test(r.matchKey));
    const before = deriveBracket(seeding, upToRound3);
    expect(before.rounds[2].matches.every((m) => m.winnerTeamId)).toBe(true);

    // r1m2 (t8 v t9) was won by t8; the organizer corrects it to t9.
    const corrected = upToRound3.map((r) => (r.matchKey === 'r1m2' ? { ...r, winnerTeamId: 't9' } : r));
    const after = deriveBracket(seeding, corrected);
    expect(after.rounds[0].matches[1].winnerTeamId).toBe('t9');
    // r2m1 was t1 v t8, now t1 v t9: cleared; r3m1 then lacks a team: cleared too. Nothing else.
    expect(after.cleared.map((r) => r.matchKey)).toEqual(['r2m1', 'r3m1']);
    expect(after.rounds[1].matches[0]).toMatchObject({ team1Id: 't1', team2Id: 't9', winnerTeamId: null });
    expect(after.rounds[2].matches[0]).toMatchObject({ team1Id: null, team2Id: 't4', winnerTeamId: null });
    const keptKeys = corrected.filter((r) => !['r2m1', 'r3m1'].includes(r.matchKey)).map((r) => r.matchKey);
    for (const key of keptKeys) expect(allMatches(after).find((m) => m.key === key)!.winnerTeamId, key).not.toBeNull();
  });

  it('keeps a later result when a correction leaves its teams as they were (same winner, new score)', () => {
    const seeding = { teamIds: teams(4), thirdPlace: false };
    const { results } = playAll(seeding.teamIds, false);
    const rescored = results.map((r) => (r.matchKey === 'r1m1' ? { ...r, score: '13-11' } : r));
    const after = deriveBracket(seeding, rescored);
    expect(after.cleared).toEqual([]);
    expect(after.rounds[0].matches[0].score).toBe('13-11');
    expect(after.placements?.first).toBe('t1');
  });

  it('clears a result for a match that does not exist, or whose winner is not one of its teams', () => {
    const seeding = { teamIds: teams(4), thirdPlace: false };
    const stray: StoredResult = { matchKey: 'r3m1', team1Id: 't1', team2Id: 't2', winnerTeamId: 't1', score: null };
    const wrongWinner: StoredResult = { matchKey: 'r1m1', team1Id: 't1', team2Id: 't4', winnerTeamId: 't3', score: null };
    expect(deriveBracket(seeding, [stray, wrongWinner]).cleared).toEqual([wrongWinner, stray]);
  });

  it('refuses fewer than 2 teams, a team seeded twice, and a third-place match under 4 teams', () => {
    expect(() => deriveBracket({ teamIds: ['a'], thirdPlace: false }, [])).toThrow('A bracket needs at least 2 teams');
    expect(() => deriveBracket({ teamIds: ['a', 'a'], thirdPlace: false }, [])).toThrow('A team is seeded twice');
    expect(() => deriveBracket({ teamIds: teams(3), thirdPlace: true }, [])).toThrow('A third-place match needs at least 4 teams');
  });

  it('never puts a team in two matches of one round, whatever the field and the results (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 64 }),
        fc.boolean(),
        fc.array(fc.boolean(), { maxLength: 140 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 6 }),
        (n, third, picks, corrections) => {
          const thirdPlace = third && n >= 4;
          let i = 0;
          const { results } = playAll(teams(n), thirdPlace, (m) => (picks[i++ % Math.max(picks.length, 1)] ? m.team2Id : m.team1Id));
          // Flip some winners anywhere: the bracket stays consistent and cleared results are the ones that no longer fit.
          const changed = [...results];
          for (const [index, flip] of corrections) {
            if (!changed.length || !flip) continue;
            const at = index % changed.length;
            const r = changed[at];
            changed[at] = { ...r, winnerTeamId: r.winnerTeamId === r.team1Id ? r.team2Id : r.team1Id };
          }
          const bracket = deriveBracket({ teamIds: teams(n), thirdPlace }, changed);
          for (const round of bracket.rounds) {
            const ids = round.matches.flatMap((m) => [m.team1Id, m.team2Id]).filter((id) => id !== null);
            expect(new Set(ids).size).toBe(ids.length);
          }
          if (bracket.thirdPlace) {
            const finalists = [bracket.rounds.at(-1)!.matches[0].team1Id, bracket.rounds.at(-1)!.matches[0].team2Id];
            for (const id of [bracket.thirdPlace.team1Id, bracket.thirdPlace.team2Id]) if (id) expect(finalists).not.toContain(id);
          }
          for (const match of allMatches(bracket)) if (match.winnerTeamId) expect([match.team1Id, match.team2Id]).toContain(match.winnerTeamId);
          const clearedKeys = new Set(bracket.cleared.map((r) => r.matchKey));
          for (const r of changed) {
            const match = allMatches(bracket).find((m) => m.key === r.matchKey)!;
            expect(clearedKeys.has(r.matchKey)).toBe(match.winnerTeamId === null);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
