import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedReads, unchanged } from '../../src/web/islands/use-polled.js';

// A real HTTP server answering what the test sets: an island's poll against it.
let answer: { status: number; body: string } = { status: 200, body: '[]' };
let url = '';
let requests = 0;
const server = http.createServer((_request, response) => {
  requests += 1;
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(answer.body);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/tournaments/t/teams`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('changedReads (what an island polls)', () => {
  it('answers nothing while the read says what the page shows, and the new data once it changes', async () => {
    const shown = [{ id: 'a', name: 'Night Owls' }];
    answer = { status: 200, body: JSON.stringify(shown) };
    const read = changedReads(url, shown);
    expect(await read()).toBe(unchanged);
    expect(await read()).toBe(unchanged);

    const withNewTeam = [...shown, { id: 'b', name: 'Frost Byte' }];
    answer = { status: 200, body: JSON.stringify(withNewTeam) };
    expect(await read()).toEqual(withNewTeam);
    expect(await read()).toBe(unchanged);

    // Back to an earlier answer is a change too.
    answer = { status: 200, body: JSON.stringify(shown) };
    expect(await read()).toEqual(shown);
  });

  it('keeps what is shown when the read fails or the server is away', async () => {
    const read = changedReads(url, []);
    answer = { status: 503, body: '{"error":"unavailable"}' };
    expect(await read()).toBe(unchanged);
    const away = changedReads('http://127.0.0.1:9/api/tournaments/t/teams', []);
    expect(await away()).toBe(unchanged);
    answer = { status: 200, body: '[{"id":"a"}]' };
    expect(await read()).toEqual([{ id: 'a' }]);
  });

  it('shares one request among the islands reading the same address together, each told of a change once', async () => {
    answer = { status: 200, body: '{"id":"cup","name":"Spring Cup"}' };
    const hero = changedReads(url, { id: 'cup', name: 'Spring Cup' });
    const teams = changedReads(url, { id: 'cup', name: 'Spring Cup' });
    requests = 0;
    expect(await Promise.all([hero(), teams()])).toEqual([unchanged, unchanged]);
    expect(requests).toBe(1);

    answer = { status: 200, body: '{"id":"cup","name":"Spring Cup Finals"}' };
    expect(await Promise.all([hero(), teams()])).toEqual([{ id: 'cup', name: 'Spring Cup Finals' }, { id: 'cup', name: 'Spring Cup Finals' }]);
    expect(requests).toBe(2);
    // A read after the shared one has answered is a request of its own.
    expect(await hero()).toBe(unchanged);
    expect(requests).toBe(3);
  });
});
