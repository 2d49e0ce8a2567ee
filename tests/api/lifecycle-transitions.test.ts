import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../src/server/db/client.js';
import { teams, tournaments } from '../../src/server/db/schema.js';
import { admitPayment } from '../../src/server/teams/lifecycle/admission.js';
import { occupiesSpot } from '../../src/server/teams/lifecycle/rules.js';
import {
  claimOffer,
  initialStatus,
  lapseOffers,
  markDeclined,
  markRefundedByProvider,
  offerSpot,
  releaseExpiredHolds,
  removeTeams,
  settleRefunded,
  transitions,
  withdrawTeam,
  type Transition,
  type TransitionName,
} from '../../src/server/teams/lifecycle/transitions.js';
import { paymentStatuses, type TeamStatus } from '../../src/shared/schemas/team.js';
import { heldOf, insertTeam, insertTournament } from '../support/lifecycle-rows.js';
import { createTestDatabase } from '../support/test-app.js';

const HOUR = 3_600_000;
type TeamRow = typeof teams.$inferSelect;

/**
 * Each row of the declared transitions table, made by the function that reads it: a team in each
 * of its from-states ends in one of its to-states with the held counter moved as the row says
 * (and still equal to the teams occupying a spot), and a team in a state not among them is left as it was.
 */
describe('the lifecycle transitions, row by row', () => {
  const at = new Date('2030-06-01T12:00:00.000Z');
  const past = new Date(at.getTime() - HOUR);
  const later = new Date(at.getTime() + HOUR);
  const paid = { amount: 2500, currency: 'USD', paymentRef: 'pi_new' };
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(async () => database?.close());

  /** A status's place: given up for the statuses that only exist so (expired, removed, refunded). */
  const releasedFor = (status: TeamStatus) => (['expired', 'removed', 'refunded'].includes(status) ? past : null);

  interface Case {
    /** What the team must also have to meet the row's rule. */
    fields: Partial<typeof teams.$inferInsert>;
    /** The tournament it is in. */
    tournament?: Partial<typeof tournaments.$inferInsert>;
    /** The function that makes the transition. */
    run: (team: TeamRow) => Promise<unknown>;
  }

  const cases: Record<TransitionName, Case> = {
    declineCard: { fields: { holdExpiresAt: later }, run: (team) => markDeclined(db, team) },
    pay: {
      fields: { holdExpiresAt: later, paymentRef: 'pi_old', amountPaid: 2500 },
      run: (team) => admitPayment(db, team.id, paid, at, () => true),
    },
    expireHold: { fields: { holdExpiresAt: past }, run: (team) => db.transaction((tx) => releaseExpiredHolds(tx, at, team.tournamentId)) },
    readmitLatePayment: {
      fields: { holdExpiresAt: past, paymentRef: 'pi_old', amountPaid: 2500 },
      run: (team) => admitPayment(db, team.id, paid, at, () => true),
    },
    refuseLatePayment: {
      fields: { holdExpiresAt: past, paymentRef: 'pi_old', amountPaid: 2500 },
      tournament: { registrationOpen: false },
      run: (team) => admitPayment(db, team.id, paid, at, () => true),
    },
    refundUnadmitted: { fields: { paymentRef: 'pi_old' }, run: (team) => markRefundedByProvider(db, team, 2500, at) },
    refundInPart: { fields: { paymentRef: 'pi_old', amountPaid: 2500 }, run: (team) => settleRefunded(db, team, 1000, at) },
    refundInFull: { fields: { paymentRef: 'pi_old', amountPaid: 2500 }, run: (team) => settleRefunded(db, team, 2500, at) },
    remove: { fields: { holdExpiresAt: later }, run: (team) => db.transaction((tx) => removeTeams(tx, { teamId: team.id }, at)) },
    withdraw: { fields: { holdExpiresAt: later }, run: (team) => db.transaction((tx) => withdrawTeam(tx, team.id, at)) },
    offerSpot: { fields: {}, run: (team) => db.transaction((tx) => offerSpot(tx, team.tournamentId, team.id, at, later)) },
    claimOffer: {
      fields: { offeredAt: past, offerExpiresAt: later },
      run: (team) => db.transaction((tx) => claimOffer(tx, team.tournamentId, team.id, initialStatus({ isFree: false, at, holdMinutes: 30 }), at)),
    },
    lapseOffer: { fields: { offeredAt: past, offerExpiresAt: past }, run: (team) => db.transaction((tx) => lapseOffers(tx, team.tournamentId, at)) },
  };

  /** A team in `status` alone in its tournament, the counter holding exactly its spot if it occupies one. */
  async function teamIn(status: TeamStatus, c: Case): Promise<{ team: TeamRow; occupied: boolean }> {
    const tournamentId = await insertTournament(db, at, c.tournament);
    const team = await insertTeam(db, tournamentId, { paymentStatus: status, releasedAt: releasedFor(status), ...c.fields });
    const occupied = occupiesSpot.holds(team, at);
    await db
      .update(tournaments)
      .set({ held: occupied ? 1 : 0 })
      .where(eq(tournaments.id, tournamentId));
    return { team, occupied };
  }

  async function reload(team: TeamRow): Promise<TeamRow> {
    const [row] = await db.select().from(teams).where(eq(teams.id, team.id));
    return row;
  }

  async function occupyingSpots(tournamentId: string): Promise<number> {
    const rows = await db.select().from(teams).where(eq(teams.tournamentId, tournamentId));
    return rows.filter((row) => occupiesSpot.holds(row, at)).length;
  }

  for (const [name, row] of Object.entries(transitions) as [TransitionName, Transition][]) {
    describe(name, () => {
      for (const status of row.from) {
        it(`from ${status}: ends in ${row.to.join(' or ')}, the spot ${row.spot === 'gives up' ? 'given up' : row.spot === 'takes' ? 'taken' : 'kept'}`, async () => {
          const c = cases[name];
          const { team, occupied } = await teamIn(status, c);
          await c.run(team);
          const after = await reload(team);
          expect(row.to, `${name} from ${status}`).toContain(after.paymentStatus);
          const moved = row.spot === 'takes' ? (occupied ? 0 : 1) : row.spot === 'gives up' ? (occupied ? -1 : 0) : 0;
          const held = await heldOf(db, team.tournamentId);
          expect(held, `${name} from ${status}: the counter`).toBe((occupied ? 1 : 0) + moved);
          expect(held, `${name} from ${status}: the counter against the rows`).toBe(await occupyingSpots(team.tournamentId));
          // A row that takes the spot ends holding one; a row that gives it up ends holding none.
          if (row.spot !== 'keeps') expect(occupiesSpot.holds(after, at)).toBe(row.spot === 'takes');
        });
      }

      const outside = paymentStatuses.find((status) => !row.from.includes(status));
      if (outside) {
        it(`from ${outside} (not a from-state): the team and the counter are left as they were`, async () => {
          const c = cases[name];
          const { team, occupied } = await teamIn(outside, c);
          await c.run(team);
          expect(await reload(team)).toEqual(team);
          expect(await heldOf(db, team.tournamentId)).toBe(occupied ? 1 : 0);
        });
      }
    });
  }
});
