import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveEvent, eventMatches, playoffSeeding, type EventSetup } from '../../src/shared/bracket/event.js';
import type { FormatResult } from '../../src/shared/bracket/formats/format-match.js';

/** An event played forward: every open match won by the better seed (or by `pick`), until none is left. */
function playOut(setup: EventSetup, pick: (match: { key: string; team1Id: string; team2Id: string }) => string = (m) => (m.team1Id < m.team2Id ? m.team1Id : m.team2Id)) {
  const results: FormatResult[] = [];
  for (let guard = 0; guard < 500; guard++) {
    const event = deriveEvent(setup, results);
    const open = eventMatches(event).find((m) => !m.isBye && m.team1Id && m.team2Id && m.winnerTeamId === null);
    if (!open) return { event, results };
    results.push({ matchKey: open.key, team1Id: open.team1Id!, team2Id: open.team2Id!, winnerTeamId: pick({ key: open.key, team1Id: open.team1Id!, team2Id: open.team2Id! }), score: null });
  }
  throw new Error('never ends');
}

// Team ids sort as their seeds: t01 is seed 1.
const field = (n: number) => Array.from({ length: n }, (_, i) => `t${String(i + 1).padStart(2, '0')}`);

describe('an event in two stages', () => {
  it('4 groups of 4 into an 8-team playoff: group winners are seeds 1-4, every first round pairs a winner with another group’s second', () => {
    const setup: EventSetup = { format: 'round_robin', teamIds: field(16), thirdPlace: false, options: { groups: 4, playoff: { format: 'single_elimination', advance: 2, thirdPlace: false, grandFinalReset: true } }, playoffDrawn: true };
    const { event } = playOut(setup);
    const groups = event.stages![0].groups!;
    // Snake seeding: A has seeds 1, 8, 9, 16; B 2, 7, 10, 15; C 3, 6, 11, 14; D 4, 5, 12, 13.
    expect(groups.map((group) => group.standings.map((row) => row.teamId))).toEqual([
      ['t01', 't08', 't09', 't16'],
      ['t02', 't07', 't10', 't15'],
      ['t03', 't06', 't11', 't14'],
      ['t04', 't05', 't12', 't13'],
    ]);
    // Winners A1–D1 are seeds 1–4; the seconds go where their own winner is furthest: B2, A2, D2, C2.
    expect(event.playoff?.teamIds).toEqual(['t01', 't02', 't03', 't04', 't07', 't08', 't05', 't06']);
    const playoff = event.stages![1];
    expect(playoff.name).toBe('Playoffs');
    const groupOf = (id: string) => groups.findIndex((group) => group.standings.some((row) => row.teamId === id));
    const quarterFinals = playoff.rounds[0].matches;
    expect(quarterFinals).toHaveLength(4);
    for (const match of quarterFinals) expect(groupOf(match.team1Id!)).not.toBe(groupOf(match.team2Id!));
    expect(quarterFinals.map((m) => [m.team1Id, m.team2Id])).toEqual([
      ['t01', 't06'],
      ['t04', 't07'],
      ['t02', 't05'],
      ['t03', 't08'],
    ]);
    // Two teams of one group are in different halves: they can meet only in the final.
    const half = (id: string) => (quarterFinals.findIndex((m) => m.team1Id === id || m.team2Id === id) < 2 ? 'top' : 'bottom');
    for (const group of groups) expect(half(group.standings[0].teamId)).not.toBe(half(group.standings[1].teamId));
    expect(event.placements).toEqual({ first: 't01', second: 't02', third: ['t04', 't03'] });
    expect(event.labels.get('P-r1m1')).toBe('Playoffs: Quarter-finals, Match 1');
    expect(event.labels.get('A1-1')).toBe('Group A, Round 1, Match 1');
    expect(event.finalKeys).toEqual(['P-r3m1']);
  });

  it('the playoff is not derived before the organizer draws it, and a playoff result then counts for nothing', () => {
    const setup: EventSetup = { format: 'swiss', teamIds: field(8), thirdPlace: false, options: { playoff: { format: 'double_elimination', advance: 4, thirdPlace: false, grandFinalReset: true } }, playoffDrawn: false };
    const { event, results } = playOut(setup);
    expect(event.playoff).toMatchObject({ isDrawn: false, canDraw: true, teamIds: null });
    expect(event.stages).toHaveLength(1);
    expect(event.placements).toBeNull();
    const stray: FormatResult = { matchKey: 'P-U1-1', team1Id: 't01', team2Id: 't04', winnerTeamId: 't01', score: null };
    expect(deriveEvent(setup, [...results, stray]).cleared).toEqual([stray]);
    const drawn = deriveEvent({ ...setup, playoffDrawn: true }, [...results, stray]);
    expect(drawn.stages!.map((stage) => stage.type)).toEqual(['swiss', 'double_elimination']);
    expect(drawn.cleared).toEqual([]);
    expect(drawn.rounds.at(-1)!.name).toBe('Playoffs: Grand final');
  });

  it('places group winners apart whatever the number of groups and teams going through', () => {
    const ranking = (groups: number, size: number) => Array.from({ length: groups }, (_, g) => Array.from({ length: size }, (_, p) => `${String.fromCharCode(65 + g)}${p + 1}`));
    expect(playoffSeeding(ranking(2, 4), 2)).toEqual(['A1', 'B1', 'A2', 'B2']);
    expect(playoffSeeding(ranking(3, 3), 1)).toEqual(['A1', 'B1', 'C1']);
  });
});

describe('any format, recomputed', () => {
  const setups: fc.Arbitrary<EventSetup> = fc.oneof(
    fc.integer({ min: 2, max: 12 }).map((n): EventSetup => ({ format: 'single_elimination', teamIds: field(n), thirdPlace: n >= 4, options: {}, playoffDrawn: false })),
    fc.integer({ min: 3, max: 12 }).map((n): EventSetup => ({ format: 'double_elimination', teamIds: field(n), thirdPlace: false, options: { grandFinalReset: n % 2 === 0 }, playoffDrawn: false })),
    fc.integer({ min: 4, max: 12 }).map((n): EventSetup => ({ format: 'round_robin', teamIds: field(n), thirdPlace: false, options: { groups: 2, playoff: { format: 'single_elimination', advance: 2, thirdPlace: false, grandFinalReset: true } }, playoffDrawn: true })),
    fc.integer({ min: 4, max: 12 }).map((n): EventSetup => ({ format: 'swiss', teamIds: field(n), thirdPlace: false, options: { playoff: { format: 'double_elimination', advance: 3, thirdPlace: false, grandFinalReset: true } }, playoffDrawn: true })),
  );

  it('ends with a podium, numbers the schedule 1…N with no team twice in a round, and derives the same event again from its own results', () => {
    fc.assert(
      fc.property(setups, fc.integer({ min: 0, max: 1000 }), (setup, salt) => {
        // The winner of each match is a function of the match and the salt: any result pattern.
        const { event, results } = playOut(setup, (m) => ((m.key.length + m.team1Id.charCodeAt(2) + salt) % 2 === 0 ? m.team1Id : m.team2Id));
        expect(event.placements).not.toBeNull();
        expect(event.rounds.map((round) => round.number)).toEqual(event.rounds.map((_, index) => index + 1));
        for (const round of event.rounds) {
          const teams = round.matches.flatMap((m) => [m.team1Id, m.team2Id]).filter((id) => id !== null);
          expect(new Set(teams).size).toBe(teams.length);
        }
        expect(event.cleared).toEqual([]);
        expect(deriveEvent(setup, results)).toEqual(event);
        for (const match of eventMatches(event)) expect(event.labels.get(match.key)).toBeTruthy();
      }),
      { numRuns: 60 },
    );
  });
});
