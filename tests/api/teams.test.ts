import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenTournament, teamPayload, tournamentInput } from '../support/factories.js';
import { createTestApp, usesPostgres, type TestApp } from '../support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ PENDING_HOLD_MINUTES: '30' });
  cookie = await t.login();
});

// Whatever a test did, each tournament's counter of held spots equals its teams holding one.
afterEach(async () => expect(await t.services.teams.checkHeldSpots()).toEqual([]));

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
    expect(capacity).toEqual({ registered: 1, capacity: 8, spotsLeft: 7, percentageFull: 13, confirmed: 0, pending: 1, waiting: 0 });
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
    expect(response.json()).toEqual({
      error: 'Each player must have a different Riot ID',
      // The second of the two, so the wizard marks Player 4's field.
      issues: [{ path: 'players.3.riotId', message: 'Each player must have a different Riot ID' }],
    });
  });

  it("refuses a Riot ID that is not Riot's name#tag, with a message that says the form", async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Form Cup' });
    const form = "Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits";
    const cases: [string, string][] = [
      ['NoTagAtAll', `Player 2 ${form}`],
      ['Ab#EUW', `Player 2 ${form}`],
      ['SeventeenLetters1#EUW', `Player 2 ${form}`],
      ['Fine#EU', `Player 2 ${form}`],
      ['Fine#EUWEST', `Player 2 ${form}`],
      ['Fine#E-W', `Player 2 ${form}`],
      ['Fine#EUW#EUW', `Player 2 ${form}`],
      ['ab', 'Player 2 Riot ID is required'],
    ];
    for (const [riotId, message] of cases) {
      const payload = teamPayload(tournament.id);
      payload.players[1] = { riotId };
      const response = await post(payload);
      expect(response.statusCode, riotId).toBe(400);
      expect(response.json().issues, riotId).toEqual([{ path: 'players.1.riotId', message }]);
    }
    const badSub = teamPayload(tournament.id, { substitutes: [{ riotId: 'Sub#1' }] });
    expect((await post(badSub)).json().issues).toEqual([{ path: 'substitutes.0.riotId', message: `Substitute 1 ${form}` }]);
    // The edges of Riot's form, with a space and letters beyond ASCII in the name.
    const edges = teamPayload(tournament.id);
    edges.players[1] = { riotId: 'Abc#EUW' };
    edges.players[2] = { riotId: 'Sixteen Letters!#12345' };
    edges.players[3] = { riotId: 'Jos\u00e9 Ñandú#K0R' };
    const accepted = await post(edges);
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('answers 409 for a duplicate team name or Riot ID, case-insensitively', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Duplicate Cup' });
    const first = teamPayload(tournament.id, { name: 'Sentinels of Dawn' });
    expect((await post(first)).statusCode).toBe(201);

    const sameName = await post(teamPayload(tournament.id, { name: 'SENTINELS OF DAWN' }));
    expect(sameName.statusCode).toBe(409);
    const nameMessage = 'A team named "SENTINELS OF DAWN" is already registered for this tournament. Choose another team name.';
    expect(sameName.json()).toEqual({ error: nameMessage, issues: [{ path: 'name', message: nameMessage }] });

    const other = teamPayload(tournament.id);
    other.players[2] = { riotId: first.players[2].riotId.toLowerCase() };
    const sameRiotId = await post(other);
    expect(sameRiotId.statusCode).toBe(409);
    const riotIdMessage = `Riot ID "${first.players[2].riotId}" is already on a team in this tournament. A player can play for one team only: check the Riot ID, or ask that team's captain to remove it.`;
    // Which field (Player 3's), why, and what to do.
    expect(sameRiotId.json()).toEqual({ error: riotIdMessage, issues: [{ path: 'players.2.riotId', message: riotIdMessage }] });
    // The refused writes claimed no spot (the unique indexes refuse them inside the claiming
    // statement); afterEach checks the counter against the teams too.
    const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournament.id}/capacity` })).json();
    expect(capacity.registered).toBe(1);
  });

  it('answers 409 when the tournament is a draft, closed, past its deadline or full, and 404 when unknown', async () => {
    // A draft's registration was never switched on (being featured or not does not matter: issue 31).
    const draft = (await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput({ name: 'Inactive Cup' }) })).json();
    const r1 = await post(teamPayload(draft.id));
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error).toBe('Registration is closed for this tournament');

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
    expect(capacity).toEqual({ registered: 4, capacity: 4, spotsLeft: 0, percentageFull: 100, confirmed: 0, pending: 4, waiting: 0 });

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

describe('the held spots counter', () => {
  /** The tournament's counter, and the teams whose row keeps a spot, counted from the rows. */
  async function heldAndCounted(tournamentId: string): Promise<{ held: number; counted: number }> {
    const [row] = await t.database.withConnection(
      async (exec) =>
        (
          await exec(
            `select held, (select count(*)::int from teams where tournament_id = $1 and released_at is null
               and (payment_status in ('pending', 'failed', 'completed', 'partially_refunded') or (payment_status = 'waitlisted' and offer_expires_at is not null))) as counted
             from tournaments where id = $1`,
            [tournamentId],
          )
        ).rows,
    );
    return row as { held: number; counted: number };
  }
  const expectHeld = async (tournamentId: string, n: number, step: string) => expect(await heldAndCounted(tournamentId), step).toEqual({ held: n, counted: n });
  const bearerOf = (manageUrl: string) => ({ authorization: `Bearer ${new URL(manageUrl, 'http://x').searchParams.get('key')}` });

  it('equals the teams holding a spot after each transition: registration, waitlist offer and claim, withdrawal, removal, expiry, limit edit, cancellation', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Counter Cup', maxTeams: 4 });
    const registered = [];
    for (let i = 0; i < 4; i++) {
      const response = await post(teamPayload(tournament.id));
      expect(response.statusCode).toBe(201);
      registered.push(response.json() as { id: string; manageUrl: string });
    }
    await expectHeld(tournament.id, 4, 'four registrations');
    expect((await post(teamPayload(tournament.id))).json().error).toBe('This tournament is full');
    await expectHeld(tournament.id, 4, 'a refused registration');

    const waiting = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/waitlist`, payload: teamPayload(tournament.id) });
    expect(waiting.statusCode, waiting.body).toBe(201);
    await expectHeld(tournament.id, 4, 'a team on the waitlist holds no spot');

    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${registered[0].id}/withdraw`, headers: bearerOf(registered[0].manageUrl) });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    // The freed spot is kept for the waiting team's offer.
    await expectHeld(tournament.id, 4, 'a withdrawal, its spot offered');
    const claimed = await t.app.inject({ method: 'POST', url: `/api/manage/${waiting.json().id}/claim-offer`, headers: bearerOf(waiting.json().manageUrl) });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await expectHeld(tournament.id, 4, 'an offer claimed');

    const removed = await t.app.inject({ method: 'POST', url: `/api/teams/${registered[1].id}/remove`, headers: { cookie }, payload: { refund: 'none', reason: 'Left the tournament' } });
    expect(removed.statusCode, removed.body).toBe(200);
    await expectHeld(tournament.id, 3, 'a removal');

    t.clock.advance(31 * 60_000);
    try {
      cookie = await t.login();
      expect(await t.services.payments.sweepExpiredHolds()).toBeGreaterThanOrEqual(3);
      await expectHeld(tournament.id, 0, 'holds expired, released by the sweep');
      expect((await post(teamPayload(tournament.id))).statusCode).toBe(201);
      await expectHeld(tournament.id, 1, 'a registration after the expiry');
      const edited = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${tournament.id}`, headers: { cookie }, payload: tournamentInput({ name: 'Counter Cup', maxTeams: 6 }) });
      expect(edited.statusCode, edited.body).toBe(200);
      await expectHeld(tournament.id, 1, 'max teams edited');
      const cancelled = await t.app.inject({ method: 'POST', url: `/api/tournaments/${tournament.id}/cancel`, headers: { cookie }, payload: { reason: 'Counting is over' } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await expectHeld(tournament.id, 0, 'the tournament cancelled');
    } finally {
      t.clock.set(new Date());
      cookie = await t.login();
    }
    expect(await t.services.teams.checkHeldSpots()).toEqual([]);
  });

  it('is checked by the sweep: a drift is reported and repaired from the teams', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Drift Cup', maxTeams: 4 });
    expect((await post(teamPayload(tournament.id))).statusCode).toBe(201);
    await t.database.withConnection((exec) => exec(`update tournaments set held = 3 where id = $1`, [tournament.id]));
    expect(await t.services.teams.checkHeldSpots()).toEqual([{ tournamentId: tournament.id, held: 3, counted: 1 }]);
    await expectHeld(tournament.id, 1, 'repaired');
    expect(await t.services.teams.checkHeldSpots()).toEqual([]);
  });

  it('sells exactly 64 spots to 200 simultaneous captains, and equals the 64 holds', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Burst Cup', maxTeams: 64 });
    const responses = await Promise.all(Array.from({ length: 200 }, () => post(teamPayload(tournament.id))));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(64);
    expect(statuses.filter((s) => s === 409)).toHaveLength(136);
    await expectHeld(tournament.id, 64, 'after the burst');
  }, 120_000);
});
