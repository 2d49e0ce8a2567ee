import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { teams } from '../../src/server/db/schema.js';
import { teamCreateSchema } from '../../src/shared/schemas/team.js';
import { takenNameMessage, takenRiotIdMessage } from '../../src/server/teams/roster-conflicts.js';
import { createOpenTournament, teamPayload } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Registrations that arrive together are claimed in one statement per batch (teams/registration-batcher.ts):
// each captain still gets their own answer. Run on both databases (scripts/test.mjs).

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp({ PENDING_HOLD_MINUTES: '30' });
  cookie = await t.login();
});

afterEach(async () => {
  vi.restoreAllMocks();
  expect(await t.services.teams.checkHeldSpots()).toEqual([]);
});

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/teams', payload: payload as object });
const fullMessage = 'This tournament is full';

type Db = { execute: (query: SQL) => unknown; dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } };
const spiedDb = () => t.database.db as unknown as Db;
const isClaim = (db: Db, query: SQL) => db.dialect.sqlToQuery(query).sql.includes('jsonb_populate_recordset');

/** How many claiming statements run while `fn` does (each writes a batch of teams). */
async function countClaimStatements(fn: () => Promise<void>): Promise<number> {
  const db = spiedDb();
  const execute = db.execute.bind(db);
  let count = 0;
  vi.spyOn(db, 'execute').mockImplementation((query: SQL) => {
    if (isClaim(db, query)) count++;
    return execute(query);
  });
  await fn();
  return count;
}

/**
 * Posts `payloads` so that they all wait for the same batch, whatever the machine's speed: a first
 * registration (it takes a spot) has its claim held until every request has been queued behind it.
 * Returns the answers and the claiming statements they took; `fails` makes a claim statement throw.
 */
async function postInOneBatch(tournamentId: string, payloads: object[], fails: (params: string) => boolean = () => false) {
  const db = spiedDb();
  const execute = db.execute.bind(db);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let statements = 0;
  vi.spyOn(db, 'execute').mockImplementation((query: SQL) => {
    if (!isClaim(db, query)) return execute(query);
    statements++;
    if (statements === 1) return gate.then(() => execute(query));
    if (fails(JSON.stringify(db.dialect.sqlToQuery(query).params)))
      return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    return execute(query);
  });
  const register = vi.spyOn(t.services.teams, 'register');
  const first = t.services.teams.register(teamCreateSchema.parse(teamPayload(tournamentId)), { ownerTokenHash: null, teamLinkHash: null });
  await vi.waitFor(() => expect(statements).toBe(1));
  const responses = Promise.all(payloads.map(post));
  await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(payloads.length + 1));
  release();
  await first;
  return { responses: await responses, statements: statements - 1 };
}

async function heldOf(tournamentId: string) {
  const capacity = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/capacity` })).json();
  const listed = (await t.app.inject({ method: 'GET', url: `/api/tournaments/${tournamentId}/teams` })).json() as { id: string; name: string }[];
  return { registered: capacity.registered as number, listed };
}

describe('a burst of registrations', () => {
  it('sells exactly 64 spots to 200 simultaneous captains in a few statements, each answered with their own team or "full"', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Burst Open', maxTeams: 64 });
    const payloads = Array.from({ length: 200 }, () => teamPayload(tournament.id));
    let responses: Awaited<ReturnType<typeof post>>[] = [];
    const statements = await countClaimStatements(async () => {
      responses = await Promise.all(payloads.map(post));
    });
    // Batched: far fewer statements than registrations (each batch is one).
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThan(20);

    const created = responses.flatMap((response, index) =>
      response.statusCode === 201 ? [{ id: response.json().id as string, name: payloads[index].name }] : [],
    );
    expect(created).toHaveLength(64);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: fullMessage });
    }
    // Each 201 names the captain's own team: the list has that id under the name they sent.
    const { registered, listed } = await heldOf(tournament.id);
    expect(registered).toBe(64);
    expect(new Set(created.map((c) => c.id)).size).toBe(64);
    expect(listed.map((team) => [team.id, team.name]).sort()).toEqual(created.map((c) => [c.id, c.name]).sort());
  }, 120_000);

  it('gives the last spots in order of arrival', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Last Spots Cup', maxTeams: 4 });
    const answers = await Promise.allSettled(
      Array.from({ length: 7 }, () =>
        t.services.teams.register(teamCreateSchema.parse(teamPayload(tournament.id)), { ownerTokenHash: null, teamLinkHash: null }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    for (const answer of answers.slice(4)) expect((answer as PromiseRejectedResult).reason.message).toBe(fullMessage);
  });

  it('refuses the later of two teams with the same name in one batch with its own message, and lets the others through', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Same Name Cup', maxTeams: 16 });
    const first = teamPayload(tournament.id, { name: 'Twin Peaks' });
    const second = teamPayload(tournament.id, { name: 'TWIN PEAKS' });
    const others = [teamPayload(tournament.id), teamPayload(tournament.id)];
    const { responses, statements } = await postInOneBatch(tournament.id, [first, second, ...others]);
    // The second waits for the first's answer: the first goes alone, then the rest.
    expect(statements).toBe(2);
    const [a, b, ...rest] = responses;
    expect(a.statusCode).toBe(201);
    const message = takenNameMessage('TWIN PEAKS');
    expect(b.statusCode).toBe(409);
    expect(b.json()).toEqual({ error: message, issues: [{ path: 'name', message }] });
    expect(rest.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await heldOf(tournament.id)).registered).toBe(4);
  });

  it('refuses the later of two teams sharing a Riot ID in one batch, naming its field', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Shared Riot Cup', maxTeams: 16 });
    const first = teamPayload(tournament.id);
    const second = teamPayload(tournament.id, { substitutes: [{ riotId: first.players[3].riotId.toLowerCase() }] });
    const third = teamPayload(tournament.id);
    const responses = await Promise.all([first, second, third].map(post));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 409, 201]);
    const message = takenRiotIdMessage(first.players[3].riotId);
    expect(responses[1].json()).toEqual({ error: message, issues: [{ path: 'substitutes.0.riotId', message }] });
  });

  it('lets a later team take a name whose earlier claimant in the batch was refused for another reason', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Second Chance Cup', maxTeams: 16 });
    const holder = teamPayload(tournament.id);
    expect((await post(holder)).statusCode).toBe(201);
    // The first wants "Open Name" but carries a Riot ID already on a team; the second wants the same name.
    const refused = teamPayload(tournament.id, { name: 'Open Name' });
    refused.players[1] = { riotId: holder.players[1].riotId };
    const later = teamPayload(tournament.id, { name: 'Open Name' });
    const [a, b] = await Promise.all([refused, later].map(post));
    expect(a.statusCode).toBe(409);
    expect(a.json().issues).toEqual([{ path: 'players.1.riotId', message: takenRiotIdMessage(holder.players[1].riotId) }]);
    expect(b.statusCode).toBe(201);
  });

  it('keeps a claim waiting on an earlier one of its batch ahead of the later captains: the last spots go one after the other', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Waiting Turn Cup', maxTeams: 4 });
    const holder = teamPayload(tournament.id);
    expect((await post(holder)).statusCode).toBe(201);
    // With the batch's first registration, 2 spots are left for A (a Riot ID already on a team), B (A's name), C and D.
    const a = teamPayload(tournament.id, { name: 'Open Name' });
    a.players[1] = { riotId: holder.players[1].riotId };
    const b = teamPayload(tournament.id, { name: 'Open Name' });
    const { responses } = await postInOneBatch(tournament.id, [a, b, teamPayload(tournament.id), teamPayload(tournament.id)]);
    expect(responses.map((r) => r.statusCode)).toEqual([409, 201, 201, 409]);
    expect(responses[0].json().issues).toEqual([{ path: 'players.1.riotId', message: takenRiotIdMessage(holder.players[1].riotId) }]);
    expect(responses[3].json()).toEqual({ error: fullMessage });
  });

  it('answers invalid registrations sent with others with their own 400 (refused before any batch), the others registered', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Invalid Among Cup', maxTeams: 16 });
    const invalid = teamPayload(tournament.id, { name: 'ab' });
    const repeated = teamPayload(tournament.id);
    repeated.players[4] = { riotId: repeated.players[2].riotId };
    const responses = await Promise.all([teamPayload(tournament.id), invalid, repeated, teamPayload(tournament.id)].map(post));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 400, 400, 201]);
    expect(responses[1].json().error).toBe('Team name must be at least 3 characters');
    expect(responses[2].json()).toEqual({
      error: 'Each player must have a different Riot ID',
      issues: [{ path: 'players.4.riotId', message: 'Each player must have a different Riot ID' }],
    });
    expect((await heldOf(tournament.id)).registered).toBe(2);
  });

  it('refuses only the clashing claim when the batch meets a row its checks do not see (written by an older version), the others registered', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Old Row Cup', maxTeams: 16 });
    // A team row without its look-alike key: only the older unique index (on lower(name)) knows it.
    await t.database.db.insert(teams).values({
      tournamentId: tournament.id,
      name: 'Legacy Lions',
      captainDiscord: 'legacy',
      captainRiotId: 'Legacy#EUW',
      paymentStatus: 'completed',
      amountPaid: 0,
    });
    const responses = await Promise.all(
      [teamPayload(tournament.id), teamPayload(tournament.id, { name: 'legacy lions' }), teamPayload(tournament.id)].map(post),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 409, 201]);
    expect(responses[1].json().error).toBe('That team name or one of these Riot IDs is already registered for this tournament');
    // The row written around the counter is the only drift: the two registered teams were counted.
    expect(await t.services.teams.checkHeldSpots()).toEqual([{ tournamentId: tournament.id, held: 2, counted: 3 }]);
  });

  it('answers each claim of a batch that fell back to single statements on its own: a lost connection refuses only its captain', async () => {
    const tournament = await createOpenTournament(t, cookie, { name: 'Lost Line Cup', maxTeams: 16 });
    await t.database.db.insert(teams).values({
      tournamentId: tournament.id,
      name: 'Legacy Lynx',
      captainDiscord: 'legacy',
      captainRiotId: 'LegacyLynx#EUW',
      paymentStatus: 'completed',
      amountPaid: 0,
    });
    const saved = teamPayload(tournament.id);
    const lost = teamPayload(tournament.id, { name: 'Lost Line' });
    // The batch clashes twice with the row only the older index knows, then each claim goes alone; "Lost Line"'s loses the connection.
    const { responses } = await postInOneBatch(
      tournament.id,
      [saved, teamPayload(tournament.id, { name: 'legacy lynx' }), lost],
      (params) => params.includes('Lost Line') && !params.includes(saved.name),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 409, 503]);
    expect(responses[0].headers['set-cookie']).toBeDefined();
    const { listed } = await heldOf(tournament.id);
    expect(listed.map((team) => team.name)).toContain(saved.name);
    expect(listed.map((team) => team.name)).not.toContain('Lost Line');
    expect(await t.services.teams.checkHeldSpots()).toEqual([{ tournamentId: tournament.id, held: 2, counted: 3 }]);
  });
});
