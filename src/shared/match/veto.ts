import type { BestOf, CaptainVetoInput, MapSide, SettledMap, VetoLogEntry, VetoOrder, VetoTurnAction } from '../schemas/match.js';

/**
 * The map veto, replayed from its log: whose turn it is, what is left, which maps are played with
 * which sides. Pure: the server stores the log (matches.veto) and asks this module what an action
 * means. STUB: signatures only, the veto helper implements them.
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
}

export type VetoChoice = CaptainVetoInput;
export type VetoRefusal = { status: 400 | 409; message: string };

/** The steps of a veto for a best-of and a pool size: bans and picks in order; what is left is the decider. */
export function vetoSteps(bestOf: BestOf, poolSize: number): ('ban' | 'pick')[] {
  void bestOf;
  void poolSize;
  throw new Error('not implemented');
}

export function vetoState(setup: VetoSetup, log: VetoLogEntry[]): VetoState {
  void setup;
  void log;
  return { next: null, remaining: [...setup.pool], maps: [], done: false };
}

/** One team's action: the new log, or why it is refused (out of turn, unknown or used map, veto over). */
export function applyVetoChoice(setup: VetoSetup, log: VetoLogEntry[], teamId: string, choice: VetoChoice, at: Date, auto = false): { log: VetoLogEntry[] } | VetoRefusal {
  void setup;
  void log;
  void teamId;
  void choice;
  void at;
  void auto;
  throw new Error('not implemented');
}

export type { MapSide, VetoOrder };
