import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, no types
import { inTurns, turnSchedule } from '../../bench/lib/load.mjs';

interface Measured {
  url: string;
  requestsPerSecond: number;
  requests: number;
  statusCodes: Record<string, number>;
  cpuMicrosPerRequest: number | null;
}

// Two answers as the bench meets them: a body with its length, and a 304 without one. The server
// notes which address each request came to, and whether another address was being served at the same time.
const served: Record<string, number> = {};
let inFlight: Record<string, number> = {};
let overlapped = 0;
const server = http.createServer((request, response) => {
  const url = request.url ?? '';
  served[url] = (served[url] ?? 0) + 1;
  if (Object.entries(inFlight).some(([other, count]) => other !== url && count > 0)) overlapped++;
  inFlight[url] = (inFlight[url] ?? 0) + 1;
  // Answered a little later, so that requests overlap as under load.
  setTimeout(() => {
    inFlight[url]!--;
    if (url === '/unchanged') response.writeHead(304, { etag: '"a"' }).end();
    else response.writeHead(200, { 'content-type': 'application/json', 'content-length': '13' }).end('{"ok":"true"}');
  }, 2);
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the bench's read client", () => {
  it('measures each target in its own turns and counts every answer it was sent', async () => {
    inFlight = {};
    const [body, unchanged] = (await inTurns(
      [{ url: `${origin}/body` }, { url: `${origin}/unchanged`, headers: { 'If-None-Match': '"a"' }, pid: process.pid }],
      { connections: 4, turnMs: 60, rounds: 3, warmupRounds: 1 },
    )) as Measured[];
    expect(body!.statusCodes).toEqual({ '200': body!.requests });
    expect(unchanged!.statusCodes).toEqual({ '304': unchanged!.requests });
    expect(body!.requests).toBeGreaterThan(0);
    expect(unchanged!.requests).toBeGreaterThan(0);
    // The warm-up round is sent but not counted.
    expect(served['/body']).toBeGreaterThan(body!.requests);
    expect(served['/unchanged']).toBeGreaterThan(unchanged!.requests);
    // Turns never overlap: a target's answers are all in before the next target sends.
    expect(overlapped).toBe(0);
    expect(body!.cpuMicrosPerRequest).toBeNull();
    expect(unchanged!.cpuMicrosPerRequest).toBeGreaterThanOrEqual(0);
  });

  it('never gives a target two turns in a row, and over its cycles gives each target every place and every predecessor equally', () => {
    for (const count of [1, 2, 3, 4, 5]) {
      const schedule = turnSchedule(count, 24) as number[][];
      const turns = schedule.flat();
      for (let i = 1; i < turns.length && count > 1; i++) expect(turns[i], `${count} targets, turn ${i}`).not.toBe(turns[i - 1]);
      for (let target = 0; target < count; target++) expect(turns.filter((t) => t === target)).toHaveLength(24);
      if (count < 3 || count > 4) continue;
      // 24 rounds are whole cycles for three and four targets, wherever the measured rounds start.
      const fromRound4 = turnSchedule(count, 28).slice(4) as number[][];
      for (const rounds of [schedule, fromRound4]) {
        const atPlace = new Map<string, number>();
        const after = new Map<string, number>();
        for (const order of rounds)
          order.forEach((target, place) => {
            atPlace.set(`${target}@${place}`, (atPlace.get(`${target}@${place}`) ?? 0) + 1);
            if (place > 0) after.set(`${target}<${order[place - 1]}`, (after.get(`${target}<${order[place - 1]}`) ?? 0) + 1);
          });
        expect(atPlace.size).toBe(count * count);
        expect(new Set(atPlace.values()).size, `${count}: places`).toBe(1);
        expect(after.size).toBe(count * (count - 1));
        expect(new Set(after.values()).size, `${count}: predecessors`).toBe(1);
      }
    }
  });
});
