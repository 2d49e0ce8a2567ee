import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBracketService } from '../../src/server/bracket/service.js';
import { createChampionService } from '../../src/server/champions/service.js';
import { queryRows, type Database, type Db } from '../../src/server/db/client.js';
import { teams } from '../../src/server/db/schema.js';
import { createEventHub, type EventHub } from '../../src/server/events/hub.js';
import { createDemoPaymentProvider } from '../../src/server/payments/demo.js';
import { createRefunds } from '../../src/server/payments/refunds.js';
import { createPaymentService } from '../../src/server/payments/service.js';
import { createPrivacyService } from '../../src/server/privacy/service.js';
import { createSiteSettings } from '../../src/server/site/settings.js';
import { createTeamRemoval } from '../../src/server/teams/removal.js';
import { createTeamService } from '../../src/server/teams/service.js';
import { createTeamPageService } from '../../src/server/teams/team-page-service.js';
import { createTournamentCancellation } from '../../src/server/tournaments/cancellation.js';
import { createTournamentService } from '../../src/server/tournaments/service.js';
import { createWaitlist } from '../../src/server/waitlist/service.js';
import { createOpenTournament, registerTeam } from '../support/factories.js';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app.js';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.execute(sql`create table event_probe (id int primary key)`);
});
afterAll(async () => database?.close());

const probes = async () => (await queryRows<{ id: number }>(db, sql`select id from event_probe order by id`)).map((row) => row.id);
const loggedHub = () => {
  const logged: string[] = [];
  return { hub: createEventHub({ log: (_error, what) => logged.push(what) }), logged };
};

describe('the event hub', () => {
  it('runs after-commit listeners once the transaction committed (they see its writes), before the transaction call returns', async () => {
    const { hub } = loggedHub();
    const heard: { teamId: string; rows: number[] }[] = [];
    hub.afterCommit('spotOffered', async ({ teamId }) => {
      heard.push({ teamId, rows: await probes() });
    });
    const result = await hub.transaction(db, async (tx) => {
      await tx.execute(sql`insert into event_probe values (1)`);
      await hub.emit(tx, 'spotOffered', { teamId: 'a' });
      expect(heard).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual([{ teamId: 'a', rows: [1] }]);
  });

  it('never runs after-commit listeners of a transaction that rolled back', async () => {
    const { hub } = loggedHub();
    const heard: string[] = [];
    hub.afterCommit('spotOffered', ({ teamId }) => void heard.push(teamId));
    const work = hub.transaction(db, async (tx) => {
      await tx.execute(sql`insert into event_probe values (2)`);
      await hub.emit(tx, 'spotOffered', { teamId: 'b' });
      throw new Error('changed my mind');
    });
    await expect(work).rejects.toThrow('changed my mind');
    expect(heard).toEqual([]);
    expect(await probes()).not.toContain(2);
    // The next transaction starts with an empty list: nothing of the rolled back one leaks into it.
    await hub.transaction(db, async (tx) => hub.emit(tx, 'spotOffered', { teamId: 'c' }));
    expect(heard).toEqual(['c']);
  });

  it('runs in-transaction listeners inside the transaction: their writes commit with it, and their failure rolls it back', async () => {
    const hub = createEventHub();
    hub.inTransaction('paymentAdmitted', async (tx, { teamId }) => {
      if (teamId === 'refused') throw new Error('cannot queue the receipt');
      await tx.execute(sql`insert into event_probe values (4)`);
    });
    await hub.transaction(db, async (tx) => {
      await tx.execute(sql`insert into event_probe values (3)`);
      await hub.emit(tx, 'paymentAdmitted', { teamId: 'kept' });
    });
    expect(await probes()).toEqual(expect.arrayContaining([3, 4]));

    const afterCommit: string[] = [];
    hub.afterCommit('paymentAdmitted', ({ teamId }) => void afterCommit.push(teamId));
    const work = hub.transaction(db, async (tx) => {
      await tx.execute(sql`insert into event_probe values (5)`);
      await hub.emit(tx, 'paymentAdmitted', { teamId: 'refused' });
    });
    await expect(work).rejects.toThrow('cannot queue the receipt');
    expect(await probes()).not.toContain(5);
    expect(afterCommit).toEqual([]);
  });

  it('logs a failed after-commit listener, never throws it at the caller, and runs the next ones in order', async () => {
    const { hub, logged } = loggedHub();
    const heard: string[] = [];
    hub.afterCommit('publicDataChanged', () => void heard.push('cache'));
    hub.afterCommit('teamWithdrawn', () => {
      throw new Error('waitlist down');
    });
    hub.afterCommit('teamWithdrawn', ({ teamId }) => void heard.push(`mail ${teamId}`));
    await hub.transaction(db, async (tx) => {
      await hub.emit(tx, 'publicDataChanged', {});
      await hub.emit(tx, 'teamWithdrawn', { teamId: 't1', tournamentId: 'x' });
    });
    expect(heard).toEqual(['cache', 'mail t1']);
    expect(logged).toEqual(['A listener of teamWithdrawn failed after the commit']);
    await expect(hub.emitCommitted('teamWithdrawn', { teamId: 't2', tournamentId: 'x' })).resolves.toBeUndefined();
    expect(heard).toEqual(['cache', 'mail t1', 'mail t2']);
  });

  it('refuses news it could lose: after-commit listeners in a transaction it did not open, in-transaction ones after the commit', async () => {
    const hub = createEventHub();
    hub.inTransaction('tournamentCancelled', () => {});
    hub.afterCommit('spotOffered', () => {});
    await expect(db.transaction(async (tx) => hub.emit(tx, 'spotOffered', { teamId: 'a' }))).rejects.toThrow(/did not open/);
    await expect(hub.emitCommitted('tournamentCancelled', { tournament: {} as never, removed: [], reason: '' })).rejects.toThrow(/in-transaction listeners/);
    // An event with in-transaction listeners only may ride a transaction opened elsewhere (teams/lifecycle/admission.ts).
    hub.inTransaction('paymentAdmitted', () => {});
    await expect(db.transaction(async (tx) => hub.emit(tx, 'paymentAdmitted', { teamId: 'a' }))).resolves.toBeUndefined();
  });
});

describe('every service that announces events requires the hub', () => {
  const now = () => new Date();
  const missing = undefined as unknown as EventHub;
  const refunds = () => createPaymentService(db, createDemoPaymentProvider(db, now), now, createEventHub()).refunds;
  const factories: [string, () => unknown][] = [
    ['createTournamentService', () => createTournamentService(db, now, missing)],
    ['createChampionService', () => createChampionService(db, now, missing)],
    ['createBracketService', () => createBracketService(db, now, missing)],
    ['createSiteSettings', () => createSiteSettings(db, { firstValues: {} as never, now, events: missing })],
    ['createTeamService', () => createTeamService(db, now, 30, missing)],
    ['createWaitlist', () => createWaitlist({ db, now, offerHours: 12, holdMinutes: 30, events: missing })],
    ['createPaymentService', () => createPaymentService(db, createDemoPaymentProvider(db, now), now, missing)],
    ['createRefunds', () => createRefunds({ db, provider: createDemoPaymentProvider(db, now), now, settlePayment: async () => {}, events: missing, log: () => {} })],
    ['createTeamRemoval', () => createTeamRemoval(db, refunds(), now, missing)],
    ['createTournamentCancellation', () => createTournamentCancellation(db, refunds(), now, missing)],
    ['createTeamPageService', () => createTeamPageService(db, refunds(), now, { organizerName: async () => 'Org', events: missing })],
    ['createPrivacyService', () => createPrivacyService({ db, storage: {} as never, now, retention: {} as never, events: missing })],
  ];
  it.each(factories)('%s throws when built without it', (name, build) => {
    expect(build).toThrow(`${name}: the event hub is required`);
  });
});

describe('the app built with the hub', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('tells a registration and a withdrawal, each after its commit', async () => {
    const heard: string[] = [];
    t.services.events.afterCommit('teamRegistered', async ({ teamId }) => {
      const [team] = await t.database.db.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, teamId));
      heard.push(`registered ${team.status}`);
    });
    t.services.events.afterCommit('teamWithdrawn', async ({ teamId }) => {
      const [team] = await t.database.db.select({ withdrawnAt: teams.withdrawnAt }).from(teams).where(eq(teams.id, teamId));
      heard.push(`withdrawn ${team.withdrawnAt ? 'committed' : 'not yet'}`);
    });
    const cup = await createOpenTournament(t, await t.login(), { name: 'Hub Cup' });
    const team = await registerTeam(t.app, cup.id);
    const withdrawn = await t.app.inject({ method: 'POST', url: `/api/manage/${team.id}/withdraw`, headers: team.teamLink });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(heard).toEqual(['registered pending', 'withdrawn committed']);
  });
});
