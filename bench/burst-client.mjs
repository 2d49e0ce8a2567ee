// The registration burst's client, in its own process: `count` captains press 'Register Team' at
// the same moment, each from its own address (X-Forwarded-For; the server trusts the proxy) and
// on its own new connection. Prints one JSON line: each request's status and latency in ms.
// Usage: node bench/burst-client.mjs '<json: { url, origin, tournamentId, count, runId }>'
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const { url, origin, tournamentId, count, runId } = JSON.parse(process.argv[2]);
const target = new URL(url);

function teamPayload(i) {
  const tag = `B${runId}x${i}`;
  return JSON.stringify({
    tournamentId,
    name: `Burst Squad ${runId} ${i}`,
    logoUrl: null,
    captainDiscord: `burst_${runId}_${i}`,
    captainRiotId: `${tag}Cap#EU1`,
    players: [{ riotId: `${tag}Cap#EU1`, role: 'Captain' }, { riotId: `${tag}P2#EU1` }, { riotId: `${tag}P3#EU1` }, { riotId: `${tag}P4#EU1` }, { riotId: `${tag}P5#EU1` }],
    substitutes: [],
  });
}

function post(i, body) {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: false,
        timeout: 30_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin,
          // 10.<run>.<hi>.<lo>: a distinct address per captain.
          'x-forwarded-for': `10.${runId % 250}.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode, ms: performance.now() - startedAt }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ status: 0, error: error.message, ms: performance.now() - startedAt }));
    request.end(body);
  });
}

const bodies = Array.from({ length: count }, (_, i) => teamPayload(i));
const results = await Promise.all(bodies.map((body, i) => post(i, body)));
console.log(JSON.stringify({ results }));
