import { describe, it } from 'vitest';
import { deriveEvent, eventMatches, type EventSetup } from '../../src/shared/bracket/event.js';
import type { FormatResult } from '../../src/shared/bracket/formats/format-match.js';

function timeFull(setup: EventSetup, label: string) {
  let results: FormatResult[] = [];
  let t0 = Date.now();
  let last = 0;
  for (let guard = 0; guard < 100; guard++) {
    const s = Date.now();
    const ev = deriveEvent(setup, results);
    last = Date.now() - s;
    const open = eventMatches(ev).filter((m) => !m.isBye && m.team1Id && m.team2Id && m.winnerTeamId === null);
    if (!open.length) { console.log(label, 'matches', eventMatches(ev).length, 'last derive ms', last, 'total', Date.now() - t0); return; }
    results = [...results, ...open.map((m, i) => ({ matchKey: m.key, team1Id: m.team1Id!, team2Id: m.team2Id!, winnerTeamId: i % 3 ? m.team1Id! : m.team2Id!, score: null }))];
  }
}
const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
describe('probe perf', () => {
  it('times', () => {
    timeFull({ format: 'swiss', teamIds: ids(1024), thirdPlace: false, options: { rounds: 12 }, playoffDrawn: false }, 'swiss1024x12');
    timeFull({ format: 'swiss', teamIds: ids(257), thirdPlace: false, options: { rounds: 11 }, playoffDrawn: false }, 'swiss257x11');
    timeFull({ format: 'round_robin', teamIds: ids(300), thirdPlace: false, options: { groups: 1 }, playoffDrawn: false }, 'rr300');
  }, 600_000);
});
