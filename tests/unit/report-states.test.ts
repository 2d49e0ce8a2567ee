import { describe, expect, it } from 'vitest';
import { canMove, organizerUnblocks, reportStateOf, reportStates, reportTransitions, sameMaps, type StoredReport } from '../../src/shared/match/report-states.js';

const teams = { team1Id: 'a', team2Id: 'b' };
const stored = (state: StoredReport['state'], deadline = '2026-11-26T10:10:00.000Z'): StoredReport => ({
  ...teams,
  state,
  reports: [{ teamId: 'a', maps: [{ map: 'Bind', team1Rounds: 13, team2Rounds: 7 }], winnerTeamId: 'a', at: '2026-11-26T10:00:00.000Z' }],
  deadline,
});

describe("a match's report states", () => {
  it('reads none without a report or with one for other teams, and confirmed once the deadline passed unanswered', () => {
    const before = new Date('2026-11-26T10:09:59.999Z');
    const at = new Date('2026-11-26T10:10:00.000Z');
    expect(reportStateOf(null, teams, at)).toBe('none');
    expect(reportStateOf(stored('reported'), { team1Id: 'a', team2Id: 'c' }, at)).toBe('none');
    expect(reportStateOf(stored('reported'), teams, before)).toBe('reported');
    expect(reportStateOf(stored('reported'), teams, at)).toBe('confirmed');
    // Only an unanswered report counts by the clock: a dispute waits for staff.
    expect(reportStateOf(stored('disputed'), teams, at)).toBe('disputed');
  });

  it('moves only by its declared transitions', () => {
    expect(canMove('report', 'none')).toBe(true);
    expect(canMove('report', 'reported')).toBe(false);
    expect(canMove('confirm', 'reported')).toBe(true);
    expect(canMove('confirm', 'disputed')).toBe(false);
    expect(canMove('dispute', 'confirmed')).toBe(false);
    expect(canMove('rule', 'disputed')).toBe(true);
    expect(canMove('reopen', 'disputed')).toBe(true);
    expect(canMove('reopen', 'ruled')).toBe(false);
    // Every state is reached by some transition (none: by a reopen).
    const targets = new Set(Object.values(reportTransitions).map((t) => t.to));
    expect([...reportStates].filter((s) => !targets.has(s))).toEqual([]);
  });

  it('gives the organizer an action in every state', () => {
    for (const state of reportStates) expect(organizerUnblocks[state].length).toBeGreaterThan(0);
    // Where the organizer can reopen, the table allows it.
    for (const state of reportStates) expect(organizerUnblocks[state].includes('reopen')).toBe(canMove('reopen', state));
  });

  it('compares two reports map by map, ignoring the case of map names', () => {
    const maps = [{ map: 'Bind', team1Rounds: 13, team2Rounds: 7 }];
    expect(sameMaps(maps, [{ map: 'bind', team1Rounds: 13, team2Rounds: 7 }])).toBe(true);
    expect(sameMaps(maps, [{ map: 'Bind', team1Rounds: 13, team2Rounds: 9 }])).toBe(false);
    expect(sameMaps(maps, [...maps, { map: 'Haven', team1Rounds: 13, team2Rounds: 2 }])).toBe(false);
  });
});
