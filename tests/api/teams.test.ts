import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload, tournamentInput } from '../support/factories.js';
import { createTestApp, usesPostgres, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ PENDING_HOLD_MINUTES: '30' });
  cookie = await t.login();
});

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/teams', payload: payload as object });

describe('team registration', () => {
  it('creates a pending team holding a spot, listed publicly without private fields', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Holds Cup', maxTeams: 8 });
    const response = await post(teamPayload(tournament.id, { name: 'Night Owls' }));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.paymentStatus).toBe('pending');
    expect(new Date(created.holdExpiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const teams = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json();
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ id: created.id, name: 'Night Owls', paymentStatus: 'pending' });
    expect(teams[0].players).toHaveLength(5);
    expect(teams[0].players[0].role).toBe('Captain');
    expect(teams[0].substitutes).toHaveLength(1);
    expect(teams[0]).not.toHaveProperty('captainDiscord');

    const asAdmin = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams`, headers: { cookie } })).json();
    expect(asAdmin[0].captainDiscord).toMatch(/^captain/);

    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(capacity).toEqual({ registered: 1, capacity: 8, spotsLeft: 7, percentageFull: 13 });
  });

  it('drops empty substitutes and completes a free tournament at once', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Free Cup', entryFee: '0' });
    const response = await post(teamPayload(tournament.id, { substitutes: [{ riotId: '' }, { riotId: '  ' }] }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ paymentStatus: 'completed', holdExpiresAt: null });
    const [team] = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/teams` })).json();
    expect(team.substitutes).toEqual([]);
  });

  it('reports the validation messages of the registration form', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Validation Cup' });
    const response = await post({
      tournamentId: tournament.id,
      name: 'ab',
      logoUrl: null,
      captainDiscord: 'x',
      captainRiotId: 'y',
      players: [{ riotId: 'y', role: 'Captain' }, { riotId: '' }, { riotId: 'a' }, { riotId: 'bb' }, { riotId: '  ' }],
      substitutes: [],
    });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'name: Team name must be at least 3 characters',
        'captainDiscord: Discord username is required',
        'captainRiotId: Captain Riot ID is required',
        'players.1.riotId: Player 2 Riot ID is required',
        'players.2.riotId: Player 3 Riot ID is required',
        'players.3.riotId: Player 4 Riot ID is required',
        'players.4.riotId: Player 5 Riot ID is required',
      ]),
    );
  });

  it('refuses a captain who is not the first player', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Captain Cup' });
    const response = await post(teamPayload(tournament.id, { captainRiotId: 'Somebody#Else' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'captainRiotId', message: 'The captain must be the first player' }]);
  });

  it('refuses the same Riot ID twice in one team', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Twice Cup' });
    const payload = teamPayload(tournament.id);
    payload.players[3] = { riotId: payload.players[1].riotId.toUpperCase() };
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Each player must have a different Riot ID');
  });

  it('answers 409 for a duplicate team name or Riot ID, case-insensitively', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Duplicate Cup' });
    const first = teamPayload(tournament.id, { name: 'Sentinels of Dawn' });
    expect((await post(first)).statusCode).toBe(201);

    const sameName = await post(teamPayload(tournament.id, { name: 'SENTINELS OF DAWN' }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toBe('A team named "SENTINELS OF DAWN" is already registered for this tournament');

    const other = teamPayload(tournament.id);
    other.players[2] = { riotId: first.players[2].riotId.toLowerCase() };
    const sameRiotId = await post(other);
    expect(sameRiotId.statusCode).toBe(409);
    expect(sameRiotId.json().error).toMatch(/^Riot ID ".+" is already on a team in this tournament$/);
  });

  it('answers 409 when the tournament is inactive, closed, past its deadline or full, and 404 when unknown', async () => {
    const inactive = (await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Inactive Cup' }) })).json();
    const r1 = await post(teamPayload(inactive.id));
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error).toBe('This tournament is not accepting registrations');

    const closed = await createOpenTournament(t, cookie, { name: 'Closed Cup' });
    await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${closed.id}/registration`, headers: { cookie }, payload: { isOpen: false } });
    const r2 = await post(teamPayload(closed.id));
    expect(r2.statusCode).toBe(409);
    expect(r2.json().error).toBe('Registration is closed for this tournament');

    const past = await createOpenTournament(t, cookie, { name: 'Past Cup', registrationCloses: new Date(Date.now() - 60_000).toISOString() });
    const r3 = await post(teamPayload(past.id));
    expect(r3.statusCode).toBe(409);
    expect(r3.json().error).toBe('The registration deadline for this tournament has passed');

    const full = await createOpenTournament(t, cookie, { name: 'Full Cup', maxTeams: 4 });
    for (let i = 0; i < 4; i++) expect((await post(teamPayload(full.id))).statusCode).toBe(201);
    const r4 = await post(teamPayload(full.id));
    expect(r4.statusCode).toBe(409);
    expect(r4.json().error).toBe('This tournament is full');
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${full.id}/capacity` })).json();
    expect(capacity).toEqual({ registered: 4, capacity: 4, spotsLeft: 0, percentageFull: 100 });

    const r5 = await post(teamPayload('00000000-0000-4000-8000-000000000000'));
    expect(r5.statusCode).toBe(404);
  });

  it('releases an expired hold: the spot, the name and the Riot IDs come back', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Expiry Cup', maxTeams: 4 });
    const payloads = Array.from({ length: 4 }, () => teamPayload(tournament.id));
    for (const p of payloads) expect((await post(p)).statusCode).toBe(201);
    expect((await post(teamPayload(tournament.id))).json().error).toBe('This tournament is full');

    t.clock.advance(31 * 60_000);
    try {
      const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
      expect(capacity.registered).toBe(0);
      // The same team can register again once its hold has expired.
      expect((await post({ ...payloads[0] })).statusCode).toBe(201);
    } finally {
      t.clock.set(new Date());
    }
  });
});

describe.skipIf(!usesPostgres)('concurrent registration on PostgreSQL', () => {
  it('sells exactly the 8 remaining spots to 50 simultaneous captains', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Rush Cup', maxTeams: 8 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(teamPayload(tournament.id))));
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(8);
    expect(refused).toHaveLength(42);
    expect(refused.every((r) => r.json().error === 'This tournament is full')).toBe(true);
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(capacity.registered).toBe(8);
  });
});
