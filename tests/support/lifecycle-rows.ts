import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.js';
import { teams, tournaments } from '../../src/server/db/schema.js';

const HOUR = 3_600_000;

/** A tournament written straight to the database: open for registration, `maxTeams` spots, none held. */
export async function insertTournament(db: Db, at: Date, overrides: Partial<typeof tournaments.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(tournaments)
    .values({
      name: 'Rules cup',
      format: 'single_elimination',
      prizePool: '0',
      entryFee: '25.00',
      currency: 'USD',
      maxTeams: 16,
      registrationOpen: true,
      registrationCloses: new Date(at.getTime() + 24 * HOUR),
      tournamentDate: new Date(at.getTime() + 48 * HOUR),
      ...overrides,
    })
    .returning({ id: tournaments.id });
  return row.id;
}

let serial = 0;

/** A team row written straight to the database, in whatever state the test needs. */
export async function insertTeam(db: Db, tournamentId: string, fields: Partial<typeof teams.$inferInsert>): Promise<typeof teams.$inferSelect> {
  serial += 1;
  const [row] = await db
    .insert(teams)
    .values({ tournamentId, name: `Team ${serial}`, nameKey: `team-${serial}`, captainDiscord: 'captain', captainRiotId: `Captain#${serial}`, ...fields })
    .returning();
  return row;
}

/** Many team rows at once (names made unique), returned in the order given. */
export async function insertTeams(db: Db, tournamentId: string, rows: Partial<typeof teams.$inferInsert>[]): Promise<(typeof teams.$inferSelect)[]> {
  const values = rows.map((fields) => {
    serial += 1;
    return { tournamentId, name: `Team ${serial}`, nameKey: `team-${serial}`, captainDiscord: 'captain', captainRiotId: `Captain#${serial}`, ...fields };
  });
  return db.insert(teams).values(values).returning();
}

export async function heldOf(db: Db, tournamentId: string): Promise<number> {
  const [row] = await db.select({ held: tournaments.held }).from(tournaments).where(eq(tournaments.id, tournamentId));
  return row.held;
}
