import { describe, expect, it } from 'vitest';
import type { BestOf, VetoLogEntry } from '../../src/shared/schemas/match.js';
import { actOnOverdueTurns, applyVetoChoice, isVetoRefusal, tossCoinIfDue, vetoRestartOf, vetoState, vetoSteps, type RandomInt, type VetoChoice, type VetoSetup } from '../../src/shared/match/veto.js';

const pool7 = ['Abyss', 'Ascent', 'Bind', 'Haven', 'Icebox', 'Lotus', 'Sunset'];
const opened = new Date('2026-06-01T18:00:00Z');
const setupFor = (bestOf: BestOf, pool: string[] = pool7, seeds: [number, number] = [1, 2]): VetoSetup => ({
  bestOf,
  pool,
  team1Id: 'A',
  team2Id: 'B',
  team1Seed: seeds[0],
  team2Seed: seeds[1],
  openedAt: opened,
  turnSeconds: 90,
});
const at = (seconds: number) => new Date(opened.getTime() + seconds * 1000);
/** A random source that always answers the first option. */
const first: RandomInt = () => 0;

function act(setup: VetoSetup, log: VetoLogEntry[], teamId: string, choice: VetoChoice, when = at(1)) {
  const result = applyVetoChoice(setup, log, teamId, choice, when);
  if (isVetoRefusal(result)) throw new Error(result.message);
  return result.log;
}

/** Plays the whole veto, each team taking the first remaining map and attack; returns the log. */
function playThrough(setup: VetoSetup, order: 'first' | 'second' = 'first') {
  let log = tossCoinIfDue(setup, [], first, opened);
  for (;;) {
    const state = vetoState(setup, log);
    if (!state.next) return log;
    const turn = state.next;
    const choice: VetoChoice = turn.action === 'order' ? { order } : turn.action === 'side' ? { side: 'attack' } : { map: state.remaining[0]! };
    log = act(setup, log, turn.teamId, choice);
  }
}

const poolOf = (size: number) => Array.from({ length: size }, (_, i) => `Map${i + 1}`);

describe('vetoSteps', () => {
  it('follows the seven-map templates', () => {
    expect(vetoSteps(1, 7)).toEqual(['ban', 'ban', 'ban', 'ban', 'ban', 'ban']);
    expect(vetoSteps(3, 7)).toEqual(['ban', 'ban', 'pick', 'pick', 'ban', 'ban']);
    expect(vetoSteps(5, 7)).toEqual(['ban', 'ban', 'pick', 'pick', 'pick', 'pick']);
  });

  it('drops the bans nearest the end for smaller pools, adds bans first for larger ones', () => {
    expect(vetoSteps(1, 2)).toEqual(['ban']);
    expect(vetoSteps(3, 6)).toEqual(['ban', 'ban', 'pick', 'pick', 'ban']);
    expect(vetoSteps(3, 5)).toEqual(['ban', 'ban', 'pick', 'pick']);
    expect(vetoSteps(3, 4)).toEqual(['ban', 'pick', 'pick']);
    expect(vetoSteps(5, 6)).toEqual(['ban', 'pick', 'pick', 'pick', 'pick']);
    expect(vetoSteps(3, 9)).toEqual(['ban', 'ban', 'ban', 'ban', 'pick', 'pick', 'ban', 'ban']);
    expect(vetoSteps(5, 8)).toEqual(['ban', 'ban', 'ban', 'pick', 'pick', 'pick', 'pick']);
  });

  it('refuses a pool too small for the best-of', () => {
    expect(() => vetoSteps(3, 3)).toThrow('A best of 3 needs a pool of at least 4 maps');
    expect(() => vetoSteps(1, 1)).toThrow();
  });

  for (const bestOf of [1, 3, 5] as const) {
    for (const size of [...Array.from({ length: 7 - bestOf }, (_, i) => bestOf + 1 + i), 9]) {
      it(`Bo${bestOf} with ${size} maps: ${size - 1} steps, ${bestOf - 1} picks, played through to ${bestOf} maps`, () => {
        const steps = vetoSteps(bestOf, size);
        expect(steps).toHaveLength(size - 1);
        expect(steps.filter((s) => s === 'pick')).toHaveLength(bestOf - 1);
        const setup = setupFor(bestOf, poolOf(size));
        const log = playThrough(setup);
        const state = vetoState(setup, log);
        expect(state.done).toBe(true);
        expect(state.next).toBeNull();
        expect(state.remaining).toEqual([]);
        expect(state.maps).toHaveLength(bestOf);
        // Bans and picks alternate from the starting team (A, the higher seed choosing to start).
        const actions = log.filter((e) => e.action === 'ban' || e.action === 'pick');
        expect(actions.map((e) => e.action)).toEqual(steps);
        expect(actions.map((e) => e.teamId)).toEqual(steps.map((_, i) => (i % 2 === 0 ? 'A' : 'B')));
        // The decider is what was left; the team that did not start (B) chooses its side on it.
        const decider = state.maps[state.maps.length - 1]!;
        expect(decider).toEqual({ map: poolOf(size)[size - 1], pickedByTeamId: null, side: { teamId: 'B', side: 'attack' } });
        // Each pick's side is chosen by the other team.
        for (const map of state.maps.slice(0, -1)) expect(map.side?.teamId).toBe(map.pickedByTeamId === 'A' ? 'B' : 'A');
      });
    }
  }
});

describe('vetoState and applyVetoChoice', () => {
  it('lets the higher seed choose the order; choosing second makes the other team start', () => {
    const setup = setupFor(3, pool7, [4, 1]);
    expect(vetoState(setup, []).next).toEqual({ action: 'order', teamId: 'B', deadline: at(90) });
    const log = act(setup, [], 'B', { order: 'second' }, at(10));
    expect(log).toEqual([{ action: 'order', teamId: 'B', order: 'second', auto: false, at: at(10).toISOString() }]);
    expect(vetoState(setup, log).next).toEqual({ action: 'ban', teamId: 'A', deadline: at(100) });
  });

  it('tosses a coin for equal seeds first; nobody acts before it', () => {
    const setup = setupFor(1, pool7, [1, 1]);
    const before = vetoState(setup, []);
    expect(before).toMatchObject({ next: null, coinPending: true, done: false });
    expect(applyVetoChoice(setup, [], 'A', { order: 'first' }, at(1))).toEqual({ status: 409, message: 'The coin toss has not been made yet', reason: 'coin' });
    const tossed = tossCoinIfDue(setup, [], () => 1, at(0));
    expect(tossed).toEqual([{ action: 'coin', teamId: 'B', auto: true, at: at(0).toISOString() }]);
    expect(tossCoinIfDue(setup, tossed, () => 0, at(5))).toBe(tossed);
    expect(vetoState(setup, tossed).next).toMatchObject({ action: 'order', teamId: 'B' });
    expect(tossCoinIfDue(setupFor(1), [], () => 0, at(0))).toEqual([]);
  });

  it('plays a Bo3: picks with the other team choosing sides, bans, the decider written by the site', () => {
    const setup = setupFor(3);
    let log = act(setup, [], 'A', { order: 'first' });
    log = act(setup, log, 'A', { map: 'Abyss' });
    log = act(setup, log, 'B', { map: 'ascent' }); // case-insensitive, stored as the pool spells it
    log = act(setup, log, 'A', { map: 'Bind' });
    expect(vetoState(setup, log).next).toMatchObject({ action: 'side', teamId: 'B', map: 'Bind' });
    log = act(setup, log, 'B', { side: 'defense' });
    log = act(setup, log, 'B', { map: 'Haven' });
    log = act(setup, log, 'A', { side: 'attack' });
    log = act(setup, log, 'A', { map: 'Icebox' });
    log = act(setup, log, 'B', { map: 'Lotus', }, at(30));
    expect(log.slice(-2)).toEqual([
      { action: 'ban', teamId: 'B', map: 'Lotus', auto: false, at: at(30).toISOString() },
      { action: 'decider', teamId: null, map: 'Sunset', auto: false, at: at(30).toISOString() },
    ]);
    expect(vetoState(setup, log).next).toEqual({ action: 'side', teamId: 'B', map: 'Sunset', deadline: at(120) });
    log = act(setup, log, 'B', { side: 'attack' });
    const state = vetoState(setup, log);
    expect(state.done).toBe(true);
    expect(state.maps).toEqual([
      { map: 'Bind', pickedByTeamId: 'A', side: { teamId: 'B', side: 'defense' } },
      { map: 'Haven', pickedByTeamId: 'B', side: { teamId: 'A', side: 'attack' } },
      { map: 'Sunset', pickedByTeamId: null, side: { teamId: 'B', side: 'attack' } },
    ]);
    expect(applyVetoChoice(setup, log, 'A', { map: 'Abyss' }, at(40))).toEqual({ status: 409, message: 'The veto is over', reason: 'over' });
  });

  it('in a Bo5 the last pick gets its side before the decider is written', () => {
    const setup = setupFor(5);
    const log = playThrough(setup);
    const tail = log.slice(-4).map((e) => e.action);
    expect(tail).toEqual(['pick', 'side', 'decider', 'side']);
  });

  it('refuses out of turn, unknown and used maps, wrong kinds and strangers with messages that say which', () => {
    const setup = setupFor(3);
    expect(applyVetoChoice(setup, [], 'B', { order: 'first' }, at(1))).toEqual({ status: 409, message: 'It is not your turn in the veto', reason: 'turn' });
    expect(applyVetoChoice(setup, [], 'A', { map: 'Bind' }, at(1))).toEqual({ status: 400, message: 'Choose whether to start the veto now, not a map', reason: 'kind' });
    let log = act(setup, [], 'A', { order: 'first' });
    expect(applyVetoChoice(setup, log, 'A', { side: 'attack' }, at(1))).toMatchObject({ status: 400, message: 'Ban a map now, not a side' });
    expect(applyVetoChoice(setup, log, 'A', { order: 'first' }, at(1))).toMatchObject({ status: 400, message: 'Ban a map now, not an order' });
    expect(applyVetoChoice(setup, log, 'A', { map: 'Dust2' }, at(1))).toEqual({ status: 400, message: 'That map is not in the map pool', reason: 'map' });
    expect(applyVetoChoice(setup, log, 'C', { map: 'Bind' }, at(1))).toMatchObject({ status: 400, message: 'That team does not play this match' });
    log = act(setup, log, 'A', { map: 'Bind' });
    expect(applyVetoChoice(setup, log, 'B', { map: 'bind' }, at(1))).toEqual({ status: 409, message: 'That map has already been banned or picked', reason: 'map' });
    log = act(setup, log, 'B', { map: 'Abyss' });
    log = act(setup, log, 'A', { map: 'Haven' });
    expect(applyVetoChoice(setup, log, 'B', { map: 'Lotus' }, at(1))).toMatchObject({ status: 400, message: 'Choose your starting side on Haven now, not a map' });
    expect(applyVetoChoice(setup, log, 'A', { side: 'attack' }, at(1))).toMatchObject({ status: 409, message: 'It is not your turn in the veto' });
  });

  it('lets nobody act on a pool too small for the best-of (changed under the match)', () => {
    const setup = setupFor(3, ['Bind', 'Haven', 'Lotus']);
    expect(vetoState(setup, [])).toEqual({ next: null, remaining: ['Bind', 'Haven', 'Lotus'], maps: [], done: false, coinPending: false });
    expect(applyVetoChoice(setup, [], 'A', { order: 'first' }, at(1))).toMatchObject({ status: 409, message: 'The map pool has too few maps for a best of 3' });
    expect(actOnOverdueTurns(setup, [], at(10_000), first)).toEqual([]);
  });

  it('restarts the clock from a reset made for the same teams only', () => {
    const stored = { team1Id: 'A', team2Id: 'B', log: [], restartedAt: at(500).toISOString() };
    expect(vetoRestartOf(stored, 'A', 'B')).toEqual(at(500));
    expect(vetoRestartOf(stored, 'A', 'C')).toBeNull();
    expect(vetoRestartOf({ team1Id: 'A', team2Id: 'B', log: [] }, 'A', 'B')).toBeNull();
    expect(vetoRestartOf(null, 'A', 'B')).toBeNull();
  });

  it('runs each deadline from the previous action (or the opening)', () => {
    const setup = setupFor(1);
    expect(vetoState(setup, []).next?.deadline).toEqual(at(90));
    const log = act(setup, [], 'A', { order: 'first' }, at(200)); // late, but the sweep had not acted: it counts
    expect(vetoState(setup, log).next).toEqual({ action: 'ban', teamId: 'A', deadline: at(290) });
  });
});

describe('actOnOverdueTurns', () => {
  it('does nothing before a deadline', () => {
    const setup = setupFor(3);
    const log: VetoLogEntry[] = [];
    expect(actOnOverdueTurns(setup, log, at(89), first)).toBe(log);
    expect(actOnOverdueTurns(setup, log, at(-10), first)).toBe(log);
  });

  it('acts at random for the overdue turn, dated at its deadline, marked auto', () => {
    const setup = setupFor(3);
    const log = actOnOverdueTurns(setup, [], at(90), () => 1);
    expect(log).toEqual([{ action: 'order', teamId: 'A', order: 'second', auto: true, at: at(90).toISOString() }]);
    const next = actOnOverdueTurns(setup, log, at(200), () => 2);
    expect(next.slice(1)).toEqual([{ action: 'ban', teamId: 'B', map: 'Bind', auto: true, at: at(180).toISOString() }]);
  });

  it('catches up several overdue turns one after another, through to the end', () => {
    const setup = setupFor(3);
    const log = actOnOverdueTurns(setup, [], at(90 * 20), first);
    const state = vetoState(setup, log);
    expect(state.done).toBe(true);
    const turns = log.filter((e) => e.action !== 'decider');
    expect(turns.every((e) => e.auto)).toBe(true);
    expect(turns.map((e) => e.at)).toEqual(turns.map((_, i) => at(90 * (i + 1)).toISOString()));
    expect(state.maps.map((m) => m.map)).toEqual(['Bind', 'Haven', 'Sunset']);
    expect(state.maps.every((m) => m.side?.side === 'attack')).toBe(true);
  });

  it('tosses a due coin at the opening, then waits for the winner', () => {
    const setup = setupFor(1, pool7, [2, 2]);
    const log = actOnOverdueTurns(setup, [], at(5), () => 0);
    expect(log).toEqual([{ action: 'coin', teamId: 'A', auto: true, at: opened.toISOString() }]);
    expect(vetoState(setup, log).next).toMatchObject({ action: 'order', teamId: 'A', deadline: at(90) });
  });
});
