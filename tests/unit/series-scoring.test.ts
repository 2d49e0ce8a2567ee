import { describe, expect, it } from 'vitest';
import { mapScoreError, mapsToWin, seriesOutcome } from '../../src/shared/match/scoring.js';

const notFinal = (a: number, b: number) => `${a}–${b} is not a final score: a map is won 13 to at most 11, or by two in overtime`;

describe('the valorant scoring rule', () => {
  it.each([
    [13, 11],
    [11, 13],
    [13, 0],
    [14, 12],
    [15, 13],
    [12, 14],
    [22, 20],
  ])('takes %i–%i', (a, b) => {
    expect(mapScoreError('valorant', a, b)).toBeNull();
  });

  it.each([
    [13, 12],
    [12, 10],
    [14, 11],
    [16, 13],
    [15, 12],
    [14, 13],
    [0, 1],
  ])('refuses %i–%i', (a, b) => {
    expect(mapScoreError('valorant', a, b)).toBe(notFinal(a, b));
  });

  it('refuses a draw with its own message', () => {
    expect(mapScoreError('valorant', 12, 12)).toBe('A map cannot end in a draw');
  });
});

describe('the free scoring rule', () => {
  it('takes any whole numbers but a draw', () => {
    expect(mapScoreError('free', 13, 12)).toBeNull();
    expect(mapScoreError('free', 2, 1)).toBeNull();
    expect(mapScoreError('free', 0, 16)).toBeNull();
    expect(mapScoreError('free', 5, 5)).toBe('A map cannot end in a draw');
  });
});

describe('the series', () => {
  const map = (team1Rounds: number, team2Rounds: number, name = 'Ascent') => ({ map: name, team1Rounds, team2Rounds });

  it('needs more than half of the maps', () => {
    expect([mapsToWin(1), mapsToWin(3), mapsToWin(5)]).toEqual([1, 2, 3]);
  });

  it('is won by the first team to win ceil(bestOf/2) maps', () => {
    const { outcome, issues } = seriesOutcome(3, 'valorant', [map(13, 7), map(11, 13), map(13, 9)]);
    expect(issues).toEqual([]);
    expect(outcome).toMatchObject({ team1Maps: 2, team2Maps: 1, winner: 1 });
    expect(outcome.maps.map((m) => m.winner)).toEqual([1, 2, 1]);
    expect(seriesOutcome(5, 'valorant', [map(5, 13), map(7, 13), map(12, 14)]).outcome).toMatchObject({ team1Maps: 0, team2Maps: 3, winner: 2 });
    expect(seriesOutcome(1, 'valorant', [map(13, 11)]).outcome.winner).toBe(1);
  });

  it('is still on while no team has won enough maps', () => {
    const { outcome, issues } = seriesOutcome(3, 'valorant', [map(13, 7)]);
    expect(issues).toEqual([]);
    expect(outcome).toMatchObject({ team1Maps: 1, team2Maps: 0, winner: null });
    expect(seriesOutcome(5, 'valorant', []).outcome).toMatchObject({ team1Maps: 0, team2Maps: 0, winner: null });
  });

  it('refuses the maps after it was won, on each of them', () => {
    const { issues } = seriesOutcome(3, 'valorant', [map(13, 7), map(13, 9), map(9, 13), map(13, 2)]);
    expect(issues).toEqual([
      { path: 'maps.2', message: 'The series was already won: remove the maps after it' },
      { path: 'maps.3', message: 'The series was already won: remove the maps after it' },
    ]);
    expect(seriesOutcome(1, 'valorant', [map(13, 7), map(13, 9)]).issues).toEqual([{ path: 'maps.1', message: 'The series was already won: remove the maps after it' }]);
  });

  it('says which map has a score that is not final', () => {
    const { issues } = seriesOutcome(3, 'valorant', [map(13, 7), map(13, 12), map(12, 12)]);
    expect(issues).toEqual([
      { path: 'maps.1.team1Rounds', message: notFinal(13, 12) },
      { path: 'maps.2.team1Rounds', message: 'A map cannot end in a draw' },
    ]);
  });

  it('follows the tournament rule', () => {
    expect(seriesOutcome(3, 'free', [map(2, 1), map(3, 0)]).outcome).toMatchObject({ winner: 1, team1Maps: 2 });
  });
});
