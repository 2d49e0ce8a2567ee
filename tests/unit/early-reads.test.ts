import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEarlyReads, serverWithEarlyAnswers } from '../../src/server/http/early-reads.js';
import { createReadCache, type CachedRead } from '../../src/server/http/read-cache.js';
import { createSecurityHeaders } from '../../src/server/http/security-headers.js';
import type { PublicReads } from '../../src/server/site/public-reads.js';

const tournamentId = '11111111-1111-4111-8111-111111111111';

/** A server with the early reads, a later hook that counts what reaches it, and two cached routes. */
async function serverWithEarlyReads() {
  let clock = 0;
  let reachedLaterHooks = 0;
  let loads = 0;
  const cache = createReadCache({ ttlMs: 1000, now: () => clock });
  const app = Fastify();
  const early = registerEarlyReads(app, cache, {
    requestId: () => 'test-request-id',
    securityHeaders: createSecurityHeaders({ isHttps: false, storageOrigin: null }),
  });
  app.addHook('onRequest', async () => {
    reachedLaterHooks++;
  });
  const read = (key: string): CachedRead => ({
    key,
    produce: async () => {
      loads++;
      return { key, loads };
    },
    schema: z.object({ key: z.string(), loads: z.number() }),
  });
  const reads = { active: () => read('active'), teams: (id: string) => read(`teams:${id}`) } as unknown as PublicReads;
  early.serve(reads);
  app.get('/api/tournaments/active', (request, reply) => cache.reply(request, reply, reads.active()));
  app.get('/api/tournaments/:id/teams', (request, reply) => cache.reply(request, reply, reads.teams((request.params as { id: string }).id)));
  await app.ready();
  return {
    get: (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers }),
    advance: (ms: number) => (clock += ms),
    get reachedLaterHooks() {
      return reachedLaterHooks;
    },
    get loads() {
      return loads;
    },
  };
}

describe('early reads', () => {
  it('answer a fresh cached body before the later hooks, and leave a miss or an expired body to the route', async () => {
    const server = await serverWithEarlyReads();
    const first = await server.get('/api/tournaments/active');
    expect(first.json()).toEqual({ key: 'active', loads: 1 });
    expect(server.reachedLaterHooks).toBe(1);
    const second = await server.get('/api/tournaments/active');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(server.reachedLaterHooks).toBe(1);
    const revalidated = await server.get('/api/tournaments/active', { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(server.reachedLaterHooks).toBe(1);
    server.advance(1000);
    expect((await server.get('/api/tournaments/active')).json()).toEqual({ key: 'active', loads: 2 });
    expect(server.reachedLaterHooks).toBe(2);
    expect(server.loads).toBe(2);
  });

  it('leave to the route a query string, and a read that shows more to an organizer when a session cookie comes', async () => {
    const server = await serverWithEarlyReads();
    await server.get('/api/tournaments/active');
    await server.get('/api/tournaments/active?fresh=1');
    expect(server.reachedLaterHooks).toBe(2);
    const url = `/api/tournaments/${tournamentId}/teams`;
    await server.get(url);
    const early = await server.get(url);
    expect(server.reachedLaterHooks).toBe(3);
    expect(early.headers.vary).toBe('Cookie');
    await server.get(url, { cookie: 'sid=abc' });
    expect(server.reachedLaterHooks).toBe(4);
    await server.get(url, { cookie: 'theme=dark' });
    expect(server.reachedLaterHooks).toBe(4);
  });

  it('are answered by the HTTP server itself, before Fastify, while request logging is off; with it on, Fastify answers (and logs)', async () => {
    for (const level of ['warn', 'info']) {
      let answerRaw: ReturnType<typeof registerEarlyReads>['answerRaw'] | null = null;
      let reachedFastify = 0;
      const cache = createReadCache({ ttlMs: 60_000 });
      const app = Fastify({ serverFactory: serverWithEarlyAnswers(() => answerRaw), logger: { level, stream: { write: () => {} } } });
      app.addHook('onRequest', (_request, _reply, done) => {
        reachedFastify++;
        done();
      });
      const early = registerEarlyReads(app, cache, {
        requestId: () => 'test-request-id',
        securityHeaders: createSecurityHeaders({ isHttps: false, storageOrigin: null }),
      });
      answerRaw = early.answerRaw;
      const active: CachedRead = { key: 'active', produce: async () => ({ key: 'active' }), schema: z.object({ key: z.string() }) };
      early.serve({ active: () => active } as unknown as PublicReads);
      app.get('/api/tournaments/active', (request, reply) => cache.reply(request, reply, active));
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const byRoute = await fetch(`${origin}/api/tournaments/active`);
        const body = await byRoute.text();
        const raw = await fetch(`${origin}/api/tournaments/active`);
        expect(await raw.text()).toBe(body);
        const revalidated = await fetch(`${origin}/api/tournaments/active`, { headers: { 'if-none-match': raw.headers.get('etag')! } });
        expect(revalidated.status).toBe(304);
        expect(reachedFastify, level).toBe(level === 'warn' ? 1 : 3);
        if (level === 'warn') {
          expect(raw.headers.get('x-request-id')).toBe('test-request-id');
          expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
          for (const name of ['etag', 'cache-control', 'content-type', 'content-length']) expect(raw.headers.get(name), name).toBe(byRoute.headers.get(name));
          expect(revalidated.headers.get('etag')).toBe(byRoute.headers.get('etag'));
          expect(revalidated.headers.get('content-type')).toBeNull();
        }
      } finally {
        await app.close();
      }
    }
  });

  it("give each early answer its own request id, and each of a read's answers its own head (Vary, length, type)", async () => {
    let answerRaw: ReturnType<typeof registerEarlyReads>['answerRaw'] | null = null;
    let requests = 0;
    const cache = createReadCache({ ttlMs: 60_000 });
    const app = Fastify({ serverFactory: serverWithEarlyAnswers(() => answerRaw), logger: { level: 'warn', stream: { write: () => {} } } });
    const early = registerEarlyReads(app, cache, {
      requestId: () => `request-${++requests}`,
      securityHeaders: createSecurityHeaders({ isHttps: false, storageOrigin: null }),
    });
    answerRaw = early.answerRaw;
    const teams: CachedRead = { key: 'teams', produce: async () => [{ name: 'Café Crew' }], schema: z.array(z.object({ name: z.string() })) };
    const active: CachedRead = { key: 'active', produce: async () => null, schema: z.null() };
    early.serve({ teams: () => teams, active: () => active } as unknown as PublicReads);
    app.get('/api/tournaments/:id/teams', (request, reply) => cache.reply(request, reply, teams));
    app.get('/api/tournaments/active', (request, reply) => cache.reply(request, reply, active));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const url = `${origin}/api/tournaments/${tournamentId}/teams`;
      const etag = (await fetch(url)).headers.get('etag')!;
      await fetch(`${origin}/api/tournaments/active`);
      const answers = [];
      // Alternated, so that one answer's head could only leak into the next if it were shared wrongly.
      const none: Record<string, string> = {};
      for (const headers of [none, { 'if-none-match': etag }, none, { 'if-none-match': etag }]) answers.push(await fetch(url, { headers }));
      const activeAnswer = await fetch(`${origin}/api/tournaments/active`);
      const ids = [...answers, activeAnswer].map((answer) => answer.headers.get('x-request-id'));
      expect(new Set(ids).size).toBe(5);
      for (const [i, answer] of answers.entries()) {
        expect(answer.status).toBe(i % 2 ? 304 : 200);
        expect(answer.headers.get('vary')).toBe('Cookie');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('etag')).toBe(etag);
        expect(answer.headers.get('content-type')).toBe(i % 2 ? null : 'application/json; charset=utf-8');
        expect(await answer.text()).toBe(i % 2 ? '' : '[{"name":"Café Crew"}]');
      }
      expect(answers[0]!.headers.get('content-length')).toBe(String(Buffer.byteLength('[{"name":"Café Crew"}]')));
      expect(activeAnswer.headers.get('vary')).toBeNull();
      expect(await activeAnswer.text()).toBe('null');
    } finally {
      await app.close();
    }
  });

  it('leave the request to Fastify when the server-level answer throws, instead of ending the process', async () => {
    let answerRaw: ReturnType<typeof registerEarlyReads>['answerRaw'] | null = null;
    const cache = createReadCache({ ttlMs: 60_000 });
    const app = Fastify({ serverFactory: serverWithEarlyAnswers(() => answerRaw), logger: { level: 'warn', stream: { write: () => {} } } });
    const early = registerEarlyReads(app, cache, {
      requestId: () => 'test-request-id',
      securityHeaders: createSecurityHeaders({ isHttps: false, storageOrigin: null }),
    });
    answerRaw = early.answerRaw;
    const active: CachedRead = { key: 'active', produce: async () => ({ key: 'active' }), schema: z.object({ key: z.string() }) };
    let keyThrows = false;
    early.serve({
      active: () => {
        if (keyThrows) throw new Error('no key');
        return active;
      },
    } as unknown as PublicReads);
    // The route answers from its own read, without the early reads' key function.
    app.get('/api/tournaments/active', (request, reply) => cache.reply(request, reply, active));
    app.setErrorHandler((_error, _request, reply) => reply.status(500).send({ error: 'route failed' }));
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`${origin}/api/tournaments/active`)).status).toBe(200);
      keyThrows = true;
      // The server-level answer throws; Fastify's onRequest hook throws too (a 500 from Fastify), the process lives on.
      const answered = await fetch(`${origin}/api/tournaments/active`);
      expect(answered.status).toBe(500);
      expect(await answered.json()).toEqual({ error: 'route failed' });
    } finally {
      await app.close();
    }
  });
});
