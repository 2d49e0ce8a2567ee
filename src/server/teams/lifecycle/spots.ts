import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { teamMembers, teams, tournaments } from '../../db/schema.js';
import { takesRegistrationsSql } from '../../tournaments/phase.js';
import { expiredHold, liveHold, occupiesSpot, takesSpotNow, waiting } from './rules.js';

/**
 * The held-spot counter: `tournaments.held` counts the teams whose row keeps a spot (`occupiesSpot`).
 * Registrations take their spots with `registerWithSpots`, one statement (a conditional UPDATE of the
 * counter, the teams' inserts and their rosters'); every other change of a team's status goes through
 * `moveTeams` (called by transitions.ts), which moves the counter as the transition declares, in the
 * same transaction. Locks are taken tournament first, then its teams, so that no two changes wait
 * on each other in a circle. The sweep checks the counter against the rows (`repairHeldCounts`).
 */
export type Executor = Db | Tx;
export type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

/** `occupiesSpot` in SQL: it reads what is written, no clock. */
const occupies = occupiesSpot.sql(new Date(0));

/** What a transition does to the team's spot. */
export type SpotMove = 'takes' | 'keeps' | 'gives up';

/**
 * Locks a tournament's row for a change of its held spots. NO KEY UPDATE: it waits for (and holds
 * off) the other changes and claims, but not a registration inserting its team (a foreign key's share lock).
 */
export async function lockTournament(tx: Tx, tournamentId: string): Promise<TournamentRow | undefined> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).for('no key update');
  return row;
}

/** Locks a team's row for a transition, its tournament's first (the order every transition takes). */
export async function lockTeam(tx: Tx, teamId: string): Promise<TeamRow | undefined> {
  const tournamentId = await tournamentOfTeam(tx, teamId);
  if (!tournamentId) return undefined;
  await lockTournament(tx, tournamentId);
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return team;
}

/** A transition would take more spots than the tournament has. */
export class NoFreeSpot extends Error {
  constructor() {
    super('No spot is free in this tournament');
  }
}

/**
 * The rows of one tournament matching `where` get `set`, and the tournament's `held` moves as
 * `spot` says: a row that takes a spot counts once more unless it already occupied one, a row that
 * gives it up once less if it occupied one; a row that keeps it leaves the counter as it is. In the
 * caller's transaction, under the tournament's lock taken first. Taking a spot past max_teams throws NoFreeSpot.
 */
export async function moveTeams(tx: Tx, tournamentId: string, where: SQL, set: Partial<typeof teams.$inferInsert>, spot: SpotMove): Promise<TeamRow[]> {
  await lockTournament(tx, tournamentId);
  const scope = and(eq(teams.tournamentId, tournamentId), where)!;
  const before = await tx
    .select({ id: teams.id, occupied: sql<boolean>`${occupies}` })
    .from(teams)
    .where(scope)
    .for('update');
  if (!before.length) return [];
  const changed = await tx
    .update(teams)
    .set(set)
    .where(
      and(
        inArray(
          teams.id,
          before.map((row) => row.id),
        ),
        scope,
      ),
    )
    .returning();
  const ids = new Set(changed.map((row) => row.id));
  const moved = before.filter((row) => ids.has(row.id));
  const delta = spot === 'takes' ? moved.filter((row) => !row.occupied).length : spot === 'gives up' ? -moved.filter((row) => row.occupied).length : 0;
  if (delta !== 0) {
    const [counted] = await tx
      .update(tournaments)
      // A drift (repaired by the sweep) must not turn into a negative count.
      .set({ held: sql`greatest(${tournaments.held} + ${delta}, 0)` })
      .where(and(eq(tournaments.id, tournamentId), delta > 0 ? sql`${tournaments.held} + ${delta} <= ${tournaments.maxTeams}` : undefined))
      .returning({ id: tournaments.id });
    if (!counted) throw new NoFreeSpot();
  }
  return changed;
}

/** The tournament a team belongs to. */
export async function tournamentOfTeam(executor: Executor, teamId: string): Promise<string | null> {
  const [row] = await executor.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
  return row?.tournamentId ?? null;
}

/** A registration the claim may write: its team's row (with its id) and its roster. */
export interface SpotClaim {
  team: Omit<typeof teams.$inferInsert, 'tournamentId'> & { id: string };
  roster: { riotId: string; riotIdKey: string; role: string; position: number }[];
}

/**
 * What the claim did with a registration: its team written with a spot; its name or a Riot ID
 * already held in the tournament (`taken`); no spot left for it (`full`); or nothing claimed because
 * the tournament no longer takes registrations at the fee and currency it was written with (`refused`:
 * the caller reads why).
 */
export type ClaimOutcome = 'registered' | 'taken' | 'full' | 'refused';

/**
 * Registrations in one statement: the claim on the tournament's counter, the teams' rows and their
 * rosters, committed together. The tournament's row is locked only while this statement runs, never
 * across a round trip to the app, so a burst of captains does not queue on it. Of the claims whose
 * name and Riot IDs are free, the first ones in order get the spots left (`held < max_teams`, read
 * under the lock: never over); the claim also checks that the tournament still takes registrations
 * at the fee and currency the teams were written with. The claims must not clash with each other
 * (registration-batcher.ts keeps the later of two apart); a clash with a row written meanwhile by
 * another process fails the whole statement on the unique indexes, as a single registration's would.
 */
export async function registerWithSpots(db: Db, tournament: TournamentRow, claims: SpotClaim[], at: Date): Promise<Map<string, ClaimOutcome>> {
  const columns = getTableColumns(teams);
  // One column list for every row: a key one row leaves out is written NULL (only nullable columns
  // without a default are ever left out: the lineage of a team registered again, an optional e-mail).
  const keys = [
    ...new Set(claims.flatMap(({ team }) => Object.keys(team).filter((key) => team[key as keyof typeof team] !== undefined))),
  ] as (keyof typeof columns)[];
  const rows = claims.map(({ team }) => Object.fromEntries(keys.map((key) => [columns[key].name, team[key as keyof typeof team] ?? null])));
  const members = claims.flatMap(({ team, roster }) =>
    roster.map((m) => ({ team_id: team.id, riot_id: m.riotId, riot_id_key: m.riotIdKey, role: m.role, position: m.position })),
  );
  const candidates = claims.map(({ team }, order) => ({ id: team.id, ord: order, name_key: team.nameKey }));
  // One row per Riot ID, so that taken ones are found by equality on the unique index, never by a scan.
  const riotIdKeys = claims.flatMap(({ team, roster }) => roster.map((m) => ({ id: team.id, riot_id_key: m.riotIdKey })));
  const list = sql.join(
    keys.map((key) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  const result = await db.execute<{ id: string; outcome: ClaimOutcome }>(sql`
    with candidate as (
      select * from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as c(id uuid, ord int, name_key text)
    ), taken as (
      select c.id from candidate c
      join ${teams} t on t.tournament_id = ${tournament.id} and t.name_key = c.name_key and t.released_at is null and t.erased_at is null
      union
      select k.id from jsonb_to_recordset(${JSON.stringify(riotIdKeys)}::jsonb) as k(id uuid, riot_id_key text)
      join ${teamMembers} m on m.tournament_id = ${tournament.id} and m.riot_id_key = k.riot_id_key and m.released = false
    ), free as (
      select c.id, c.ord from candidate c where c.id not in (select id from taken)
    ), spots as (
      select ${tournaments.maxTeams} - ${tournaments.held} as n from ${tournaments}
      where ${and(eq(tournaments.id, tournament.id), takesRegistrationsSql(at), eq(tournaments.entryFee, tournament.entryFee), eq(tournaments.currency, tournament.currency))}
      for no key update
    ), granted as (
      select f.id from (select id, row_number() over (order by ord) as rank from free) f, spots where f.rank <= spots.n
    ), claim as (
      update ${tournaments} set ${sql.identifier(tournaments.held.name)} = ${tournaments.held} + (select count(*) from granted)
      where ${eq(tournaments.id, tournament.id)} and exists (select 1 from granted)
      returning ${tournaments.id}
    ), team as (
      insert into ${teams} (${list}, tournament_id)
      select ${list}, ${tournament.id}::uuid from jsonb_populate_recordset(null::${teams}, ${JSON.stringify(rows)}::jsonb)
      where id in (select id from granted) and exists (select 1 from claim)
      returning id
    ), roster as (
      insert into ${teamMembers} (team_id, tournament_id, riot_id, riot_id_key, role, position)
      select r.team_id, ${tournament.id}::uuid, r.riot_id, r.riot_id_key, r.role, r.position
      from jsonb_to_recordset(${JSON.stringify(members)}::jsonb) as r(team_id uuid, riot_id text, riot_id_key text, role text, position int)
      where r.team_id in (select id from team)
    )
    select c.id, case
      when c.id in (select id from team) then 'registered'
      when not exists (select 1 from spots) then 'refused'
      when c.id not in (select id from free) then 'taken'
      else 'full' end as outcome
    from candidate c`);
  const outcomes = (result as unknown as { rows: { id: string; outcome: ClaimOutcome }[] }).rows;
  return new Map(outcomes.map((row) => [row.id, row.outcome]));
}

/**
 * The sweep's check: each tournament's `held` against the rows that claim a spot. A drift (a write
 * that went around this module) is repaired under the tournament's lock and returned for the log.
 */
export async function repairHeldCounts(db: Db): Promise<{ tournamentId: string; held: number; counted: number }[]> {
  const counted = sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournaments.id} and ${occupies})`;
  const drifted = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(sql`${tournaments.held} <> ${counted}`);
  const repaired: { tournamentId: string; held: number; counted: number }[] = [];
  for (const { id } of drifted) {
    const fix = await db.transaction(async (tx) => {
      // Under the lock, no change of this tournament's spots is half-way: the count is exact.
      const tournament = await lockTournament(tx, id);
      if (!tournament) return null;
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teams)
        .where(and(eq(teams.tournamentId, id), occupies));
      if (row.n === tournament.held) return null;
      await tx.update(tournaments).set({ held: row.n }).where(eq(tournaments.id, id));
      return { tournamentId: id, held: tournament.held, counted: row.n };
    });
    if (fix) repaired.push(fix);
  }
  return repaired;
}

/** Spots taken in a tournament at `at` (held, or kept for a live waitlist offer), by the clock: what the public reads show. */
export async function countHeld(executor: Executor, tournamentId: string, at: Date): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), takesSpotNow.sql(at)));
  return row.n;
}

/** Teams of a tournament whose unpaid hold still lives at `at`: a captain may be paying right now. */
export async function countStillPaying(executor: Executor, tournamentId: string, at: Date): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), liveHold.sql(at)));
  return row.n;
}

/**
 * Whether the tournament (a column or an id) has anything to give back before a registration
 * counts its spots: an expired hold, or a waiting team a freed spot could be offered to.
 */
export const hasSpotsToFree = (tournamentId: AnyPgColumn | string, at: Date) =>
  sql<boolean>`exists (select 1 from ${teams} where ${and(eq(teams.tournamentId, tournamentId), or(expiredHold.sql(at), waiting.sql(at)))})`;
