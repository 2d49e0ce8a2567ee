import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { teams } from '../../src/server/db/schema.js';
import { rules, type Rule } from '../../src/server/teams/lifecycle/rules.js';
import { allowedFrom, transitions, type Transition, type TransitionName } from '../../src/server/teams/lifecycle/transitions.js';
import { paymentStatuses } from '../../src/shared/schemas/team.js';
import { insertTeams, insertTournament } from '../support/lifecycle-rows.js';
import { createTestDatabase } from '../support/test-app.js';

const HOUR = 3_600_000;

/**
 * Every rule of the lifecycle in its two forms, SQL and TypeScript, over every combination of
 * what the rules read: each status, released or not, a hold and an offer that expired, end
 * exactly now, still live or do not exist, withdrawn or not, and nothing, zero or a fee paid.
 * Both forms must pick exactly the same rows.
 */
describe('the lifecycle rules, in SQL and in TypeScript', () => {
  const at = new Date('2030-06-01T12:00:00.000Z');
  const moments = { null: null, expired: new Date(at.getTime() - HOUR), now: at, live: new Date(at.getTime() + HOUR) };
  let database: Database;
  let tournamentId: string;
  let rows: (typeof teams.$inferSelect)[];

  beforeAll(async () => {
    database = await createTestDatabase();
    tournamentId = await insertTournament(database.db, at, { maxTeams: 4096 });
    const combinations: Partial<typeof teams.$inferInsert>[] = [];
    for (const paymentStatus of paymentStatuses)
      for (const releasedAt of [null, new Date(at.getTime() - 2 * HOUR)])
        for (const holdExpiresAt of Object.values(moments))
          for (const offerExpiresAt of Object.values(moments))
            for (const withdrawnAt of [null, new Date(at.getTime() - 3 * HOUR)])
              for (const amountPaid of [null, 0, 2500])
                combinations.push({ paymentStatus, releasedAt, holdExpiresAt, offerExpiresAt, withdrawnAt, amountPaid });
    rows = await insertTeams(database.db, tournamentId, combinations);
  });
  afterAll(async () => database?.close());

  async function agree(
    name: string,
    select: (at: Date) => ReturnType<Rule['sql']>,
    holds: (team: typeof teams.$inferSelect, at: Date) => boolean,
    { mayHoldForAll = false } = {},
  ) {
    const picked = await database.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tournamentId, tournamentId), select(at)));
    const bySql = picked.map((row) => row.id).sort();
    const byRow = rows
      .filter((team) => holds(team, at))
      .map((team) => team.id)
      .sort();
    expect(bySql, name).toEqual(byRow);
    // Neither form is trivially false (or true, but for a transition open to every status) over these rows.
    expect(byRow.length, name).toBeGreaterThan(0);
    if (!mayHoldForAll) expect(byRow.length, name).toBeLessThan(rows.length);
  }

  it('writes every combination of the fields the rules read', () => {
    expect(rows).toHaveLength(paymentStatuses.length * 2 * 4 * 4 * 2 * 3);
  });

  for (const [name, rule] of Object.entries(rules) as [string, Rule][]) {
    it(`${name}: its SQL and its TypeScript select the same teams`, async () => {
      await agree(
        name,
        (moment) => rule.sql(moment),
        (team, moment) => rule.holds(team, moment),
      );
    });
  }

  for (const [name, row] of Object.entries(transitions) as [TransitionName, Transition][]) {
    it(`the ${name} transition's allowed from-states: in SQL as on the row`, async () => {
      await agree(
        name,
        (moment) => allowedFrom(name, moment),
        (team, moment) => row.from.includes(team.paymentStatus) && (row.when?.holds(team, moment) ?? true),
        {
          mayHoldForAll: true,
        },
      );
    });
  }
});
