import { beforeAll, describe, expect, it } from 'vitest';
import { championInput, createOpenTournament, teamPayload, tournamentInput } from '../support/factories.js';
import { stringLeaves, withLeaf, type Json } from '../support/payload-leaves.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;
let tournamentId: string;
let championId: string;

const champion = (overrides: Record<string, unknown> = {}) => championInput({ teamLogoUrl: 'https://cdn.example.com/night-owls.png', ...overrides });

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
  tournamentId = (await createOpenTournament(t, cookie, { name: 'Hardening Cup', maxTeams: 64 })).id;
  championId = (await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion() })).json().id;
});

describe('NUL bytes', () => {
  const routes = () => [
    { method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId) },
    { method: 'POST', url: '/api/contact', payload: { name: 'Jo', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' } },
    { method: 'POST', url: '/api/auth/login', payload: { username: 'organizer', password: 'correct horse battery staple' } },
    { method: 'POST', url: '/api/champions', payload: champion() },
    { method: 'PUT', url: `/api/champions/${championId}`, payload: champion() },
    { method: 'POST', url: '/api/tournaments', payload: tournamentInput() },
    { method: 'PUT', url: `/api/tournaments/${tournamentId}`, payload: tournamentInput({ name: 'Hardening Cup', maxTeams: 64 }) },
    { method: 'POST', url: '/api/demo-payments/confirm', payload: { clientSecret: 'demo_pi_x_secret_y', cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } },
  ];

  it('answers 400 naming the field, never 500, for a NUL in any text field of the write routes', async () => {
    for (const route of routes()) {
      const payload = route.payload as Json;
      for (const path of stringLeaves(payload)) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { cookie },
          payload: withLeaf(payload, path, (text) => `${text.slice(0, 2)}\u0000${text.slice(2)}`) as object,
        });
        const where = `${route.method} ${route.url} ${path.join('.')}`;
        expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
        expect(response.json().issues, where).toContainEqual({ path: path.join('.'), message: expect.any(String) });
      }
    }
  });

  it('says what is wrong with the field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Jo\u0000', email: 'jo@example.com', subject: 'Refund question', message: 'Can I still get a refund for my team?' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'name', message: 'Must not contain NUL characters' }]);
  });
});

describe('dates out of range', () => {
  const extremes = ['+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00Z', '1999-12-31T23:59:59Z', '+010000-01-01T00:00:00Z'];

  it('answers 400 with the field message for tournament dates outside the years 2000 to 9999', async () => {
    for (const value of extremes) {
      for (const field of ['registrationCloses', 'tournamentDate'] as const) {
        for (const [method, url] of [['POST', '/api/tournaments'], ['PUT', `/api/tournaments/${tournamentId}`]]) {
          const response = await t.app.inject({ method: method as 'POST', url, headers: { cookie }, payload: tournamentInput({ [field]: value }) });
          expect(response.statusCode, `${method} ${field} ${value}: ${response.body}`).toBe(400);
          expect(response.json().issues).toEqual([{ path: field, message: 'Date must be between the years 2000 and 9999' }]);
        }
      }
    }
  });

  it('answers 400 with the field message for a champion date outside the range', async () => {
    for (const value of extremes) {
      const response = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ tournamentDate: value }) });
      expect(response.statusCode, value).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'tournamentDate', message: 'Date must be between the years 2000 and 9999' }]);
    }
  });

  it('still accepts the edges of the range', async () => {
    // PUT: a new tournament may not close in the past, an existing one may.
    const edges = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Edges Cup' }) });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/tournaments/${edges.json().id}`,
      headers: { cookie },
      payload: tournamentInput({ registrationCloses: '2000-01-01T00:00:00.000Z', tournamentDate: '9999-12-31T23:59:00.000Z' }),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('entry fee', () => {
  it('answers 400 with the field message, never 500, for fees that are not amounts', async () => {
    for (const entryFee of ['abc', '25.999', '-5', '1e3', '12345678901234']) {
      for (const [method, url] of [['POST', '/api/tournaments'], ['PUT', `/api/tournaments/${tournamentId}`]]) {
        const response = await t.app.inject({ method: method as 'POST', url, headers: { cookie }, payload: tournamentInput({ entryFee }) });
        expect(response.statusCode, `${method} ${entryFee}: ${response.body}`).toBe(400);
        expect(response.json().issues).toEqual([{ path: 'entryFee', message: 'Enter an amount like 25 or 25.00' }]);
      }
    }
  });
});

describe('look-alike Riot IDs and team names', () => {
  const composed = 'Jos\u00e9#EUW';
  const decomposed = 'Jose\u0301#EUW';

  function withPlayer2(riotId: string, overrides: Record<string, unknown> = {}) {
    const payload = teamPayload(tournamentId, overrides);
    payload.players[1] = { riotId };
    return payload;
  }

  it('treats the composed and decomposed forms of one Riot ID as the same player', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/teams', payload: withPlayer2(composed) });
    expect(first.statusCode, first.body).toBe(201);
    const second = await t.app.inject({ method: 'POST', url: '/api/teams', payload: withPlayer2(decomposed) });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().error).toMatch(new RegExp(`^Riot ID "${composed}" is already on a team in this tournament\\.`));
  });

  it('treats a Riot ID with zero-width or other format characters as the same player', async () => {
    for (const variant of ['Jo\u200Bs\u00e9#EUW', '\uFEFFJos\u00e9#EUW', 'Jos\u00e9\u202E#EUW ']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: withPlayer2(variant) });
      expect(response.statusCode, `${JSON.stringify(variant)}: ${response.body}`).toBe(409);
    }
  });

  it('refuses a Riot ID made only of invisible characters with the field message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: withPlayer2('\u200B\u200B\u200B\u200B') });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'players.1.riotId', message: 'Player 2 Riot ID is required' }]);

    const payload = teamPayload(tournamentId, { captainRiotId: '\u200B\uFEFF\u200B' });
    payload.players[0] = { riotId: '\u200B\uFEFF\u200B' };
    const captain = await t.app.inject({ method: 'POST', url: '/api/teams', payload });
    expect(captain.statusCode).toBe(400);
    expect(captain.json().issues).toContainEqual({ path: 'captainRiotId', message: 'Captain Riot ID is required' });
  });

  it('treats look-alike team names as the same name, and refuses an invisible one', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId, { name: 'Caf\u00e9 Club' }) });
    expect(first.statusCode, first.body).toBe(201);
    for (const name of ['Cafe\u0301 Club', 'Caf\u00e9\u200B Club', ' Caf\u00e9 Club\u200B ']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId, { name }) });
      expect(response.statusCode, `${JSON.stringify(name)}: ${response.body}`).toBe(409);
    }
    const invisible = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId, { name: '\u200B\u200B\u200B\u200B' }) });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().issues).toEqual([{ path: 'name', message: 'Team name must be at least 3 characters' }]);
  });
});

describe('logo URLs', () => {
  const uploadedLogo = '/objects/logos/0123456789abcdef0123456789abcdef.webp';

  it('accepts only a clean /objects/ key as a team logo', async () => {
    for (const logoUrl of ['/objects/../../etc/passwd', '/objects/logos/../../x.png', '/objects/logos\\..\\x.png', '/objects/%2e%2e/x.png', '/objects/logos/%2E%2E', '/objects//x.png', '/objects/', 'https://evil.example/x.png']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId, { logoUrl }) });
      expect(response.statusCode, logoUrl).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'logoUrl', message: 'Not an uploaded logo' }]);
    }
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId, { logoUrl: uploadedLogo }) });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
  });

  it('accepts only http(s) URLs and /objects/ paths as a champion logo', async () => {
    for (const teamLogoUrl of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png', '/objects/../secret', 'https:']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ teamLogoUrl }) });
      expect(response.statusCode, teamLogoUrl).toBe(400);
      expect(response.json().issues).toEqual([{ path: 'teamLogoUrl', message: 'Logo URL must be an http(s) URL or an uploaded logo' }]);
    }
    for (const teamLogoUrl of ['https://cdn.example.com/logo.png', 'http://cdn.example.com/logo.png', uploadedLogo, '']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/champions', headers: { cookie }, payload: champion({ teamLogoUrl }) });
      expect(response.statusCode, `${teamLogoUrl}: ${response.body}`).toBe(201);
    }
  });
});
