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
