import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatMatch, FormatResult } from '../../src/shared/bracket/formats/format-match.js';
import { maxMatchingSize } from '../../src/shared/bracket/formats/max-matching.js';
import { pairRound } from '../../src/shared/bracket/formats/swiss-pairing.js';
import { deriveSwiss, maxSwissRounds, type SwissStage } from '../../src/shared/bracket/formats/swiss.js';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const seedNumber = (id: string) => Number(id.slice(1));
const show = (m: FormatMatch) => (m.isBye ? `${m.key} ${m.team1Id} bye` : `${m.key} ${m.team1Id}-${m.team2Id}`);

/** One map: the winner 13, the loser `loserRounds`. */
function resultFor(m: FormatMatch, winner: string, loserRounds = 7): FormatResult {
  const isTeam1 = winner === m.team1Id;
  return {
    matchKey: m.key,
    team1Id: m.team1Id!,
    team2Id: m.team2Id!,
    winnerTeamId: winner,
    score: null,
    maps: [{ map: 'Bind', team1Rounds: isTeam1 ? 13 : loserRounds, team2Rounds: isTeam1 ? loserRounds : 13 }],
  };
}

/** Plays round after round; `pick` chooses each winner (the better seed by default). */
function playAll(
  teamIds: string[],
  rounds: number | undefined,
  pick: (m: FormatMatch) => string = (m) => (seedNumber(m.team1Id!) < seedNumber(m.team2Id!) ? m.team1Id! : m.team2Id!),
) {
  const results: FormatResult[] = [];
  for (;;) {
    const stage = deriveSwiss(teamIds, { rounds }, results);
    const open = stage.rounds.flatMap((r) => r.matches).filter((m) => !m.isBye && m.winnerTeamId === null);
    if (!open.length) return { stage, results };
    for (const m of open) results.push(resultFor(m, pick(m), seedNumber(m.team1Id!) % 12));
  }
}

const pairsOf = (stage: SwissStage, upTo: number) =>
  new Set(
    stage.rounds
      .slice(0, upTo)
      .flatMap((r) => r.matches)
      .filter((m) => !m.isBye)
      .map((m) => [m.team1Id, m.team2Id].sort().join()),
  );

/** Every way to pair `ids` (even count). */
function* pairings(ids: string[]): Generator<[string, string][]> {
  if (ids.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = ids;
  for (const other of rest) for (const tail of pairings(rest.filter((id) => id !== other))) yield [[first, other], ...tail];
}

describe('Swiss', () => {
  it('16 teams in 4 rounds: pairs by record, folding each score group, the better seed always winning', () => {
    const { stage } = playAll(teams(16), undefined);
    expect(stage.roundCount).toBe(4);
    expect(stage.rounds.map((r) => `${r.name}: ${r.matches.map(show).join(', ')}`)).toEqual([
      'Round 1: S1-1 t1-t9, S1-2 t2-t10, S1-3 t3-t11, S1-4 t4-t12, S1-5 t5-t13, S1-6 t6-t14, S1-7 t7-t15, S1-8 t8-t16',
      // 1-0: t1…t8 fold (1 v 5); 0-1: t9…t16.
      'Round 2: S2-1 t1-t5, S2-2 t2-t6, S2-3 t3-t7, S2-4 t4-t8, S2-5 t9-t13, S2-6 t10-t14, S2-7 t11-t15, S2-8 t12-t16',
      // 2-0: t1…t4; 1-1: t5…t12; 0-2: t13…t16 (Buchholz level within each group, so seed order).
      'Round 3: S3-1 t1-t3, S3-2 t2-t4, S3-3 t5-t9, S3-4 t6-t10, S3-5 t7-t11, S3-6 t8-t12, S3-7 t13-t15, S3-8 t14-t16',
      // 3-0: t1 v t2; the six teams on 2-1, the six on 1-2 and the two on 0-3, none of them a rematch.
      'Round 4: S4-1 t1-t2, S4-2 t3-t6, S4-3 t4-t7, S4-4 t5-t8, S4-5 t9-t12, S4-6 t10-t13, S4-7 t11-t14, S4-8 t15-t16',
    ]);
    expect(stage.isComplete).toBe(true);
    expect(stage.cleared).toEqual([]);
    expect(pairsOf(stage, 4).size).toBe(32);
    expect(
      stage.standings.slice(0, 6).map((r) => `${r.place}. ${r.teamId} ${r.wins}-${r.losses} Buchholz ${r.buchholz} maps ${r.mapDiff} rounds ${r.roundDiff}`),
    ).toEqual([
      '1. t1 4-0 Buchholz 11 maps 4 rounds 48',
      '2. t2 3-1 Buchholz 11 maps 2 rounds 21',
      '3. t3 3-1 Buchholz 10 maps 2 rounds 18',
      '4. t5 3-1 Buchholz 9 maps 2 rounds 12',
      '5. t4 3-1 Buchholz 8 maps 2 rounds 16',
      // t6 and t7 level on Buchholz, maps and rounds: the better seed.
      '6. t6 2-2 Buchholz 9 maps 0 rounds -7',
    ]);
    expect(stage.standings[6].teamId).toBe('t7');
    expect(stage.standings.map((r) => r.wins)).toEqual([4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 0]);
  });

  it('pairs the next round only once every match of the round before has a result', () => {
    const first = deriveSwiss(teams(8), {}, []);
    const results = first.rounds[0].matches.slice(0, 3).map((m) => resultFor(m, m.team1Id!));
    expect(deriveSwiss(teams(8), {}, results).rounds).toHaveLength(1);
    results.push(resultFor(first.rounds[0].matches[3], first.rounds[0].matches[3].team2Id!));
    const next = deriveSwiss(teams(8), {}, results);
    expect(next.rounds).toHaveLength(2);
    // t8 beat t4: it is 1-0 with t1, t2, t3 and takes the fold below t2.
    expect(next.rounds[1].matches.map(show)).toEqual(['S2-1 t1-t3', 'S2-2 t2-t8', 'S2-3 t4-t6', 'S2-4 t5-t7']);
    expect(next.isComplete).toBe(false);
  });

  it('an odd field: the bye is a win without maps for the lowest-ranked team that has not had one', () => {
    const { stage } = playAll(teams(5), 3);
    expect(stage.rounds.map((r) => r.matches.map(show).join(', '))).toEqual([
      'S1-1 t1-t3, S1-2 t2-t4, S1-3 t5 bye',
      // t5 is 1-0 by the bye and ranks below t1 and t2; t4, last on 0-1, takes the bye.
      'S2-1 t1-t2, S2-2 t5-t3, S2-3 t4 bye',
      'S3-1 t1-t4, S3-2 t2-t5, S3-3 t3 bye',
    ]);
    const t5 = stage.standings.find((r) => r.teamId === 't5')!;
    expect([t5.wins, t5.byes, t5.played, t5.mapsWon]).toEqual([1, 1, 2, 0]);
  });

  it('avoids a rematch by pairing across the score group when it must', () => {
    // 4 teams, 3 rounds: the third round has one pairing without a rematch, and takes it.
    const { stage } = playAll(teams(4), 3);
    expect(stage.rounds.map((r) => r.matches.map(show).join(', '))).toEqual(['S1-1 t1-t3, S1-2 t2-t4', 'S2-1 t1-t2, S2-2 t3-t4', 'S3-1 t1-t4, S3-2 t2-t3']);
    expect(pairsOf(stage, 3).size).toBe(6);
  });

  it('takes the fewest rematches when none can be avoided', () => {
    const played = new Set(['a|b', 'c|d', 'a|c', 'b|d', 'a|d']);
    const pairing = pairRound({
      ranked: ['a', 'b', 'c', 'd'],
      winsOf: () => 0,
      havePlayed: (x, y) => played.has([x, y].sort().join('|')),
      hasHadBye: () => false,
    });
    // b-c is the only pair not yet played, so a-d is the one rematch.
    expect(pairing).toEqual({
      pairs: [
        ['a', 'd'],
        ['b', 'c'],
      ],
      bye: null,
      rematches: 1,
    });
  });

  it('a map score corrected never re-pairs; a winner corrected re-pairs the next round and clears only its results whose teams changed', () => {
    const { results } = playAll(teams(8), 3);
    const rescored = results.map((r) => (r.matchKey === 'S1-1' ? { ...r, maps: [{ map: 'Bind', team1Rounds: 13, team2Rounds: 11 }] } : r));
    expect(deriveSwiss(teams(8), { rounds: 3 }, rescored).cleared).toEqual([]);

    // S1-4 was t4 over t8; now t8 wins. Round 2 is paired again from the new records.
    const corrected = results.map((r) => (r.matchKey === 'S1-4' ? { ...r, winnerTeamId: 't8' } : r));
    const after = deriveSwiss(teams(8), { rounds: 3 }, corrected);
    // t5 v t7 was paired before too (as S2-3): it keeps its key, the new pairs take the others.
    expect(after.rounds[1].matches.map(show)).toEqual(['S2-1 t1-t3', 'S2-2 t2-t8', 'S2-3 t5-t7', 'S2-4 t4-t6']);
    // Round 3 is not paired until round 2 is complete again, so its results go too.
    expect(after.cleared.map((r) => r.matchKey)).toEqual(['S2-2', 'S2-4', 'S3-1', 'S3-2', 'S3-3', 'S3-4']);
    // S2-1 was t1 v t3 before and after, S2-3 t5 v t7: they keep their results.
    expect(after.rounds[1].matches[0].winnerTeamId).toBe('t1');
    expect(after.rounds[1].matches[2].winnerTeamId).not.toBeNull();
    expect(after.rounds).toHaveLength(2);
  });

  it('refuses a number of rounds the field cannot play', () => {
    // Two past the default (3), and never more than a complete round robin.
    expect(() => deriveSwiss(teams(8), { rounds: 6 }, [])).toThrow('8 teams play between 1 and 5 Swiss rounds');
    expect(() => deriveSwiss(teams(7), { rounds: 0 }, [])).toThrow('7 teams play between 1 and 5 Swiss rounds');
    expect(() => deriveSwiss(teams(4), { rounds: 4 }, [])).toThrow('4 teams play between 1 and 3 Swiss rounds');
    expect(() => deriveSwiss(teams(1), {}, [])).toThrow('Swiss needs at least 2 teams');
  });

  it('no team twice in a round, a bye at most once per team, and no rematch while a pairing without one exists (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: maxSwissRounds(n) }))),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        ([n, rounds], picks) => {
          let i = 0;
          const { stage } = playAll(teams(n), rounds, (m) => (picks[i++ % picks.length] ? m.team2Id! : m.team1Id!));
          expect(stage.rounds).toHaveLength(rounds);
          const byes = new Set<string>();
          stage.rounds.forEach((round, index) => {
            const ids = round.matches.flatMap((m) => [m.team1Id, m.team2Id]).filter((id) => id !== null);
            expect(ids.sort()).toEqual(teams(n).sort());
            const bye = round.matches.find((m) => m.isBye)?.team1Id ?? null;
            if (bye) {
              expect(byes.has(bye)).toBe(false);
              byes.add(bye);
            }
            const before = pairsOf(stage, index);
            const pairs = round.matches.filter((m) => !m.isBye).map((m) => [m.team1Id, m.team2Id].sort().join());
            if (pairs.some((pair) => before.has(pair))) {
              // Every pairing of the round (with any team that may take the bye) has a rematch.
              const eligible = n % 2 === 0 ? [null] : teams(n).filter((id) => !byes.has(id) || id === bye);
              for (const out of eligible) {
                for (const other of pairings(teams(n).filter((id) => id !== out))) {
                  expect(other.some(([a, b]) => before.has([a, b].sort().join()))).toBe(true);
                }
              }
            }
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('recomputing is stable, and a correction clears exactly the results whose match changed teams (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 24 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        (n, picks, flips) => {
          let i = 0;
          const { stage, results } = playAll(teams(n), undefined, (m) => (picks[i++ % picks.length] ? m.team2Id! : m.team1Id!));
          expect(deriveSwiss(teams(n), {}, results)).toEqual(stage);
          const changed = [...results];
          for (const index of flips) {
            const r = changed[index % changed.length];
            changed[index % changed.length] = { ...r, winnerTeamId: r.winnerTeamId === r.team1Id ? r.team2Id : r.team1Id };
          }
          const after = deriveSwiss(teams(n), {}, changed);
          const byKey = new Map(after.rounds.flatMap((r) => r.matches).map((m) => [m.key, m]));
          const cleared = new Set(after.cleared.map((r) => r.matchKey));
          for (const r of changed) {
            const m = byKey.get(r.matchKey);
            const stillFits = m !== undefined && !m.isBye && m.team1Id === r.team1Id && m.team2Id === r.team2Id;
            expect(cleared.has(r.matchKey), r.matchKey).toBe(!stillFits);
          }
          for (const round of after.rounds) {
            const ids = round.matches.flatMap((m) => [m.team1Id, m.team2Id]).filter((id) => id !== null);
            expect(new Set(ids).size).toBe(ids.length);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the matching oracle finds a maximum matching, blossoms included (property, against trying every matching)', () => {
    // A triangle with a tail on each corner: greedy from the triangle stops at 2, the maximum is 3.
    const edges = new Set(['0-1', '1-2', '0-2', '0-3', '1-4', '2-5']);
    expect(maxMatchingSize(6, (a, b) => edges.has(`${Math.min(a, b)}-${Math.max(a, b)}`))).toBe(3);
    const best = (vertices: number[], isEdge: (a: number, b: number) => boolean): number => {
      if (vertices.length < 2) return 0;
      const [first, ...rest] = vertices;
      let most = best(rest, isEdge);
      for (const other of rest)
        if (isEdge(first, other))
          most = Math.max(
            most,
            1 +
              best(
                rest.filter((v) => v !== other),
                isEdge,
              ),
          );
      return most;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 11 }), fc.array(fc.boolean(), { minLength: 121, maxLength: 121 }), (n, bits) => {
        const isEdge = (a: number, b: number) => bits[Math.min(a, b) * 11 + Math.max(a, b)];
        expect(maxMatchingSize(n, isEdge)).toBe(best([...Array(n).keys()], isEdge));
      }),
      { numRuns: 300 },
    );
  });

  it('the search and the oracle-guided pairing choose the same pairing (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.boolean(), { minLength: 66, maxLength: 66 }),
        fc.array(fc.nat({ max: 3 }), { minLength: 12, maxLength: 12 }),
        (n, bits, wins) => {
          const ids = teams(n);
          const winsOf = (id: string) => wins[seedNumber(id) - 1];
          const ranked = [...ids].sort((a, b) => winsOf(b) - winsOf(a) || seedNumber(a) - seedNumber(b));
          const havePlayed = (a: string, b: string) => {
            const [x, y] = [seedNumber(a), seedNumber(b)].sort((p, q) => p - q);
            return bits[(x - 1) * 6 + (y % 6)] ?? false;
          };
          const input = { ranked, winsOf, havePlayed, hasHadBye: (id: string) => seedNumber(id) % 3 === 0 };
          expect(pairRound({ ...input, searchSteps: 0 })).toEqual(pairRound(input));
        },
      ),
      { numRuns: 300 },
    );
  });
});
