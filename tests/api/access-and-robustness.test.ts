import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;
let tournamentId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  tournamentId = (await createOpenTournament(t, cookie, { name: 'Robust Cup', maxTeams: 1024 })).id;
});

/** Routes anyone may call. Every other route must answer 401 without an admin session. */
const publicRoutes = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /api/site',
  'GET /api/tournaments',
  'GET /api/tournaments/active',
  'GET /api/tournaments/:id/teams',
  'GET /api/tournaments/:id/capacity',
  'GET /api/champions',
  'POST /api/teams',
  'POST /api/contact',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/user',
  'POST /api/upload-logo',
  'GET /objects/*',
  'GET /api/stripe-config',
  'POST /api/create-payment-intent',
  'PATCH /api/teams/:teamId/payment-complete',
  'POST /api/webhooks/stripe',
  'POST /api/demo-payments/confirm',
  // Signed upload URLs carry their own authorisation (an expiring signature).
  'PUT /api/uploads/*',
]);

const someId = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, someId).replace('*', 'x');

describe('access control', () => {
  it('answers 401 on every admin route without a session', async () => {
    const adminRoutes = t.routes.filter((r) => r.url.startsWith('/api/') && !publicRoutes.has(`${r.method} ${r.url}`));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(8);
    for (const route of adminRoutes) {
      const response = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { anything: true } });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('cross-site requests', () => {
  it('answer 403 on every unsafe route when the browser says the page came from another site', async () => {
    const unsafe = t.routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(unsafe.length).toBeGreaterThanOrEqual(20);
    for (const route of unsafe) {
      for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/page' }]) {
        const response = await t.app.inject({ method: route.method as 'POST', url: concrete(route.url), headers: { ...headers, cookie }, payload: {} });
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
  });
});

describe('robustness', () => {
  const writeRoutes = () => t.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'GET');

  it('never answers 500 to random JSON on any write route, signed in or not', async () => {
    const payloads = fc.oneof(
      fc.anything(),
      fc.json().map((text) => JSON.parse(text) as unknown),
      fc.record({
        tournamentId: fc.oneof(fc.constant(tournamentId), fc.string()),
        name: fc.string({ maxLength: 2000 }),
        players: fc.array(fc.record({ riotId: fc.oneof(fc.string(), fc.integer()) }), { maxLength: 8 }),
        substitutes: fc.anything(),
        maxTeams: fc.oneof(fc.integer(), fc.double(), fc.string()),
        placement: fc.anything(),
        playerNames: fc.anything(),
        isOpen: fc.anything(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writeRoutes()), payloads, fc.boolean(), async (route, payload, signedIn) => {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
          payload: JSON.stringify(payload) ?? 'null',
        });
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(payload)?.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it('answers oversized and malformed bodies with 4xx, never 500', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const big = await t.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(tournamentId), name: huge } });
    expect(big.statusCode).toBe(413);
    const longName = await t.app.inject({ method: 'POST', url: '/api/teams', payload: { ...teamPayload(tournamentId), name: 'x'.repeat(5000) } });
    expect(longName.statusCode).toBe(400);
    for (const body of ['', 'null', '[]', '"text"', '{', '{"a":}', '\u0000']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/teams', headers: { 'content-type': 'application/json' }, payload: body });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
