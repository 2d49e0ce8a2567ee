import { describe, expect, it } from 'vitest';
import { standingsOf } from '../../src/shared/bracket/standings.js';
import type { Bracket, BracketMatch } from '../../src/shared/schemas/bracket.js';

const match = (key: string, a: string | null, b: string | null, winner: string | null = null): BracketMatch => ({
  id: key,
  key,
  team1Id: a,
  team1Name: a && a.toUpperCase(),
  team1LogoUrl: null,
  team2Id: b,
  team2Name: b && b.toUpperCase(),
  team2LogoUrl: null,
  winnerTeamId: winner,
  isBye: false,
  score: null,
});
const bracket = (rounds: BracketMatch[][], thirdPlace?: BracketMatch): Bracket => ({
  tournamentId: 't',
  seeding: 'registration',
  rounds: rounds.map((matches, index) => ({ number: index + 1, name: index === rounds.length - 1 ? 'Final' : `Round ${index + 1}`, matches })),
  thirdPlace,
  isComplete: false,
  confirmedAt: null,
  championTeamId: null,
});

describe('standings of a bracket', () => {
  it('puts the teams still in first while it is played', () => {
    const rows = standingsOf(bracket([[match('r1m1', 'a', 'b', 'a'), match('r1m2', 'c', 'd')], [match('r2m1', 'a', null)]]));
    expect(rows.map((row) => [row.teamId, row.status, row.reached, row.place])).toEqual([
      ['a', 'playing', 'Final', null],
      ['c', 'playing', 'Round 1', null],
      ['d', 'playing', 'Round 1', null],
      ['b', 'out', 'Round 1', 3],
    ]);
  });

  it('gives the final places once decided, with the third-place match', () => {
    const rows = standingsOf(
      bracket([[match('r1m1', 'a', 'b', 'a'), match('r1m2', 'c', 'd', 'd')], [match('r2m1', 'a', 'd', 'd')]], match('third-place', 'b', 'c', 'c')),
    );
    expect(rows.map((row) => [row.teamName, row.status, row.place, row.wins])).toEqual([
      ['D', 'champion', 1, 2],
      ['A', 'runner_up', 2, 1],
      ['C', 'third', 3, 1],
      ['B', 'fourth', 4, 0],
    ]);
  });
});
