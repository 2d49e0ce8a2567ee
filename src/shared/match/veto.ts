import { msg } from '../i18n/msg.js';
import { mapSides, vetoOrders, type BestOf, type CaptainVetoInput, type MapSide, type SettledMap, type VetoLogEntry, type VetoOrder, type VetoTurnAction } from '../schemas/match.js';

/**
 * The map veto, replayed from its log: whose turn it is, what is left, which maps are played with
 * which sides. Pure: the server stores the log (matches.veto) and asks this module what an action
 * means; randomness (the coin toss, the site acting on a timeout) comes in as a function so tests
 * are deterministic.
 *
 * The turns: the higher seed (after a coin toss when seeds are equal) chooses whether to start
 * (`order`); the bans and picks of `vetoSteps` alternate from the starting team; after each pick
 * the other team chooses its starting side on it; when the steps are done the map left is the
 * decider, on which the team that did not start chooses its side. Then the veto is done.
 */

/** Everything the veto depends on besides its log. */
export interface VetoSetup {
  bestOf: BestOf;
  /** The tournament's map pool, in its order. */
  pool: string[];
  team1Id: string;
  team2Id: string;
  /** Seeds (1 is the highest). Equal seeds: a coin toss decides who chooses the order. */
  team1Seed: number;
  team2Seed: number;
  /** When the match got both teams and could start: the first turn's deadline runs from here. */
  openedAt: Date;
  turnSeconds: number;
}

/** What is stored on the match (matches.veto): the teams it was run for, and the log. */
export interface StoredVeto {
  team1Id: string;
  team2Id: string;
  log: VetoLogEntry[];
  /** Staff reset the veto then: the first turn's deadline runs from here, not from the opening. */
  restartedAt?: string;
  /** The pool the veto began on: the log replays on it whatever the tournament's or the site's pool becomes. */
  pool?: string[];
}

/** The pool a begun veto for these teams replays on; null before its first action (the current pool counts). */
export function vetoPoolOf(stored: StoredVeto | null, team1Id: string, team2Id: string): string[] | null {
  return stored?.pool && stored.log.length > 0 && stored.team1Id === team1Id && stored.team2Id === team2Id ? stored.pool : null;
}

/** When a stored veto for these teams was last reset (it counts only for the teams it was run for). */
export function vetoRestartOf(stored: StoredVeto | null, team1Id: string, team2Id: string): Date | null {
  return stored?.restartedAt && stored.team1Id === team1Id && stored.team2Id === team2Id ? new Date(stored.restartedAt) : null;
}

export interface VetoTurn {
  action: VetoTurnAction;
  teamId: string;
  deadline: Date;
  /** For `side`: the map the side is chosen on. */
  map?: string;
}

export interface VetoState {
  next: VetoTurn | null;
  remaining: string[];
  maps: SettledMap[];
  done: boolean;
  /** Equal seeds and the coin not tossed yet: nobody can act until it is (the sweep tosses it at once). */
  coinPending: boolean;
}

export type VetoChoice = CaptainVetoInput;
/** Why an action is refused; `reason` lets the server word the turn refusal for staff. */
export type VetoRefusal = { status: 400 | 409; message: string; reason?: 'turn' | 'team' | 'over' | 'kind' | 'map' | 'coin' };

/** A random whole number from 0 to `maxExclusive - 1` (the server passes node:crypto's randomInt). */
export type RandomInt = (maxExclusive: number) => number;

/** The seven-map steps per best-of; pools of another size drop or add bans (see vetoSteps). */
const sevenMapSteps: Record<BestOf, ('ban' | 'pick')[]> = {
  1: ['ban', 'ban', 'ban', 'ban', 'ban', 'ban'],
  3: ['ban', 'ban', 'pick', 'pick', 'ban', 'ban'],
  5: ['ban', 'ban', 'pick', 'pick', 'pick', 'pick'],
};

/** The smallest pool a veto can run on: one map more than the maps a best-of plays. */
export const minPoolSize = (bestOf: BestOf) => bestOf + 1;

/**
 * The steps of a veto for a best-of and a pool size: bans and picks in order; what is left is the
 * decider. A pool of P maps has P - 1 steps: under seven, the bans nearest the end are dropped
 * first; over seven, the extra bans come first.
 */
export function vetoSteps(bestOf: BestOf, poolSize: number): ('ban' | 'pick')[] {
  if (!Number.isInteger(poolSize) || poolSize < minPoolSize(bestOf)) throw new Error(`A best of ${bestOf} needs a pool of at least ${minPoolSize(bestOf)} maps`);
  const steps = [...sevenMapSteps[bestOf]];
  while (steps.length > poolSize - 1) steps.splice(steps.lastIndexOf('ban'), 1);
  while (steps.length < poolSize - 1) steps.unshift('ban');
  return steps;
}

/** What the log's next entry must be: a team's turn, or one the site writes itself. */
type Expected =
  | { kind: 'coin' }
  | { kind: 'turn'; action: VetoTurnAction; teamId: string; map?: string }
  | { kind: 'decider'; map: string }
  | { kind: 'done' };

interface Replay {
  expected: Expected;
  remaining: string[];
  maps: SettledMap[];
  /** When the last entry was written (the next turn's deadline runs from it). */
  lastAt: Date;
}

const other = (setup: VetoSetup, teamId: string) => (teamId === setup.team1Id ? setup.team2Id : setup.team1Id);

/** Replays the log: the maps left and settled, and what comes next. */
function replay(setup: VetoSetup, log: VetoLogEntry[]): Replay {
  const steps = vetoSteps(setup.bestOf, setup.pool.length);
  const remaining = [...setup.pool];
  const maps: SettledMap[] = [];
  let chooser: string | null = setup.team1Seed < setup.team2Seed ? setup.team1Id : setup.team2Seed < setup.team1Seed ? setup.team2Id : null;
  let starter: string | null = null;
  let step = 0;
  let sideOn: { map: string; teamId: string } | null = null;
  let deciderSideDone = false;
  let lastAt = setup.openedAt;

  const expectedNow = (): Expected => {
    if (chooser === null) return { kind: 'coin' };
    if (starter === null) return { kind: 'turn', action: 'order', teamId: chooser };
    if (sideOn) return { kind: 'turn', action: 'side', teamId: sideOn.teamId, map: sideOn.map };
    if (step < steps.length) return { kind: 'turn', action: steps[step]!, teamId: step % 2 === 0 ? starter : other(setup, starter) };
    if (!maps.some((m) => m.pickedByTeamId === null)) return { kind: 'decider', map: remaining[0]! };
    if (!deciderSideDone) return { kind: 'turn', action: 'side', teamId: other(setup, starter), map: maps[maps.length - 1]!.map };
    return { kind: 'done' };
  };

  for (const entry of log) {
    lastAt = new Date(entry.at);
    switch (entry.action) {
      case 'coin':
        chooser = entry.teamId;
        break;
      case 'order':
        starter = entry.order === 'second' ? other(setup, entry.teamId!) : entry.teamId;
        break;
      case 'ban':
      case 'pick': {
        const index = remaining.indexOf(entry.map!);
        if (index >= 0) remaining.splice(index, 1);
        if (entry.action === 'pick') {
          maps.push({ map: entry.map!, pickedByTeamId: entry.teamId, side: null });
          sideOn = { map: entry.map!, teamId: other(setup, entry.teamId!) };
        }
        step += 1;
        break;
      }
      case 'decider': {
        const index = remaining.indexOf(entry.map!);
        if (index >= 0) remaining.splice(index, 1);
        maps.push({ map: entry.map!, pickedByTeamId: null, side: null });
        sideOn = null;
        break;
      }
      case 'side': {
        const settled = maps.find((m) => m.map === entry.map);
        if (settled) settled.side = { teamId: entry.teamId!, side: entry.side! };
        if (settled?.pickedByTeamId === null) deciderSideDone = true;
        sideOn = null;
        break;
      }
    }
  }
  return { expected: expectedNow(), remaining, maps, lastAt };
}

const deadlineAfter = (setup: VetoSetup, at: Date) => new Date(at.getTime() + setup.turnSeconds * 1000);

/** A pool too small for the best-of (changed under the match): no veto can run on it, nobody can act. */
const poolTooSmall = (setup: VetoSetup) => setup.pool.length < minPoolSize(setup.bestOf);
const poolTooSmallMessages: Record<BestOf, string> = {
  1: msg('The map pool has too few maps for a best of 1'),
  3: msg('The map pool has too few maps for a best of 3'),
  5: msg('The map pool has too few maps for a best of 5'),
};
export const poolTooSmallMessage = (bestOf: BestOf) => poolTooSmallMessages[bestOf] ?? `The map pool has too few maps for a best of ${bestOf}`;

export function vetoState(setup: VetoSetup, log: VetoLogEntry[]): VetoState {
  if (poolTooSmall(setup)) return { next: null, remaining: [...setup.pool], maps: [], done: false, coinPending: false };
  const { expected, remaining, maps, lastAt } = replay(setup, log);
  const next: VetoTurn | null =
    expected.kind === 'turn'
      ? { action: expected.action, teamId: expected.teamId, deadline: deadlineAfter(setup, lastAt), ...(expected.map !== undefined ? { map: expected.map } : {}) }
      : null;
  return { next, remaining, maps, done: expected.kind === 'done', coinPending: expected.kind === 'coin' };
}

/** Writes what the site writes by itself after an entry: the decider once the bans and picks are done. */
function withSiteEntries(setup: VetoSetup, log: VetoLogEntry[], at: Date): VetoLogEntry[] {
  const { expected } = replay(setup, log);
  if (expected.kind !== 'decider') return log;
  return [...log, { action: 'decider', teamId: null, map: expected.map, auto: false, at: at.toISOString() }];
}

const isRefusal = (value: { log: VetoLogEntry[] } | VetoRefusal): value is VetoRefusal => 'status' in value;
export { isRefusal as isVetoRefusal };

const turnAsks: Record<VetoTurnAction, (map?: string) => string> = {
  order: () => 'Choose whether to start the veto now',
  ban: () => 'Ban a map now',
  pick: () => 'Pick a map now',
  side: (map) => `Choose your starting side on ${map} now`,
};

/**
 * A wrong-kind refusal, written out whole where it names no map so the catalogs have it (the API's
 * message is looked up as it is); the side's, which names its map, is put together below.
 */
const wrongKindMessages: Record<VetoTurnAction, Partial<Record<'map' | 'side' | 'order', string>>> = {
  order: { map: msg('Choose whether to start the veto now, not a map'), side: msg('Choose whether to start the veto now, not a side') },
  ban: { side: msg('Ban a map now, not a side'), order: msg('Ban a map now, not an order') },
  pick: { side: msg('Pick a map now, not a side'), order: msg('Pick a map now, not an order') },
  side: {},
};

/** The choice's kind, for the "not a side" part of a wrong-kind refusal. */
function choiceKind(choice: VetoChoice): { kind: 'map' | 'side' | 'order'; words: string } {
  if (choice.map !== undefined) return { kind: 'map', words: 'a map' };
  if (choice.side !== undefined) return { kind: 'side', words: 'a side' };
  return { kind: 'order', words: 'an order' };
}

const kindOfTurn: Record<VetoTurnAction, 'map' | 'side' | 'order'> = { order: 'order', ban: 'map', pick: 'map', side: 'side' };

/** One team's action: the new log, or why it is refused (out of turn, unknown or used map, veto over). */
export function applyVetoChoice(setup: VetoSetup, log: VetoLogEntry[], teamId: string, choice: VetoChoice, at: Date, auto = false): { log: VetoLogEntry[] } | VetoRefusal {
  if (teamId !== setup.team1Id && teamId !== setup.team2Id) return { status: 400, message: msg('That team does not play this match'), reason: 'team' };
  if (poolTooSmall(setup)) return { status: 409, message: poolTooSmallMessage(setup.bestOf), reason: 'over' };
  const { expected, remaining } = replay(setup, log);
  if (expected.kind === 'done') return { status: 409, message: msg('The veto is over'), reason: 'over' };
  if (expected.kind === 'coin') return { status: 409, message: msg('The coin toss has not been made yet'), reason: 'coin' };
  if (expected.kind !== 'turn') return { status: 409, message: msg('The veto is over'), reason: 'over' };
  if (expected.teamId !== teamId) return { status: 409, message: msg('It is not your turn in the veto'), reason: 'turn' };
  const given = choiceKind(choice);
  if (given.kind !== kindOfTurn[expected.action])
    return { status: 400, message: wrongKindMessages[expected.action][given.kind] ?? `${turnAsks[expected.action](expected.map)}, not ${given.words}`, reason: 'kind' };

  const base = { teamId, auto, at: at.toISOString() };
  let entry: VetoLogEntry;
  if (expected.action === 'order') {
    entry = { action: 'order', ...base, order: choice.order! };
  } else if (expected.action === 'side') {
    entry = { action: 'side', ...base, map: expected.map!, side: choice.side! };
  } else {
    const wanted = choice.map!.trim().toLowerCase();
    const map = setup.pool.find((name) => name.toLowerCase() === wanted);
    if (map === undefined) return { status: 400, message: msg('That map is not in the map pool'), reason: 'map' };
    if (!remaining.includes(map)) return { status: 409, message: msg('That map has already been banned or picked'), reason: 'map' };
    entry = { action: expected.action, ...base, map };
  }
  return { log: withSiteEntries(setup, [...log, entry], at) };
}

/** Equal seeds: the coin toss, written first; its winner chooses the order. Unchanged when not due. */
export function tossCoinIfDue(setup: VetoSetup, log: VetoLogEntry[], random: RandomInt, at: Date): VetoLogEntry[] {
  if (poolTooSmall(setup)) return log;
  if (replay(setup, log).expected.kind !== 'coin') return log;
  const winner = random(2) === 0 ? setup.team1Id : setup.team2Id;
  return [...log, { action: 'coin', teamId: winner, auto: true, at: at.toISOString() }];
}

/** What the site chooses for a team whose turn ran out. */
function randomChoice(turn: VetoTurn, remaining: string[], random: RandomInt): VetoChoice {
  if (turn.action === 'order') return { order: vetoOrders[random(vetoOrders.length)]! };
  if (turn.action === 'side') return { side: mapSides[random(mapSides.length)]! as MapSide };
  return { map: remaining[random(remaining.length)]! };
}

/**
 * Acts at random for every turn whose deadline has passed by `now` (tossing a due coin first),
 * each action dated at its deadline so overdue turns catch up one after another, marked auto.
 * Returns the log unchanged (the same array) when nothing was due.
 */
export function actOnOverdueTurns(setup: VetoSetup, log: VetoLogEntry[], now: Date, random: RandomInt): VetoLogEntry[] {
  if (now < setup.openedAt) return log;
  let current = tossCoinIfDue(setup, log, random, setup.openedAt);
  // Each pass settles one turn; a veto has at most pool + 3 turns, the bound only guards a bad log.
  for (let guard = 0; guard < setup.pool.length * 3 + 8; guard += 1) {
    const state = vetoState(setup, current);
    if (!state.next || state.next.deadline > now) break;
    const applied = applyVetoChoice(setup, current, state.next.teamId, randomChoice(state.next, state.remaining, random), state.next.deadline, true);
    if (isRefusal(applied)) break;
    current = applied.log;
  }
  return current;
}

export type { MapSide, VetoOrder };
