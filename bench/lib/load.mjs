// Load generation: autocannon in its own process, so it never shares an event loop with what it
// measures (nor with this orchestrator).
import { createRequire } from 'node:module';
import { cpuSecondsOf, runToEnd } from './processes.mjs';

const require = createRequire(import.meta.url);
const autocannonBin = require.resolve('autocannon/autocannon.js');

/**
 * One measurement: `connections` keep-alive connections hammering `url` for `seconds` after a
 * warm-up. Returns requests/s, latency percentiles (ms) and the status codes seen; with `serverPid`,
 * also the server's CPU time per request (µs), which other load on the machine disturbs far less
 * than requests/s.
 */
export async function measure(url, { connections, seconds, warmupSeconds, headers = {}, serverPid = null }) {
  const args = [autocannonBin, '-c', String(connections), '-d', String(seconds), '-j', '-n'];
  if (warmupSeconds > 0) args.push('--warmup', '[', '-c', String(connections), '-d', String(warmupSeconds), ']');
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(url);
  const cpuBefore = serverPid ? cpuSecondsOf(serverPid) : null;
  const stdout = await runToEnd('autocannon', process.execPath, args, { timeoutMs: (seconds + warmupSeconds + 30) * 1000 });
  // With a warm-up, autocannon prints one JSON line for it and one for the measurement.
  const lines = stdout.trim().split('\n').filter((line) => line.startsWith('{'));
  const cpuAfter = serverPid ? cpuSecondsOf(serverPid) : null;
  const result = JSON.parse(lines.at(-1));
  const allRequests = lines.reduce((total, line) => total + JSON.parse(line).requests.total, 0);
  const cpuMicrosPerRequest = cpuBefore != null && cpuAfter != null && allRequests > 0 ? Number((((cpuAfter - cpuBefore) * 1e6) / allRequests).toFixed(1)) : null;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.average,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    seconds: result.duration,
    cpuMicrosPerRequest,
  };
}
