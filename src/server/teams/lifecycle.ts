import { and, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { lookAlikeKey } from '../../shared/look-alike.js';
import { confirmedStatuses, isConfirmedStatus, type TeamStatus } from '../../shared/schemas/team.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { brackets, teamMembers, teams, tournaments } from '../db/schema.js';
import { readmitsLatePayment } from '../../shared/tournament-phase.js';
import { takesRegistrationsSql } from '../tournaments/phase.js';

/**
 * The one owner of a team's registration lifecycle: only this module writes a team's status
 * (`teams.payment_status`), whether it holds its spot (`released_at`) and whether its name and
 * Riot IDs are taken (`team_members.released`). Payments decide when money moves; this module
 * decides what that means for the team.
 *
 * | from                       | event                                                        | to                 | spot, name, IDs |
 * |----------------------------|--------------------------------------------------------------|--------------------|-----------------|
 * | (none)                     | registered, entry fee > 0                                     | pending            | held until the hold expires |
 * | (none)                     | registered, no entry fee                                      | completed          | held            |
 * | pending                    | a card declined                                               | failed             | held until the hold expires |
 * | pending, failed            | paid the current fee while the hold lives                     | completed          | held            |
 * | pending, failed            | the hold expired                                              | expired            | given up        |
 * | expired                    | paid late, spot, name and IDs still free                      | completed          | taken again     |
 * | pending, failed, expired   | paid late and no room, registration closed, or the tournament is gone | refunded   | given up        |
 * | completed                  | the provider refunded the payment in full                     | refunded           | given up        |
 * | completed                  | part of the payment refunded                                  | partially_refunded | held            |
 * | pending, failed, completed, partially_refunded | the organizer removes it, or cancels the tournament | removed | given up |
 * | pending, failed, completed, partially_refunded | the captain withdraws it (withdrawn_at set)          | removed | given up |
 * | removed, partially_refunded| the rest of the payment refunded                              | refunded           | given up        |
 * | (none)                     | joined the waitlist of a full tournament                      | waitlisted         | name and IDs held, no spot |
 * | waitlisted                 | a spot freed: offered, to claim until offer_expires_at        | waitlisted         | the spot is kept for it |
 * | waitlisted (offer live)    | the captain claims the offer                                  | pending (completed if free) | held as a registration |
 * | waitlisted (offer expired) | not claimed in time                                           | expired            | given up, the offer passes on |
 * | waitlisted                 | the organizer removes it, or cancels the tournament           | removed            | given up        |
 * | waitlisted                 | the captain leaves the waitlist (withdrawn_at set)            | removed            | given up, a live offer passes on |
 *
 * Every transition above that gives up a spot (a hold expiring, a withdrawal, a removal, a full
 * refund) is followed by waitlist/service.ts `offerFreedSpots`, which offers it to the next waiting team.
 *
 * Held spots: `tournaments.held` counts the teams whose row keeps a spot (`claimsSpot`). Every
 * transition above goes through `transition`, which moves the counter by the spots its rows took
 * or gave up, in the same transaction; a registration takes its spot with `registerWithSpot`, one
 * statement (a conditional UPDATE of the counter, the team's insert and its roster's). Locks are taken tournament first, then its teams, so that no two changes
 * wait on each other in a circle. The sweep checks the counter against the rows (`repairHeldCounts`).
 * A no-show, a check-in or an erasure does not change whether a spot is kept.
 *
 * Tournament day (the status stays; `checked_in_at`, `no_show_at` record it):
 *
 * | from                            | event                                                  | then |
 * |---------------------------------|--------------------------------------------------------|------|
 * | completed, partially_refunded   | the captain (team link) or the organizer checks in     | checked in: plays |
 * | completed, partially_refunded   | check-in closes without a check-in                     | no-show: out of the bracket, no refund |
 */
export type Executor = Db | Tx;
type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

/**
 * A team holds a spot while it has paid (a refund in part keeps it), or while its payment is still
 * possible (pending or failed) and its hold has not expired.
 */
export function holdsSpot(at: Date): SQL {
  return and(
    isNull(teams.releasedAt),
    or(inArray(teams.paymentStatus, [...confirmedStatuses]), and(inArray(teams.paymentStatus, ['pending', 'failed']), gt(teams.holdExpiresAt, at))),
  )!;
}

/** Teams of a tournament whose unpaid hold still lives at `at`: a captain may be paying right now. */
export async function countStillPaying(executor: Executor, tournamentId: string, at: Date): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), isNull(teams.releasedAt), inArray(teams.paymentStatus, ['pending', 'failed']), gt(teams.holdExpiresAt, at)));
  return row.n;
}

/**
 * What `tournaments.held` counts: the row keeps a spot, by what is written, not by the clock. A hold
 * past its time, or an offer past its deadline, keeps counting until it is released (the sweep, or
 * the next registration or offer, releases it first), so the counter never lets one spot be sold twice.
 */
export const claimsSpot: SQL = and(
  isNull(teams.releasedAt),
  or(inArray(teams.paymentStatus, ['pending', 'failed', 'completed', 'partially_refunded']), and(eq(teams.paymentStatus, 'waitlisted'), isNotNull(teams.offerExpiresAt))),
)!;

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
 * Every change of a team's status goes through here: the rows of one tournament matching `where`
 * get `set`, and the tournament's `held` moves by the spots they took or gave up, in the caller's
 * transaction, under the tournament's lock taken first. Taking a spot past max_teams throws NoFreeSpot.
 */
async function transition(tx: Tx, tournamentId: string, where: SQL, set: Partial<typeof teams.$inferInsert>): Promise<TeamRow[]> {
  await lockTournament(tx, tournamentId);
  const scope = and(eq(teams.tournamentId, tournamentId), where)!;
  const before = await tx.select({ id: teams.id, claims: sql<boolean>`${claimsSpot}` }).from(teams).where(scope).for('update');
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
    .returning({ ...getTableColumns(teams), claimsAfter: sql<boolean>`${claimsSpot}` });
  const ids = new Set(changed.map((row) => row.id));
  const delta = changed.filter((row) => row.claimsAfter).length - before.filter((row) => ids.has(row.id) && row.claims).length;
  if (delta !== 0) {
    const [moved] = await tx
      .update(tournaments)
      // A drift (repaired by the sweep) must not turn into a negative count.
      .set({ held: sql`greatest(${tournaments.held} + ${delta}, 0)` })
      .where(and(eq(tournaments.id, tournamentId), delta > 0 ? sql`${tournaments.held} + ${delta} <= ${tournaments.maxTeams}` : undefined))
      .returning({ id: tournaments.id });
    if (!moved) throw new NoFreeSpot();
  }
  return changed.map(({ claimsAfter: _, ...row }) => row);
}

/** The tournament a team belongs to. */
async function tournamentOfTeam(executor: Executor, teamId: string): Promise<string | null> {
  const [row] = await executor.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
  return row?.tournamentId ?? null;
}

/** A value for a column, typed as the column is (a parameter in a SELECT list has no type of its own). */
const typed = (column: AnyPgColumn, value: unknown) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;

/**
 * A registration in one statement: the claim on the tournament's counter (`held < max_teams`),
 * the team's row and its roster, committed together. The tournament's row is locked only while
 * this statement runs, never across a round trip to the app, so a burst of captains does not
 * queue on it for their whole check-and-insert. The claim also checks that the tournament still
 * takes registrations at the fee and currency the team was written with. Returns the team's id, or
 * null when no spot was claimed (full, closed, or the fee or currency changed: the caller reads why).
 */
export async function registerWithSpot(
  db: Db,
  tournament: TournamentRow,
  team: Omit<typeof teams.$inferInsert, 'tournamentId'>,
  roster: { riotId: string; riotIdKey: string; role: string; position: number }[],
  at: Date,
): Promise<string | null> {
  const columns = getTableColumns(teams);
  const values = Object.entries({ ...team, tournamentId: tournament.id }).filter(([, value]) => value !== undefined) as [keyof typeof columns, unknown][];
  const result = await db.execute<{ id: string }>(sql`
    with claim as (
      update ${tournaments} set ${sql.identifier(tournaments.held.name)} = ${tournaments.held} + 1
      where ${and(
        eq(tournaments.id, tournament.id),
        lt(tournaments.held, tournaments.maxTeams),
        takesRegistrationsSql(at),
        eq(tournaments.entryFee, tournament.entryFee),
        eq(tournaments.currency, tournament.currency),
      )}
      returning ${tournaments.id}
    ), team as (
      insert into ${teams} (${sql.join(
        values.map(([key]) => sql.identifier(columns[key].name)),
        sql`, `,
      )})
      select ${sql.join(
        values.map(([key, value]) => typed(columns[key], value)),
        sql`, `,
      )} from claim
      returning id
    ), roster as (
      insert into ${teamMembers} (team_id, tournament_id, riot_id, riot_id_key, role, position)
      select team.id, ${tournament.id}::uuid, r.riot_id, r.riot_id_key, r.role, r.position
      from team, jsonb_to_recordset(${JSON.stringify(roster.map((m) => ({ riot_id: m.riotId, riot_id_key: m.riotIdKey, role: m.role, position: m.position })))}::jsonb) as r(riot_id text, riot_id_key text, role text, position int)
    )
    select id from team`);
  const rows = (result as unknown as { rows: { id: string }[] }).rows;
  return rows[0]?.id ?? null;
}

/**
 * The sweep's check: each tournament's `held` against the rows that claim a spot. A drift (a write
 * that went around this module) is repaired under the tournament's lock and returned for the log.
 */
export async function repairHeldCounts(db: Db): Promise<{ tournamentId: string; held: number; counted: number }[]> {
  const counted = sql<number>`(select count(*)::int from ${teams} where ${teams.tournamentId} = ${tournaments.id} and ${claimsSpot})`;
  const drifted = await db.select({ id: tournaments.id }).from(tournaments).where(sql`${tournaments.held} <> ${counted}`);
  const repaired: { tournamentId: string; held: number; counted: number }[] = [];
  for (const { id } of drifted) {
    const fix = await db.transaction(async (tx) => {
      // Under the lock, no change of this tournament's spots is half-way: the count is exact.
      const tournament = await lockTournament(tx, id);
      if (!tournament) return null;
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teams)
        .where(and(eq(teams.tournamentId, id), claimsSpot));
      if (row.n === tournament.held) return null;
      await tx.update(tournaments).set({ held: row.n }).where(eq(tournaments.id, id));
      return { tournamentId: id, held: tournament.held, counted: row.n };
    });
    if (fix) repaired.push(fix);
  }
  return repaired;
}

/** A waiting team whose offer of a freed spot can still be claimed at `at`: the spot is kept for it. */
export function hasLiveOffer(at: Date): SQL {
  return and(isNull(teams.releasedAt), eq(teams.paymentStatus, 'waitlisted'), gt(teams.offerExpiresAt, at))!;
}

/** Whether a team's offer can still be claimed at `at` (read time: a late sweep never grants an expired offer). */
export function isOfferLive(team: { paymentStatus: TeamStatus; releasedAt: Date | null; offerExpiresAt: Date | null }, at: Date): boolean {
  return team.paymentStatus === 'waitlisted' && team.releasedAt === null && team.offerExpiresAt !== null && team.offerExpiresAt.getTime() > at.getTime();
}

/** Whether a team's unpaid hold still keeps its spot at `at`. */
export function isHoldLive(team: { releasedAt: Date | null; holdExpiresAt: Date | null }, at: Date): boolean {
  return team.releasedAt === null && team.holdExpiresAt !== null && team.holdExpiresAt.getTime() > at.getTime();
}

/** Spots taken in a tournament at `at` (held, or kept for a live waitlist offer), by the clock: what the public reads show. */
export async function countHeld(executor: Executor, tournamentId: string, at: Date): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), or(holdsSpot(at), hasLiveOffer(at))));
  return row.n;
}

/**
 * A team name or Riot ID already held by another unreleased team of the tournament, compared on
 * their look-alike keys (shared/look-alike.ts); `exceptTeamId` leaves a team's own rows out (a late
 * payment re-admitting it). A taken Riot ID comes back as its holder spelled it, with its key.
 */
export async function findRosterConflict(
  executor: Executor,
  { tournamentId, name, riotIds, exceptTeamId }: { tournamentId: string; name: string; riotIds: string[]; exceptTeamId?: string },
): Promise<{ kind: 'name' } | { kind: 'riotId'; riotId: string; key: string } | null> {
  const nameTaken = and(
    eq(teams.tournamentId, tournamentId),
    exceptTeamId ? ne(teams.id, exceptTeamId) : undefined,
    isNull(teams.releasedAt),
    isNull(teams.erasedAt),
    eq(teams.nameKey, lookAlikeKey(name)),
  );
  const idTaken = riotIds.length
    ? and(
        eq(teamMembers.tournamentId, tournamentId),
        exceptTeamId ? ne(teamMembers.teamId, exceptTeamId) : undefined,
        eq(teamMembers.released, false),
        inArray(teamMembers.riotIdKey, riotIds.map(lookAlikeKey)),
      )
    : sql`false`;
  // One round trip for both checks (a registration burst pays per query); a taken name is reported first.
  const rows = (await executor.execute(sql`
    (select 'name' as kind, null::text as riot_id, null::text as riot_id_key from ${teams} where ${nameTaken} limit 1)
    union all
    (select 'riotId' as kind, ${teamMembers.riotId} as riot_id, ${teamMembers.riotIdKey} as riot_id_key from ${teamMembers} where ${idTaken} limit 1)`)) as unknown as {
    rows: { kind: 'name' | 'riotId'; riot_id: string | null; riot_id_key: string | null }[];
  };
  if (rows.rows.some((row) => row.kind === 'name')) return { kind: 'name' };
  const id = rows.rows.find((row) => row.kind === 'riotId');
  return id ? { kind: 'riotId', riotId: id.riot_id!, key: id.riot_id_key! } : null;
}

/** A new team's status: a free tournament needs no payment, so the team is confirmed at once. */
export function initialStatus({ isFree, at, holdMinutes }: { isFree: boolean; at: Date; holdMinutes: number }) {
  return {
    paymentStatus: (isFree ? 'completed' : 'pending') satisfies TeamStatus as TeamStatus,
    amountPaid: isFree ? 0 : null,
    paidAt: isFree ? at : null,
    holdExpiresAt: isFree ? null : new Date(at.getTime() + holdMinutes * 60_000),
  };
}

/** A team joining the waitlist: no spot, no payment yet; its name and Riot IDs are held like a registration's. */
export const waitlistedStatus = (at: Date) => ({ paymentStatus: 'waitlisted' as TeamStatus, amountPaid: null, paidAt: null, holdExpiresAt: null, waitlistedAt: at });

async function release(executor: Executor, teamIds: string[]): Promise<void> {
  if (teamIds.length) await executor.update(teamMembers).set({ released: true }).where(inArray(teamMembers.teamId, teamIds));
}

const expiredHold = (at: Date) => and(isNull(teams.releasedAt), inArray(teams.paymentStatus, ['pending', 'failed']), lte(teams.holdExpiresAt, at))!;

/**
 * Whether the tournament (a column or an id) has anything to give back before a registration
 * counts its spots: an expired hold, or a waiting team a freed spot could be offered to.
 */
export const hasSpotsToFree = (tournamentId: AnyPgColumn | string, at: Date) =>
  sql<boolean>`exists (select 1 from ${teams} where ${and(
    eq(teams.tournamentId, tournamentId),
    or(expiredHold(at), and(isNull(teams.releasedAt), eq(teams.paymentStatus, 'waitlisted'))),
  )})`;

/** Expired holds of a tournament give back their spot, team name and Riot IDs. */
export async function releaseExpiredHolds(tx: Tx, at: Date, tournamentId: string): Promise<number> {
  const released = await transition(tx, tournamentId, expiredHold(at), { paymentStatus: 'expired', releasedAt: at });
  await release(
    tx,
    released.map((r) => r.id),
  );
  return released.length;
}

/**
 * Releases expired holds in one tournament, or everywhere (the periodic sweep), a transaction per
 * tournament. Nothing is locked when nothing expired: a burst of registrations does not queue here.
 * Returns how many were released.
 */
export async function releaseAllExpiredHolds(db: Db, at: Date, tournamentId?: string): Promise<number> {
  const rows = await db
    .selectDistinct({ tournamentId: teams.tournamentId })
    .from(teams)
    .where(and(tournamentId ? eq(teams.tournamentId, tournamentId) : undefined, expiredHold(at)));
  let released = 0;
  for (const row of rows) released += await db.transaction((tx) => releaseExpiredHolds(tx, at, row.tournamentId));
  return released;
}

/** Offers not claimed by `at` lapse: the team leaves the waitlist (expired) and its spot goes to the next. Call under the tournament's lock. */
export async function lapseOffers(tx: Tx, tournamentId: string, at: Date): Promise<number> {
  const lapsed = await transition(tx, tournamentId, and(isNull(teams.releasedAt), eq(teams.paymentStatus, 'waitlisted'), lte(teams.offerExpiresAt, at))!, {
    paymentStatus: 'expired',
    releasedAt: at,
  });
  await release(
    tx,
    lapsed.map((r) => r.id),
  );
  return lapsed.length;
}

/**
 * Offers a freed spot to a waiting team that has no offer yet: the spot is kept for it (held + 1).
 * Null when it has one or no longer waits. Throws NoFreeSpot when no spot is free.
 */
export async function offerSpot(tx: Tx, tournamentId: string, teamId: string, at: Date, expiresAt: Date): Promise<TeamRow | null> {
  const [offered] = await transition(tx, tournamentId, and(eq(teams.id, teamId), isNull(teams.releasedAt), eq(teams.paymentStatus, 'waitlisted'), isNull(teams.offerExpiresAt))!, {
    offeredAt: at,
    offerExpiresAt: expiresAt,
  });
  return offered ?? null;
}

/** The captain claims a live offer: the team becomes a registration like any other (a pending hold, or confirmed when free), on the spot kept for it. */
export async function claimOffer(tx: Tx, tournamentId: string, teamId: string, status: ReturnType<typeof initialStatus>, at: Date): Promise<TeamRow | null> {
  const [claimed] = await transition(tx, tournamentId, and(eq(teams.id, teamId), hasLiveOffer(at))!, status);
  return claimed ?? null;
}

/** A declined card: the team keeps its hold and may try again until the hold expires. */
export async function markDeclined(db: Db, team: TeamRow): Promise<TeamStatus> {
  const [updated] = await db.transaction((tx) =>
    transition(tx, team.tournamentId, and(eq(teams.id, team.id), eq(teams.paymentStatus, 'pending'), isNull(teams.releasedAt))!, { paymentStatus: 'failed' }),
  );
  return updated?.paymentStatus ?? team.paymentStatus;
}

/** What a succeeded payment brought: its amount and currency, and its provider id. */
export interface PaidCharge {
  amount: number;
  currency: string;
  paymentRef: string;
}

/** What recording a succeeded payment decided: the team's status, and whether the money goes back. */
export interface Admission {
  status: TeamStatus;
  refund: boolean;
}

/**
 * A payment succeeded: the team is confirmed while its hold lives. Once the hold has expired it
 * is re-admitted only when a spot, its name and its Riot IDs are still free; otherwise the
 * payment is refunded. `paysFee` says whether it paid the fee as it is now: a payment made before
 * the organizer changed it never admits (refunded; while the hold lives the team pays again).
 * The tournament row is locked, and a re-admission takes its spot on the counter registration
 * claims on, so a late payment and a new registration can never both take the last spot.
 */
export async function admitPayment(
  db: Db,
  teamId: string,
  paid: PaidCharge,
  at: Date,
  paysFee: (tournament: typeof tournaments.$inferSelect) => boolean,
  /** Run in the admission's transaction with what it decided: the receipt and the refund it owes are written with it, or not at all. */
  onDecided: (tx: Tx, admission: Admission, team: TeamRow) => Promise<void> = async () => {},
): Promise<Admission> {
  return db.transaction(async (tx) => {
    const admission = await decideAdmission(tx, teamId, paid, at, paysFee);
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId));
    await onDecided(tx, admission, team);
    return admission;
  });
}

async function decideAdmission(tx: Tx, teamId: string, paid: PaidCharge, at: Date, paysFee: (tournament: typeof tournaments.$inferSelect) => boolean): Promise<Admission> {
  const tournament = (await lockTournament(tx, (await tournamentOfTeam(tx, teamId))!))!;
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  const set = (where: SQL, values: Partial<typeof teams.$inferInsert>) => transition(tx, tournament.id, and(eq(teams.id, team.id), where)!, values);
  const payment = { paidAt: team.paidAt ?? at, amountPaid: paid.amount, currency: paid.currency, paymentRef: paid.paymentRef };

  // The team's own payment told again after it was admitted, once the team gave its place up (withdrawn,
  // removed) or got part of it back: it buys nothing now, and what goes back is what the refunds gave.
  const alreadyAdmitted = team.paymentRef === paid.paymentRef && team.amountPaid !== null;
  if (alreadyAdmitted && (team.paymentStatus === 'removed' || team.paymentStatus === 'partially_refunded')) return { status: team.paymentStatus, refund: false };
  // A second payment for a team that already paid goes back to the captain.
  if (team.paymentStatus === 'completed') return { status: 'completed', refund: team.paymentRef !== null && team.paymentRef !== paid.paymentRef };
  // Any payment for a team that was already refunded goes back too (the caller skips one already refunded).
  if (team.paymentStatus === 'refunded') return { status: 'refunded', refund: true };

  // A tournament the organizer deleted is cancelled: its payments are refunded in full.
  const holdIsLive = tournament.deletedAt === null && isHoldLive(team, at);
  const forCurrentFee = paysFee(tournament);
  if (!forCurrentFee && holdIsLive) return { status: team.paymentStatus, refund: true };
  if (holdIsLive) {
    await set(sql`true`, { ...payment, paymentStatus: 'completed' });
    return { status: 'completed', refund: false };
  }

  // Late payment: the hold expired (and may already have been released by the sweep). Expired holds,
  // this team's too, give their spots back first, so the counter (exact under the lock) counts what
  // the clock says; re-admitting the team then takes a spot on it like a registration.
  await releaseExpiredHolds(tx, at, tournament.id);
  const [spots] = await tx.select({ held: tournaments.held, maxTeams: tournaments.maxTeams }).from(tournaments).where(eq(tournaments.id, tournament.id));
  const hasRoom = spots.held < spots.maxTeams;
  // Once registration is closed (the bracket closes it too) a late payment buys no place: it goes back.
  const [drawn] = await tx.select({ id: brackets.tournamentId }).from(brackets).where(eq(brackets.tournamentId, tournament.id));
  let canReadmit: boolean = readmitsLatePayment(tournament, { hasBracket: !!drawn }) && forCurrentFee && hasRoom;
  if (canReadmit) {
    const riotIds = (await tx.select({ riotId: teamMembers.riotId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((m) => m.riotId);
    canReadmit = !(await findRosterConflict(tx, { tournamentId: tournament.id, name: team.name, riotIds, exceptTeamId: team.id }));
  }
  if (canReadmit) {
    await set(sql`true`, { ...payment, paymentStatus: 'completed', releasedAt: null });
    await tx.update(teamMembers).set({ released: false }).where(eq(teamMembers.teamId, team.id));
    return { status: 'completed', refund: false };
  }
  await set(sql`true`, { ...payment, paymentStatus: 'refunded', releasedAt: team.releasedAt ?? at });
  await release(tx, [team.id]);
  return { status: 'refunded', refund: true };
}

/** The provider refunded a team's payment in full (charge.refunded, or our own refund of a late payment): the team gives up its spot. */
export async function markRefundedByProvider(db: Db, team: TeamRow, amountReceived: number, at: Date): Promise<TeamStatus> {
  await db.transaction(async (tx) => {
    await transition(tx, team.tournamentId, eq(teams.id, team.id), {
      paymentStatus: 'refunded',
      paidAt: team.paidAt ?? at,
      amountPaid: team.amountPaid ?? amountReceived,
      amountRefunded: team.amountPaid ?? amountReceived,
      releasedAt: team.releasedAt ?? at,
    });
    await release(tx, [team.id]);
  });
  return 'refunded';
}

/**
 * Refunds moved money back: `refundedTotal` is what the provider says went back of the team's
 * payment, so the same news twice, or in any order, writes the same row. A team refunded in full
 * gives up its spot; in part, it keeps it (partially_refunded). A removed team stays removed
 * until all of its money is back.
 *
 * | from                          | refunded in part     | refunded in full |
 * |-------------------------------|----------------------|------------------|
 * | completed, partially_refunded | partially_refunded   | refunded (spot given up) |
 * | removed                       | removed              | refunded         |
 */
export async function settleRefunded(db: Db, team: TeamRow, refundedTotal: number, at: Date): Promise<TeamStatus> {
  const paid = team.amountPaid ?? 0;
  // The provider's figure, not a sum of ours: a refund that fails after it succeeded comes off it again.
  const total = Math.min(refundedTotal, paid);
  const isFull = paid > 0 && total >= paid;
  const status: TeamStatus =
    team.paymentStatus === 'refunded' || isFull ? 'refunded' : team.paymentStatus === 'removed' ? 'removed' : total > 0 ? 'partially_refunded' : 'completed';
  if (status === team.paymentStatus && total === team.amountRefunded) return status;
  await db.transaction(async (tx) => {
    await transition(tx, team.tournamentId, eq(teams.id, team.id), { amountRefunded: total, paymentStatus: status, releasedAt: isFull ? (team.releasedAt ?? at) : team.releasedAt });
    if (isFull) await release(tx, [team.id]);
  });
  return status;
}

/**
 * Whether a captain must withdraw before the team's data can be erased: it still holds a spot in a
 * tournament that has not started. After the start the result is history and erasure may go ahead.
 */
export function mustWithdrawBeforeErasure(team: TeamRow, tournament: { tournamentDate: Date }, at: Date): boolean {
  const holding = team.releasedAt === null && (isConfirmedStatus(team.paymentStatus) || isHoldLive(team, at));
  return holding && tournament.tournamentDate.getTime() > at.getTime();
}

/**
 * A team's data erased: its Riot IDs are no longer held by anyone (they are gone), its status and
 * money stay as they were.
 */
export async function markErased(tx: Tx, teamId: string, at: Date): Promise<void> {
  await tx.update(teams).set({ erasedAt: at }).where(eq(teams.id, teamId));
  await release(tx, [teamId]);
}

/** Statuses a team can be removed from: it holds (or held, unpaid) a place in the tournament. */
const removable: TeamStatus[] = ['pending', 'failed', 'completed', 'partially_refunded', 'waitlisted'];

/** The organizer takes a team out (or cancels its tournament): it gives up its spot, name and Riot IDs. Returns the removed rows. */
export async function removeTeams(tx: Tx, where: { teamId: string } | { tournamentId: string }, at: Date): Promise<TeamRow[]> {
  const tournamentId = 'teamId' in where ? await tournamentOfTeam(tx, where.teamId) : where.tournamentId;
  if (!tournamentId) return [];
  const removed = await transition(
    tx,
    tournamentId,
    and(
      'teamId' in where ? eq(teams.id, where.teamId) : undefined,
      inArray(teams.paymentStatus, removable),
      // An expired hold already gave its place back: nothing to remove.
      or(inArray(teams.paymentStatus, [...confirmedStatuses]), isNull(teams.releasedAt)),
    )!,
    { paymentStatus: 'removed', releasedAt: at },
  );
  await release(
    tx,
    removed.map((team) => team.id),
  );
  return removed;
}

/**
 * The captain withdraws the team through its team link: like a removal it gives up its spot, name
 * and Riot IDs, and `withdrawn_at` says it was the captain. Returns null when the team holds no
 * place to give up (already withdrawn, removed, refunded or expired). Call inside the transaction
 * that locked the team row.
 */
export async function withdrawTeam(tx: Tx, teamId: string, at: Date): Promise<TeamRow | null> {
  const tournamentId = await tournamentOfTeam(tx, teamId);
  if (!tournamentId) return null;
  const onWaitlist = and(isNull(teams.releasedAt), eq(teams.paymentStatus, 'waitlisted'));
  const [withdrawn] = await transition(tx, tournamentId, and(eq(teams.id, teamId), isNull(teams.withdrawnAt), or(holdsSpot(at), onWaitlist))!, {
    paymentStatus: 'removed',
    releasedAt: at,
    withdrawnAt: at,
  });
  if (!withdrawn) return null;
  await release(tx, [withdrawn.id]);
  return withdrawn;
}

/** A confirmed team (`confirmedStatuses`, the rule the public badge reads too) still holding its spot. */
export const isConfirmed: SQL = and(isNull(teams.releasedAt), inArray(teams.paymentStatus, [...confirmedStatuses]))!;

/**
 * The teams that play on the day, in registration order: confirmed, not marked no-show, and
 * checked in when the tournament has a check-in.
 */
export async function listPlayingTeams(executor: Executor, tournament: { id: string; checkInEnabled: boolean }): Promise<TeamRow[]> {
  return executor
    .select()
    .from(teams)
    .where(and(eq(teams.tournamentId, tournament.id), isConfirmed, isNull(teams.noShowAt), tournament.checkInEnabled ? isNotNull(teams.checkedInAt) : undefined))
    .orderBy(teams.createdAt, teams.id);
}

/** A confirmed team checks in (`by`: 'captain' or the organizer's username). Null when it cannot (not confirmed, a no-show, already in). */
export async function checkInTeam(executor: Executor, teamId: string, by: string, at: Date): Promise<TeamRow | null> {
  const [row] = await executor
    .update(teams)
    .set({ checkedInAt: at, checkedInBy: by })
    .where(and(eq(teams.id, teamId), isConfirmed, isNull(teams.noShowAt), isNull(teams.checkedInAt)))
    .returning();
  return row ?? null;
}

/**
 * At the close of check-in, confirmed teams that did not check in become no-shows (no refund, as
 * the policy says). The close is the tournament's own or its start (shared/check-in.ts, in SQL here).
 * Reads do not wait for this: listPlayingTeams leaves out a team that has not checked in anyway.
 */
export async function markNoShows(executor: Executor, at: Date, tournamentId?: string): Promise<number> {
  const closed = executor
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        tournamentId ? eq(tournaments.id, tournamentId) : undefined,
        eq(tournaments.checkInEnabled, true),
        lte(sql`coalesce(${tournaments.checkInClosesAt}, ${tournaments.tournamentDate})`, at),
      ),
    );
  const marked = await executor
    .update(teams)
    .set({ noShowAt: at })
    .where(and(inArray(teams.tournamentId, closed), isConfirmed, isNull(teams.checkedInAt), isNull(teams.noShowAt)))
    .returning({ id: teams.id });
  return marked.length;
}
