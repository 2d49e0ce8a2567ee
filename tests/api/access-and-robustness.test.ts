import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload, tournamentInput } from '../support/factories.js';
import { stringLeaves, withLeaf, type Json } from '../support/payload-leaves.js';
import { concrete } from '../support/admin-routes.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;
let tournamentId: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  tournamentId = (await createOpenTournament(t, cookie, { name: 'Robust Cup', maxTeams: 1024 })).id;
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

  // Text that the database and the look-alike checks trip on: NUL, format characters (zero-width
  // space, BOM, right-to-left override), combining marks, path tricks; dates at and past the edges
  // of what JavaScript and PostgreSQL hold; fees that are not amounts.
  const nastyText = fc
    .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\u200B', '\uFEFF', '\u202E', '\u0301', '\u00e9', '..', '/objects/', '%2e', '\\')), { maxLength: 8 })
    .map((parts) => parts.join(''));
  const extremeDate = fc.oneof(
    fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '-000001-01-01T00:00:00Z', '+010000-01-01T00:00:00Z', '0000-01-01', '9999-12-31T23:59:59.999Z'),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  );
  const badAmount = fc.constantFrom('abc', '25.999', '-5', '1e3', ' 25 ', '999999.999', '1000000');
  const nasty = fc.oneof(nastyText, extremeDate, badAmount);

  it('never answers 500 to random JSON on any write route, signed in or not', async () => {
    const payloads = fc.oneof(
      fc.anything(),
      fc.json().map((text) => JSON.parse(text) as unknown),
      fc.record({
        tournamentId: fc.oneof(fc.constant(tournamentId), fc.string()),
        name: fc.oneof(fc.string({ maxLength: 2000 }), nastyText),
        players: fc.array(fc.record({ riotId: fc.oneof(fc.string(), fc.integer(), nastyText) }), { maxLength: 8 }),
        substitutes: fc.anything(),
        maxTeams: fc.oneof(fc.integer(), fc.double(), fc.string()),
        placement: fc.anything(),
        playerNames: fc.anything(),
        isOpen: fc.anything(),
        registrationCloses: extremeDate,
        entryFee: fc.oneof(badAmount, nastyText),
      }),
    );
    const randomRequests = fc.record({ route: fc.constantFrom(...writeRoutes()), payload: payloads }).map(({ route, payload }) => ({ method: route.method, url: concrete(route.url), payload }));

    // Valid payloads with one text field swapped for nasty text, an extreme date or a bad amount:
    // these get past the type checks and reach the services and the database.
    const championBase = { placement: 1, teamName: 'Night Owls', teamLogoUrl: 'https://cdn.example.com/logo.png', tournamentName: 'Autumn Cup', tournamentDate: '2026-10-01T18:00:00.000Z', playerNames: ['Ace#EUW'], highlights: [{ title: 'Ace', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' }], prizeAmount: '2500', currency: 'EUR', teamQuote: 'Never stopped.' };
    const championId = (await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: championBase })).json().id as string;
    const editedId = (await createOpenTournament(t, cookie, { name: 'Edited Cup', maxTeams: 1024 })).id;
    const bases: { method: string; url: string; payload: Json }[] = [
      { method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId) as Json },
      { method: 'POST', url: '/api/contact', payload: { name: 'Jo', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' } },
      { method: 'POST', url: '/api/auth/login', payload: { username: 'organizer', password: 'not the password' } },
      { method: 'POST', url: '/api/champions', payload: championBase },
      { method: 'PUT', url: `/api/champions/${championId}`, payload: championBase },
      { method: 'POST', url: '/api/tournaments', payload: tournamentInput() as Json },
      { method: 'PUT', url: `/api/tournaments/${editedId}`, payload: tournamentInput({ name: 'Edited Cup', maxTeams: 1024 }) as Json },
      { method: 'POST', url: '/api/demo-payments/confirm', payload: { clientSecret: 'demo_pi_x_secret_y', cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } },
    ];
    const nastyFieldRequests = fc
      .constantFrom(...bases)
      .chain((base) => fc.record({ path: fc.constantFrom(...stringLeaves(base.payload)), value: nasty }).map(({ path, value }) => ({ ...base, payload: withLeaf(base.payload, path, () => value) })));

    await fc.assert(
      fc.asyncProperty(fc.oneof(randomRequests, nastyFieldRequests), fc.boolean(), async (request, signedIn) => {
        const response = await t.app.inject({
          method: request.method as 'POST',
          url: request.url,
          headers: { 'content-type': 'application/json', ...(signedIn ? { cookie } : {}) },
          payload: JSON.stringify(request.payload) ?? 'null',
        });
        expect(response.statusCode, `${request.method} ${request.url} ${JSON.stringify(request.payload)?.slice(0, 300)}`).toBeLessThan(500);
      }),
      { numRuns: 500 },
    );
    // 500 requests: seconds alone, much longer on a busy 2-core machine.
  }, 120_000);

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
