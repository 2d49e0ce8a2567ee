import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FormatMatch, FormatResult } from '../../src/shared/bracket/formats/format-match.js';
import { circleRounds, deriveRoundRobin, snakeGroups, type RoundRobinOptions, type RoundRobinStage } from '../../src/shared/bracket/formats/round-robin.js';

const teams = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const allOf = (stage: RoundRobinStage) => stage.groups.flatMap((group) => group.rounds.flatMap((round) => round.matches));

/** The result of a's match against b: each map's rounds given as [a's, b's]; the winner is who won more maps. */
function resultOf(stage: RoundRobinStage, a: string, b: string, maps: [number, number][]): FormatResult {
  const match = allOf(stage).find((m) => (m.team1Id === a && m.team2Id === b) || (m.team1Id === b && m.team2Id === a))!;
  const aIsTeam1 = match.team1Id === a;
  const aMaps = maps.filter(([x, y]) => x > y).length;
  return {
    matchKey: match.key,
    team1Id: match.team1Id!,
    team2Id: match.team2Id!,
    winnerTeamId: aMaps > maps.length / 2 ? a : b,
    score: null,
    maps: maps.map(([x, y], index) => ({ map: `Map ${index + 1}`, team1Rounds: aIsTeam1 ? x : y, team2Rounds: aIsTeam1 ? y : x })),
  };
}

const table = (stage: RoundRobinStage, letter: string) =>
  stage.groups
    .find((g) => g.letter === letter)!
    .standings.map((row) => `${row.place}. ${row.teamId} ${row.wins}-${row.losses} maps ${row.mapDiff} rounds ${row.roundDiff}`);

describe('round robin', () => {
  it('fills groups by snake seeding', () => {
    expect(snakeGroups(16, 4)).toEqual([
      [0, 7, 8, 15],
      [1, 6, 9, 14],
      [2, 5, 10, 13],
      [3, 4, 11, 12],
    ]);
    // Uneven: 10 teams in 3 groups, the last group takes the extra team.
    expect(snakeGroups(10, 3)).toEqual([
      [0, 5, 6],
      [1, 4, 7],
      [2, 3, 8, 9],
    ]);
  });

  it('schedules by the circle method: 4 teams in 3 rounds, 5 teams in 5 rounds with one team resting each round', () => {
    expect(circleRounds(4)).toEqual([
      [
        [0, 3],
        [1, 2],
      ],
      [
        [2, 0],
        [3, 1],
      ],
      [
        [0, 1],
        [2, 3],
      ],
    ]);
    const five = circleRounds(5);
    expect(five).toHaveLength(5);
    const resting = five.map((pairs) => [0, 1, 2, 3, 4].find((i) => !pairs.flat().includes(i)));
    expect(resting.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('4 groups of 4: keys, rounds, and each group table after every match is played', () => {
    const ids = teams(16);
    const empty = deriveRoundRobin(ids, { groups: 4 }, []);
    expect(empty.groups.map((g) => `${g.name}: ${g.teamIds.join(' ')}`)).toEqual([
      'Group A: t1 t8 t9 t16',
      'Group B: t2 t7 t10 t15',
      'Group C: t3 t6 t11 t14',
      'Group D: t4 t5 t12 t13',
    ]);
    expect(empty.groups[0].rounds.map((r) => `${r.name}: ${r.matches.map((m) => `${m.key} ${m.team1Id}-${m.team2Id}`).join(', ')}`)).toEqual([
      'Round 1: A1-1 t1-t16, A1-2 t8-t9',
      'Round 2: A2-1 t9-t1, A2-2 t16-t8',
      'Round 3: A3-1 t1-t8, A3-2 t9-t16',
    ]);
    expect(empty.isComplete).toBe(false);

    // Every match 2-0 to the better seed, 13-5 13-7, except three upsets, 2-1 (13-11 9-13 10-13): t9 over t8, t16 over t1, t11 over t6.
    const results: FormatResult[] = [];
    for (const m of allOf(empty)) {
      const [better, worse] = [m.team1Id!, m.team2Id!].sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
      const upset = (better === 't8' && worse === 't9') || (better === 't1' && worse === 't16') || (better === 't6' && worse === 't11');
      results.push(
        resultOf(
          empty,
          better,
          worse,
          upset
            ? [
                [13, 11],
                [9, 13],
                [10, 13],
              ]
            : [
                [13, 5],
                [13, 7],
              ],
        ),
      );
    }
    const stage = deriveRoundRobin(ids, { groups: 4 }, results);
    expect(stage.isComplete).toBe(true);
    expect(stage.cleared).toEqual([]);
    // t1 and t9 on 2 wins, t8 and t16 on 1: each pair is split by its own match.
    expect(table(stage, 'A')).toEqual([
      '1. t1 2-1 maps 3 rounds 23',
      '2. t9 2-1 maps 1 rounds 5',
      '3. t8 1-2 maps -1 rounds -5',
      '4. t16 1-2 maps -3 rounds -23',
    ]);
    expect(table(stage, 'B')).toEqual([
      '1. t2 3-0 maps 6 rounds 42',
      '2. t7 2-1 maps 2 rounds 14',
      '3. t10 1-2 maps -2 rounds -14',
      '4. t15 0-3 maps -6 rounds -42',
    ]);
    // t11's upset over t6 puts it second on wins.
    expect(table(stage, 'C')).toEqual([
      '1. t3 3-0 maps 6 rounds 42',
      '2. t11 2-1 maps 1 rounds 5',
      '3. t6 1-2 maps -1 rounds -5',
      '4. t14 0-3 maps -6 rounds -42',
    ]);
    expect(table(stage, 'D')).toEqual([
      '1. t4 3-0 maps 6 rounds 42',
      '2. t5 2-1 maps 2 rounds 14',
      '3. t12 1-2 maps -2 rounds -14',
      '4. t13 0-3 maps -6 rounds -42',
    ]);
  });

  it('three-way tie: the head-to-head mini-table first, then map difference, then round difference, then seed', () => {
    const ids = teams(4);
    const empty = deriveRoundRobin(ids, {}, []);
    // t1, t2, t3 each beat t4 and one another in a cycle: all on 2 wins, 1 each in the mini-table.
    const results = [
      resultOf(empty, 't1', 't4', [
        [13, 0],
        [13, 0],
      ]),
      resultOf(empty, 't2', 't4', [
        [13, 9],
        [13, 9],
      ]),
      resultOf(empty, 't3', 't4', [
        [13, 11],
        [13, 11],
      ]),
      resultOf(empty, 't1', 't2', [
        [13, 11],
        [7, 13],
        [13, 11],
      ]),
      resultOf(empty, 't2', 't3', [
        [13, 11],
        [13, 11],
      ]),
      resultOf(empty, 't3', 't1', [
        [13, 11],
        [13, 11],
      ]),
    ];
    // Maps: t1 2-0, 2-1, 0-2 → +1; t2 2-0, 1-2, 2-0 → +3; t3 2-0, 0-2, 2-0 → +2.
    expect(table(deriveRoundRobin(ids, {}, results), 'A')).toEqual([
      '1. t2 2-1 maps 3 rounds 14',
      '2. t3 2-1 maps 2 rounds 4',
      '3. t1 2-1 maps 1 rounds 20',
      '4. t4 0-3 maps -6 rounds -38',
    ]);

    // If t2 had beaten t1 too, the mini-table alone decides: t2 (2), t3 (1: over t1), t1 (0).
    const t2SweepsTies = results.map((r) =>
      r.matchKey === results[3].matchKey
        ? resultOf(empty, 't1', 't2', [
            [11, 13],
            [11, 13],
          ])
        : r,
    );
    // t3 lost to t2 and beat t1; now t2 leads the mini-table 2-0, t3 1, t1 0, whatever the maps.
    const adjusted = t2SweepsTies.map((r) =>
      r.matchKey === results[4].matchKey
        ? resultOf(empty, 't2', 't3', [
            [13, 11],
            [13, 11],
          ])
        : r,
    );
    expect(table(deriveRoundRobin(ids, {}, adjusted), 'A').map((row) => row.split(' ')[1])).toEqual(['t2', 't3', 't1', 't4']);

    // Equal maps and rounds: the better seed.
    const mirror = [
      resultOf(empty, 't1', 't2', [[13, 11]]),
      resultOf(empty, 't2', 't3', [[13, 11]]),
      resultOf(empty, 't3', 't1', [[13, 11]]),
      resultOf(empty, 't1', 't4', [[13, 11]]),
      resultOf(empty, 't2', 't4', [[13, 11]]),
      resultOf(empty, 't3', 't4', [[13, 11]]),
    ];
    expect(table(deriveRoundRobin(ids, {}, mirror), 'A').map((row) => row.split(' ')[1])).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('applies head-to-head again to the teams a mini-table leaves tied', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const empty = deriveRoundRobin(ids, {}, []);
    const win = (x: string, y: string, rounds: number) => resultOf(empty, x, y, [[13, rounds]]);
    // a, b, c, d on 3 wins. Among them: a beats b and c, b beats c and d, c beats d, d beats a → a 2, b 2, c 1, d 1.
    // Then a beats b and c beats d in their own matches, though b and d have the better round difference
    // (all four are +1 on maps): without applying head-to-head again the order would be b, a, d, c.
    const results = [
      win('a', 'b', 11),
      win('a', 'c', 11),
      win('b', 'c', 0),
      win('b', 'd', 0),
      win('c', 'd', 11),
      win('d', 'a', 0),
      win('a', 'e', 11),
      win('f', 'a', 11),
      win('b', 'e', 0),
      win('f', 'b', 11),
      win('c', 'e', 11),
      win('c', 'f', 11),
      win('d', 'e', 0),
      win('d', 'f', 0),
      win('e', 'f', 11),
    ];
    const order = deriveRoundRobin(ids, {}, results).groups[0].standings.map((row) => `${row.teamId} ${row.wins} ${row.roundDiff}`);
    expect(order).toEqual(['a 3 -9', 'b 3 35', 'c 3 -9', 'd 3 24', 'f 2 -13', 'e 1 -28']);
  });

  it('counts a result without maps (a forfeit) as a win only, with no maps or rounds', () => {
    const empty = deriveRoundRobin(teams(3), {}, []);
    const forfeit = { ...resultOf(empty, 't1', 't2', [[13, 0]]), maps: null };
    const played = [forfeit, resultOf(empty, 't3', 't1', [[13, 9]])];
    const rows = deriveRoundRobin(teams(3), {}, played).groups[0].standings.map(
      (r) => `${r.teamId} ${r.wins}-${r.losses} maps ${r.mapsWon}-${r.mapsLost} rounds ${r.roundsWon}-${r.roundsLost}`,
    );
    expect(rows).toEqual(['t3 1-0 maps 1-0 rounds 13-9', 't1 1-1 maps 0-1 rounds 9-13', 't2 0-1 maps 0-0 rounds 0-0']);
  });

  it('plays each pair twice with doubleRoundRobin, the sides swapped in the second cycle', () => {
    const stage = deriveRoundRobin(teams(3), { doubleRoundRobin: true }, []);
    expect(stage.groups[0].rounds.map((r) => r.matches.map((m) => `${m.key} ${m.team1Id}-${m.team2Id}`).join(', '))).toEqual([
      'A1-1 t2-t3',
      'A2-1 t3-t1',
      'A3-1 t1-t2',
      'A4-1 t3-t2',
      'A5-1 t1-t3',
      'A6-1 t2-t1',
    ]);
  });

  it('refuses groups it cannot fill', () => {
    expect(() => deriveRoundRobin(teams(1), {}, [])).toThrow('A round robin needs at least 2 teams');
    expect(() => deriveRoundRobin(teams(7), { groups: 4 }, [])).toThrow('4 groups need at least 8 teams');
    expect(() => deriveRoundRobin(teams(8), { groups: 0 }, [])).toThrow('The number of groups must be a whole number of at least 1');
    expect(() => deriveRoundRobin(teams(60), { groups: 27 }, [])).toThrow('A round robin has at most 26 groups');
    expect(() => deriveRoundRobin(['a', 'a'], {}, [])).toThrow('A team is seeded twice');
  });

  it('every pair of a group meets exactly once per cycle, never twice in a round; results never change a match (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: Math.min(26, Math.floor(n / 2)) }))),
        fc.boolean(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        ([n, groups], double, picks, flips) => {
          const options: RoundRobinOptions = { groups, doubleRoundRobin: double };
          const empty = deriveRoundRobin(teams(n), options, []);
          const sizes = empty.groups.map((g) => g.teamIds.length);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          expect(empty.groups.flatMap((g) => g.teamIds).sort()).toEqual(teams(n).sort());
          for (const group of empty.groups) {
            const m = group.teamIds.length;
            const perCycle = m % 2 === 0 ? m - 1 : m;
            expect(group.rounds).toHaveLength(perCycle * (double ? 2 : 1));
            for (const round of group.rounds) {
              const ids = round.matches.flatMap((x) => [x.team1Id, x.team2Id]);
              expect(new Set(ids).size).toBe(ids.length);
            }
            for (let cycle = 0; cycle < (double ? 2 : 1); cycle++) {
              const pairs = group.rounds
                .slice(cycle * perCycle, (cycle + 1) * perCycle)
                .flatMap((r) => r.matches.map((x) => [x.team1Id, x.team2Id].sort().join()));
              expect(pairs).toHaveLength((m * (m - 1)) / 2);
              expect(new Set(pairs).size).toBe(pairs.length);
            }
          }
          const results: FormatResult[] = allOf(empty).map((x: FormatMatch, i) => ({
            matchKey: x.key,
            team1Id: x.team1Id!,
            team2Id: x.team2Id!,
            winnerTeamId: picks[i % picks.length] ? x.team1Id! : x.team2Id!,
            score: null,
            maps: [{ map: 'Bind', team1Rounds: picks[i % picks.length] ? 13 : i % 12, team2Rounds: picks[i % picks.length] ? i % 12 : 13 }],
          }));
          const played = deriveRoundRobin(teams(n), options, results);
          expect(deriveRoundRobin(teams(n), options, results)).toEqual(played);
          expect(played.isComplete).toBe(true);
          const changed = [...results];
          for (const index of flips) {
            const r = changed[index % changed.length];
            changed[index % changed.length] = { ...r, winnerTeamId: r.winnerTeamId === r.team1Id ? r.team2Id : r.team1Id };
          }
          const corrected = deriveRoundRobin(teams(n), options, changed);
          // The schedule depends on the seeding only: a correction clears nothing and every place stays a permutation.
          expect(corrected.cleared).toEqual([]);
          for (const group of corrected.groups) expect(group.standings.map((row) => row.place)).toEqual(group.teamIds.map((_, i) => i + 1));
          for (const group of corrected.groups) {
            const wins = group.standings.map((row) => row.wins);
            expect(wins).toEqual([...wins].sort((a, b) => b - a));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
