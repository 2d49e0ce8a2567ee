import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TeamStatus } from '../../shared/schemas/team.js';
import type { Db, Tx } from '../db/client.js';
import { teamMembers, teams, tournaments } from '../db/schema.js';

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
 * | pending, failed, expired   | paid late and no room, or the tournament is gone              | refunded           | given up        |
 * | completed                  | the provider refunded the payment in full                     | refunded           | given up        |
 * | completed                  | part of the payment refunded                                  | partially_refunded | held            |
 * | pending, failed, completed, partially_refunded | the organizer removes it, or cancels the tournament | removed | given up |
 * | pending, failed, completed, partially_refunded | the captain withdraws it (withdrawn_at set)          | removed | given up |
 * | removed, partially_refunded| the rest of the payment refunded                              | refunded           | given up        |
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

/**
 * A team holds a spot while it has paid, or while its payment is still possible
 * (pending or failed) and its hold has not expired.
 */
export function holdsSpot(at: Date): SQL {
  return and(
    isNull(teams.releasedAt),
    or(eq(teams.paymentStatus, 'completed'), and(inArray(teams.paymentStatus, ['pending', 'failed']), gt(teams.holdExpiresAt, at))),
  )!;
}

/** Whether a team's unpaid hold still keeps its spot at `at`. */
export function isHoldLive(team: { releasedAt: Date | null; holdExpiresAt: Date | null }, at: Date): boolean {
  return team.releasedAt === null && team.holdExpiresAt !== null && team.holdExpiresAt.getTime() > at.getTime();
}

/** Spots held in a tournament at `at`, optionally not counting one team. */
export async function countHeld(executor: Executor, tournamentId: string, at: Date, exceptTeamId?: string): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(teams)
    .where(and(eq(teams.tournamentId, tournamentId), exceptTeamId ? ne(teams.id, exceptTeamId) : undefined, holdsSpot(at)));
  return row.n;
}

/**
 * A team name or Riot ID (case-insensitive) already held by another unreleased team of the
 * tournament; `exceptTeamId` leaves a team's own rows out (a late payment re-admitting it).
 */
export async function findRosterConflict(
  executor: Executor,
  { tournamentId, name, riotIds, exceptTeamId }: { tournamentId: string; name: string; riotIds: string[]; exceptTeamId?: string },
): Promise<{ kind: 'name' } | { kind: 'riotId'; riotId: string } | null> {
  const [nameTaken] = await executor
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.tournamentId, tournamentId),
        exceptTeamId ? ne(teams.id, exceptTeamId) : undefined,
        isNull(teams.releasedAt),
        isNull(teams.erasedAt),
        sql`lower(${teams.name}) = lower(${name})`,
      ),
    );
  if (nameTaken) return { kind: 'name' };
  if (!riotIds.length) return null;
  const [idTaken] = await executor
    .select({ riotId: teamMembers.riotId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.tournamentId, tournamentId),
        exceptTeamId ? ne(teamMembers.teamId, exceptTeamId) : undefined,
        eq(teamMembers.released, false),
        inArray(
          sql`lower(${teamMembers.riotId})`,
          riotIds.map((id) => id.toLowerCase()),
        ),
      ),
    );
  return idTaken ? { kind: 'riotId', riotId: idTaken.riotId } : null;
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

async function release(executor: Executor, teamIds: string[]): Promise<void> {
  if (teamIds.length) await executor.update(teamMembers).set({ released: true }).where(inArray(teamMembers.teamId, teamIds));
}

/** Expired holds give back their spot, team name and Riot IDs: in one tournament, or everywhere. */
export async function releaseExpiredHolds(executor: Executor, at: Date, tournamentId?: string): Promise<number> {
  const released = await executor
    .update(teams)
    .set({ paymentStatus: 'expired', releasedAt: at })
    .where(
      and(
        tournamentId ? eq(teams.tournamentId, tournamentId) : undefined,
        isNull(teams.releasedAt),
        inArray(teams.paymentStatus, ['pending', 'failed']),
        lte(teams.holdExpiresAt, at),
      ),
    )
    .returning({ id: teams.id });
  await release(
    executor,
    released.map((r) => r.id),
  );
  return released.length;
}

/** The periodic sweep: expired holds in every tournament. Returns how many were released. */
export async function releaseAllExpiredHolds(db: Db, at: Date): Promise<number> {
  return db.transaction((tx) => releaseExpiredHolds(tx, at));
}

/** A declined card: the team keeps its hold and may try again until the hold expires. */
export async function markDeclined(executor: Executor, team: TeamRow): Promise<TeamStatus> {
  const [updated] = await executor
    .update(teams)
    .set({ paymentStatus: 'failed' })
    .where(and(eq(teams.id, team.id), eq(teams.paymentStatus, 'pending'), isNull(teams.releasedAt)))
    .returning({ status: teams.paymentStatus });
  return updated?.status ?? team.paymentStatus;
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
 * The tournament row is locked as registration locks it, so a late payment and a new
 * registration can never both take the last spot.
 */
export async function admitPayment(db: Db, teamId: string, paid: PaidCharge, at: Date, paysFee: (tournament: typeof tournaments.$inferSelect) => boolean): Promise<Admission> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, teamId));
    const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, current.tournamentId)).for('update');
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
    const payment = { paidAt: team.paidAt ?? at, amountPaid: paid.amount, currency: paid.currency, paymentRef: paid.paymentRef };

    // A second payment for a team that already paid goes back to the captain.
    if (team.paymentStatus === 'completed') return { status: 'completed', refund: team.paymentRef !== null && team.paymentRef !== paid.paymentRef };
    // Any payment for a team that was already refunded goes back too (the caller skips one already refunded).
    if (team.paymentStatus === 'refunded') return { status: 'refunded', refund: true };

    // A tournament the organizer deleted is cancelled: its payments are refunded in full.
    const holdIsLive = tournament.deletedAt === null && isHoldLive(team, at);
    const forCurrentFee = paysFee(tournament);
    if (!forCurrentFee && holdIsLive) return { status: team.paymentStatus, refund: true };
    if (holdIsLive) {
      await tx
        .update(teams)
        .set({ ...payment, paymentStatus: 'completed' })
        .where(eq(teams.id, team.id));
      return { status: 'completed', refund: false };
    }

    // Late payment: the hold expired (and may already have been released by the sweep).
    let canReadmit = tournament.deletedAt === null && forCurrentFee && (await countHeld(tx, tournament.id, at, team.id)) < tournament.maxTeams;
    if (canReadmit) {
      const riotIds = (await tx.select({ riotId: teamMembers.riotId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((m) => m.riotId);
      canReadmit = !(await findRosterConflict(tx, { tournamentId: tournament.id, name: team.name, riotIds, exceptTeamId: team.id }));
    }
    if (canReadmit) {
      await tx
        .update(teams)
        .set({ ...payment, paymentStatus: 'completed', releasedAt: null })
        .where(eq(teams.id, team.id));
      await tx.update(teamMembers).set({ released: false }).where(eq(teamMembers.teamId, team.id));
      return { status: 'completed', refund: false };
    }
    await tx
      .update(teams)
      .set({ ...payment, paymentStatus: 'refunded', releasedAt: team.releasedAt ?? at })
      .where(eq(teams.id, team.id));
    await release(tx, [team.id]);
    return { status: 'refunded', refund: true };
  });
}

/** The provider refunded a team's payment in full (charge.refunded, or our own refund of a late payment): the team gives up its spot. */
export async function markRefundedByProvider(db: Db, team: TeamRow, amountReceived: number, at: Date): Promise<TeamStatus> {
  await db.transaction(async (tx) => {
    await tx
      .update(teams)
      .set({
        paymentStatus: 'refunded',
        paidAt: team.paidAt ?? at,
        amountPaid: team.amountPaid ?? amountReceived,
        amountRefunded: team.amountPaid ?? amountReceived,
        releasedAt: team.releasedAt ?? at,
      })
      .where(eq(teams.id, team.id));
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
    await tx
      .update(teams)
      .set({ amountRefunded: total, paymentStatus: status, releasedAt: isFull ? (team.releasedAt ?? at) : team.releasedAt })
      .where(eq(teams.id, team.id));
    if (isFull) await release(tx, [team.id]);
  });
  return status;
}

/**
 * Whether a captain must withdraw before the team's data can be erased: it still holds a spot in a
 * tournament that has not started. After the start the result is history and erasure may go ahead.
 */
export function mustWithdrawBeforeErasure(team: TeamRow, tournament: { tournamentDate: Date }, at: Date): boolean {
  const holding = team.releasedAt === null && (['completed', 'partially_refunded'].includes(team.paymentStatus) || isHoldLive(team, at));
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
const removable: TeamStatus[] = ['pending', 'failed', 'completed', 'partially_refunded'];

/** The organizer takes a team out (or cancels its tournament): it gives up its spot, name and Riot IDs. Returns the removed rows. */
export async function removeTeams(tx: Tx, where: { teamId: string } | { tournamentId: string }, at: Date): Promise<TeamRow[]> {
  const removed = await tx
    .update(teams)
    .set({ paymentStatus: 'removed', releasedAt: at })
    .where(
      and(
        'teamId' in where ? eq(teams.id, where.teamId) : eq(teams.tournamentId, where.tournamentId),
        inArray(teams.paymentStatus, removable),
        // An expired hold already gave its place back: nothing to remove.
        or(inArray(teams.paymentStatus, ['completed', 'partially_refunded']), isNull(teams.releasedAt)),
      ),
    )
    .returning();
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
  const [withdrawn] = await tx
    .update(teams)
    .set({ paymentStatus: 'removed', releasedAt: at, withdrawnAt: at })
    .where(and(eq(teams.id, teamId), isNull(teams.withdrawnAt), or(holdsSpot(at), and(isNull(teams.releasedAt), eq(teams.paymentStatus, 'partially_refunded')))))
    .returning();
  if (!withdrawn) return null;
  await release(tx, [withdrawn.id]);
  return withdrawn;
}

/** A confirmed team: paid (in full, or refunded in part) and still holding its spot. */
export const isConfirmed: SQL = and(isNull(teams.releasedAt), inArray(teams.paymentStatus, ['completed', 'partially_refunded']))!;

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
