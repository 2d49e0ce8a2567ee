// The polled reads' load, in its own process: several targets (the bare reference, the same-size
// reference, the read) measured in turns of `turnMs` each, round after round. This machine's speed
// drifts within seconds, so runs of a few seconds one after the other compare different machines;
// turns a quarter of a second long, alternated many times in every order (turnSchedule), put every
// target under the same drift.
// Each target keeps `connections` keep-alive connections, one request in flight on each, sending
// only during its turns. Prints one JSON line: for each target, requests/s over its turns, latency
// percentiles, status codes and the server's CPU time per request (from /proc, with `pid`).
// Usage: node bench/read-client.mjs '<json: { targets: [{ url, headers?, pid? }], connections, turnMs, rounds, warmupRounds }>'
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { turnSchedule } from './lib/load.mjs';
import { cpuSecondsOf } from './lib/processes.mjs';

const { targets, connections, turnMs, rounds, warmupRounds } = JSON.parse(process.argv[2]);

function fail(message) {
  console.error(message);
  process.exit(1);
}

/**
 * One HTTP/1.1 keep-alive connection sending `request` again as each answer completes, while its
 * target's turn lasts. Answers are read by their head and Content-Length (both servers send one).
 */
function connection(url, request, onAnswer, onIdle) {
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  let pending = null;
  let sentAt = 0;
  let sending = false;
  const send = () => {
    sentAt = performance.now();
    socket.write(request);
  };
  socket.on('data', (chunk) => {
    pending = pending ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      const headEnd = pending.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = pending.subarray(0, headEnd).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (pending.length < headEnd + 4 + length) return;
      pending = pending.length === headEnd + 4 + length ? null : pending.subarray(headEnd + 4 + length);
      onAnswer(head.slice(9, 12), performance.now() - sentAt);
      if (sending) send();
      else onIdle();
      if (!pending) return;
    }
  });
  // A connection the server ends or breaks would leave its answer missing: the run stops with the reason.
  socket.on('error', (error) => fail(`${url.href}: ${error.message}`));
  socket.on('close', () => fail(`${url.href}: the server closed a connection`));
  return {
    ready: new Promise((resolve) => socket.once('connect', resolve)),
    start() {
      sending = true;
      send();
    },
    stop() {
      sending = false;
    },
    close() {
      socket.removeAllListeners('close');
      socket.destroy();
    },
  };
}

function targetLoad({ url, headers = {}, pid = null }) {
  const address = new URL(url);
  const request = Buffer.from([`GET ${address.pathname}${address.search} HTTP/1.1`, `Host: ${address.host}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', ''].join('\r\n'));
  const totals = { requests: 0, ms: 0, cpuSeconds: 0, statusCodes: {}, latencies: [] };
  let recording = false;
  let inFlight = 0;
  let whenIdle = null;
  const onAnswer = (status, ms) => {
    if (!recording) return;
    totals.requests++;
    totals.statusCodes[status] = (totals.statusCodes[status] ?? 0) + 1;
    totals.latencies.push(ms);
  };
  const onIdle = () => {
    if (--inFlight === 0) whenIdle?.();
  };
  const sockets = Array.from({ length: connections }, () => connection(address, request, onAnswer, onIdle));
  return {
    ready: Promise.all(sockets.map((c) => c.ready)),
    /** One turn: every connection sends for `turnMs`, then the answers in flight are awaited (and counted). */
    async turn(record) {
      recording = record;
      const cpuBefore = pid ? cpuSecondsOf(pid) : null;
      const startedAt = performance.now();
      inFlight = sockets.length;
      const idle = new Promise((resolve) => (whenIdle = resolve));
      for (const c of sockets) c.start();
      await new Promise((resolve) => setTimeout(resolve, turnMs));
      for (const c of sockets) c.stop();
      await idle;
      if (!record) return;
      totals.ms += performance.now() - startedAt;
      if (pid) totals.cpuSeconds += cpuSecondsOf(pid) - cpuBefore;
    },
    result() {
      const sorted = totals.latencies.sort((a, b) => a - b);
      const percentile = (p) => Number((sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0).toFixed(2));
      return {
        url,
        requestsPerSecond: Math.round((totals.requests / totals.ms) * 1000),
        requests: totals.requests,
        p50Ms: percentile(0.5),
        p99Ms: percentile(0.99),
        statusCodes: totals.statusCodes,
        seconds: Number((totals.ms / 1000).toFixed(1)),
        cpuMicrosPerRequest: pid && totals.requests ? Number(((totals.cpuSeconds * 1e6) / totals.requests).toFixed(1)) : null,
      };
    },
    close: () => sockets.forEach((c) => c.close()),
  };
}

const loads = targets.map(targetLoad);
await Promise.all(loads.map((load) => load.ready));
const schedule = turnSchedule(loads.length, warmupRounds + rounds);
for (const [round, order] of schedule.entries()) {
  for (const index of order) await loads[index].turn(round >= warmupRounds);
}
loads.forEach((load) => load.close());
console.log(JSON.stringify(loads.map((load) => load.result())));
