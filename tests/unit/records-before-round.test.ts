import { describe, expect, it } from 'vitest';
import { recordsBeforeRounds } from '../../src/shared/bracket/records-before-round.js';
import type { BracketMatch } from '../../src/shared/schemas/bracket.js';

const match = (team1Id: string, team2Id: string | null, winnerTeamId: string | null): BracketMatch => ({
  id: `${team1Id}-${team2Id}`,
  key: `${team1Id}-${team2Id}`,
  team1Id,
  team1Name: team1Id,
  team1LogoUrl: null,
  team2Id,
  team2Name: team2Id,
  team2LogoUrl: null,
  winnerTeamId,
  isBye: team2Id === null,
  score: null,
});

describe('recordsBeforeRounds', () => {
  it('gives each team its record from the rounds before, a bye counting as a win', () => {
    const records = recordsBeforeRounds([
      { number: 1, matches: [match('a', 'b', 'a'), match('c', 'd', 'd'), match('e', null, 'e')] },
      { number: 2, matches: [match('a', 'd', null), match('b', 'c', 'c'), match('e', 'b', null)] },
    ]);
    expect(records.get(1)!.get('a')).toEqual({ wins: 0, losses: 0 });
    expect(Object.fromEntries(records.get(2)!)).toEqual({
      a: { wins: 1, losses: 0 },
      d: { wins: 1, losses: 0 },
      b: { wins: 0, losses: 1 },
      c: { wins: 0, losses: 1 },
      e: { wins: 1, losses: 0 },
    });
  });
});
