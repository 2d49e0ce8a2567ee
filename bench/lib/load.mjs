// Load generation: bench/read-client.mjs in its own process, so it never shares an event loop with
// what it measures (nor with this orchestrator).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runToEnd } from './processes.mjs';

const readClient = path.join(path.dirname(fileURLToPath(import.meta.url)), '../read-client.mjs');

/**
 * `targets` ({ url, headers?, pid? }) measured in turns of `turnMs`, `rounds` times after
 * `warmupRounds`, each with `connections` keep-alive connections. Returns, per target, requests/s,
 * latency percentiles (ms), the status codes seen and, with `pid`, the server's CPU time per request
 * (µs), which other load on the machine disturbs less than requests/s.
 */
export async function inTurns(targets, { connections, turnMs, rounds, warmupRounds }) {
  const config = { targets, connections, turnMs, rounds, warmupRounds };
  const expectedMs = targets.length * (rounds + warmupRounds) * turnMs;
  const stdout = await runToEnd('read client', process.execPath, [readClient, JSON.stringify(config)], { timeoutMs: expectedMs * 3 + 30_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1));
}

/**
 * The order of the targets' turns, round by round (indices into the targets). Where a target stands
 * in the sequence changes what it measures: three copies of one build in a fixed or mirrored order
 * differed by 5–20 %, in CPU time per request too, whichever copy stood at the favoured place. So the
 * rounds go through every order of the targets, each once per cycle (with two or three targets, a
 * cycle is 2 or 6 rounds; with four, 24), so that each target holds every place and follows every
 * other equally often, and no target takes two turns in a row (a second turn straight after its
 * first finds its server warm). Beyond four targets, each round starts one further on.
 */
export function turnSchedule(count, rounds) {
  const cycle = count <= 4 ? chainedOrders(count) : Array.from({ length: count }, (_, r) => Array.from({ length: count }, (_, j) => (r + j) % count));
  return Array.from({ length: rounds }, (_, round) => cycle[round % cycle.length]);
}

/** Every order of `count` targets, chained so that no round starts with the target that ended the one before (the last leading to the first again). */
function chainedOrders(count) {
  const all = permutations(Array.from({ length: count }, (_, j) => j));
  if (count <= 2) return count === 2 ? [[0, 1]] : all;
  const chain = [all[0]];
  const used = new Set([0]);
  const extend = () => {
    if (chain.length === all.length) return chain[0][0] !== chain.at(-1).at(-1);
    for (const [index, order] of all.entries()) {
      if (used.has(index) || order[0] === chain.at(-1).at(-1)) continue;
      used.add(index);
      chain.push(order);
      if (extend()) return true;
      chain.pop();
      used.delete(index);
    }
    return false;
  };
  if (!extend()) throw new Error(`no chain of the orders of ${count} targets`);
  return chain;
}

function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}
