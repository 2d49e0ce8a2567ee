import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload, tournamentInput } from '../support/factories.js';
import { teamCreateSchema } from '../../src/shared/schemas/team.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('polled reads', () => {
  it('send a strong ETag and answer If-None-Match with an empty 304', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Etag Cup' });
    for (const url of ['/api/tournaments/active', `/api/tournaments/${tournament.id}/teams`, `/api/tournaments/${tournament.id}/capacity`, '/api/champions']) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control'], url).toContain('must-revalidate');
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('answer a fresh body early exactly as the route does: body, status, ETag and headers', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Early Cup' });
    await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) });
    t.clock.set(new Date());
    try {
      const urls = ['/api/tournaments/active', '/api/tournaments/open', '/api/site', '/api/champions', `/api/tournaments/${tournament.id}/teams`, `/api/tournaments/${tournament.id}/capacity`, `/api/tournaments/${tournament.id}/bracket`];
      for (const url of urls) {
        // The first answer is the route's (it loads and caches), the second the early one (from memory).
        const [byRoute, early] = [await get(url), await get(url)];
        expect(early.statusCode, url).toBe(200);
        expect(early.body, url).toBe(byRoute.body);
        const { date: _d1, 'x-request-id': id1, ...routeHeaders } = byRoute.headers;
        const { date: _d2, 'x-request-id': id2, ...earlyHeaders } = early.headers;
        expect(earlyHeaders, url).toEqual(routeHeaders);
        expect(id2, url).toMatch(/^[0-9a-f-]{36}$/);
        expect(id2, url).not.toBe(id1);
        expect(earlyHeaders['x-content-type-options'], url).toBe('nosniff');
        const revalidated = await get(url, { 'if-none-match': early.headers.etag as string });
        expect(revalidated.statusCode, url).toBe(304);
        expect(revalidated.body, url).toBe('');
      }
    } finally {
      t.clock.set(new Date());
    }
  });

  it('answer over a socket from the HTTP server itself with the headers the route sends: security headers, request id, ETag, Cache-Control, 304', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Socket Cup' });
    await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) });
    t.clock.set(new Date());
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const headersOf = (response: Response) => {
        const { date: _date, 'x-request-id': _id, 'keep-alive': _keepAlive, connection: _connection, ...rest } = Object.fromEntries(response.headers);
        return rest;
      };
      for (const url of ['/api/tournaments/active', '/api/champions', `/api/tournaments/${tournament.id}/teams`, `/api/tournaments/${tournament.id}/capacity`]) {
        // The first answer is the route's (it loads and caches), the second the server's own, from memory.
        const byRoute = await fetch(`${origin}${url}`);
        const routeBody = await byRoute.text();
        const early = await fetch(`${origin}${url}`);
        expect(early.status, url).toBe(200);
        expect(await early.text(), url).toBe(routeBody);
        expect(headersOf(early), url).toEqual(headersOf(byRoute));
        expect(early.headers.get('x-request-id'), url).toMatch(/^[0-9a-f-]{36}$/);
        expect(early.headers.get('x-content-type-options'), url).toBe('nosniff');
        const revalidated = await fetch(`${origin}${url}`, { headers: { 'if-none-match': early.headers.get('etag')! } });
        expect(revalidated.status, url).toBe(304);
        expect(await revalidated.text(), url).toBe('');
        expect(revalidated.headers.get('etag'), url).toBe(early.headers.get('etag'));
        expect(revalidated.headers.get('cache-control'), url).toBe(early.headers.get('cache-control'));
        expect(revalidated.headers.get('referrer-policy'), url).toBe(early.headers.get('referrer-policy'));
      }
      // The organizer's session still goes to the route, which shows them more.
      const asAdmin = (await (await fetch(`${origin}/api/tournaments/${tournament.id}/teams`, { headers: { cookie } })).json()) as { captainDiscord?: string }[];
      expect(asAdmin[0].captainDiscord).toBeDefined();
    } finally {
      await t.app.server.close();
      t.clock.set(new Date());
    }
  });

  it('show a write at once: a new team changes the teams, capacity and their ETags', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Fresh Cup', maxTeams: 4 });
    const before = await get(`/api/tournaments/${tournament.id}/capacity`);
    expect(before.json().registered).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) })).statusCode).toBe(201);
    const after = await get(`/api/tournaments/${tournament.id}/capacity`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().registered).toBe(1);
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${tournament.id}`, headers: { cookie }, payload: tournamentInput({ name: 'Fresh Cup Renamed', maxTeams: 4 }) });
    expect(renamed.statusCode).toBe(200);
    expect((await get('/api/tournaments/active')).json().name).toBe('Fresh Cup Renamed');
  });

  it('let an expired hold drop out without any write', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Expiring Cup', maxTeams: 4 });
    await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) });
    expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().registered).toBe(1);
    t.clock.advance(31 * 60_000);
    try {
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().registered).toBe(0);
      expect((await get(`/api/tournaments/${tournament.id}/teams`)).json()).toEqual([]);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('show a write that no request made at once: a hold the sweep released, a team registered by a service', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Swept Cup', maxTeams: 4 });
    const team = (await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) })).json();
    // The clock stands still: a cached entry cannot outlive its ttl, only an invalidation drops it.
    t.clock.set(new Date());
    try {
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().registered).toBe(1);
      expect((await get(`/api/tournaments/${tournament.id}/teams`)).json()).toHaveLength(1);
      // The hold's deadline passes in the database, behind the cache's back: the cached reads still show the team...
      await t.database.withConnection((exec) => exec(`update teams set hold_expires_at = $1 where id = $2`, [new Date(t.clock.now().getTime() - 1000), team.id]));
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().registered).toBe(1);
      // ...until the sweep releases it: the release says public data changed, and the reads show it at once.
      expect(await t.services.payments.sweepExpiredHolds()).toBeGreaterThanOrEqual(1);
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().registered).toBe(0);
      expect((await get(`/api/tournaments/${tournament.id}/teams`)).json()).toEqual([]);
      // A registration through the service, not the route, shows at once too.
      await t.services.teams.register(teamCreateSchema.parse(teamPayload(tournament.id)), { ownerTokenHash: null, teamLinkHash: null });
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().registered).toBe(1);
    } finally {
      t.clock.set(new Date());
    }
  });

  it('never serve the admin view of teams from the shared cache', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Private Cup' });
    await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournament.id) });
    const publicView = await get(`/api/tournaments/${tournament.id}/teams`);
    expect(publicView.json()[0]).not.toHaveProperty('captainDiscord');
    const adminView = await get(`/api/tournaments/${tournament.id}/teams`, { cookie });
    expect(adminView.json()[0]).toHaveProperty('captainDiscord');
    expect(adminView.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/api/tournaments/${tournament.id}/teams`)).json()[0]).not.toHaveProperty('captainDiscord');
  });

  it('are not emptied by writes that change no public data (sign-out, contact)', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Steady Cup', maxTeams: 4 });
    t.clock.set(new Date());
    try {
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().capacity).toBe(4);
      // A change written behind the services' back (no service says it): only an invalidation (or the ttl) can reveal it.
      await t.database.withConnection((exec) => exec(`update tournaments set max_teams = 8 where id = $1`, [tournament.id]));
      await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Jo', email: 'jo@example.com', subject: 'Hello there', message: 'A message long enough to pass.' } });
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().capacity).toBe(4);
      await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${tournament.id}/registration`, headers: { cookie }, payload: { isOpen: true } });
      expect((await get(`/api/tournaments/${tournament.id}/capacity`)).json().capacity).toBe(8);
    } finally {
      t.clock.set(new Date());
    }
  });
});
