import { and, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { BracketProgress } from '../../shared/tournament-phase.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, tournaments } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * The one owner of a tournament's phase (shared/tournament-phase.ts derives it and holds its
 * table): the only writer of what it is read from, whether the tournament is featured (`status`),
 * its registration switch (`registration_open`), `cancelled_at` and `deleted_at`. Each writer
 * takes the caller's transaction, in which the caller has locked the tournament's row.
 * tests/unit/phase-owner.test.ts fails when another module writes these columns.
 */

type Row = typeof tournaments.$inferSelect;
type Executor = Db | Tx;

/** The columns of a new tournament apart from its phase. */
export type TournamentColumns = Omit<typeof tournaments.$inferInsert, 'status' | 'registrationOpen' | 'cancelledAt' | 'deletedAt' | 'held'>;

/** New tournaments start as drafts, not live and with registration closed: nothing is sold before the organizer says so. */
export async function createDraft(tx: Tx, columns: TournamentColumns): Promise<Row> {
  const [row] = await tx.insert(tournaments).values({ ...columns, status: 'inactive', registrationOpen: false }).returning();
  return row;
}

/**
 * Features the tournament (the home page's, /register's and GET /api/tournaments/active's); the
 * previously featured one stops being featured (one at a time: a unique index) but keeps its
 * registration, check-in and bracket: several tournaments run at once.
 */
export async function makeFeatured(tx: Tx, id: string, at: Date): Promise<Row> {
  await tx.update(tournaments).set({ status: 'inactive', updatedAt: at }).where(and(eq(tournaments.status, 'active'), ne(tournaments.id, id)));
  const [row] = await tx.update(tournaments).set({ status: 'active', updatedAt: at }).where(eq(tournaments.id, id)).returning();
  return row;
}

/** Refused when the organizer switches registration on a finished tournament (its champions recorded). */
export const finishedRegistrationMessage = msg('This tournament is finished: its registration cannot open again');

/**
 * The organizer switches registration on, featured or not: never again once the tournament was
 * cancelled (a deleted one is not found) or finished.
 */
export async function openRegistration(tx: Tx, id: string, at: Date): Promise<Row[]> {
  const [current] = await tx.select({ cancelledAt: tournaments.cancelledAt }).from(tournaments).where(eq(tournaments.id, id));
  if (current.cancelledAt) throw new AppError('conflict', msg('This tournament was cancelled: its registration cannot open again'));
  if ((await bracketProgress(tx, id)) === 'decided') throw new AppError('conflict', finishedRegistrationMessage);
  return tx.update(tournaments).set({ registrationOpen: true, updatedAt: at }).where(eq(tournaments.id, id)).returning();
}

/** The organizer switches registration off. */
export function closeRegistration(tx: Tx, id: string, at: Date): Promise<Row[]> {
  return tx.update(tournaments).set({ registrationOpen: false, updatedAt: at }).where(eq(tournaments.id, id)).returning();
}

/**
 * The field is set once a bracket is drawn: registration (and so the waitlist's offers) closes
 * with it. Returns whether it was open (the bracket's audit records that it closed it).
 */
export async function closeRegistrationForBracket(tx: Tx, tournament: Row, at: Date): Promise<boolean> {
  if (!tournament.registrationOpen) return false;
  await closeRegistration(tx, tournament.id, at);
  return true;
}

/** Cancelled by the organizer: registration closes for good (openRegistration refuses it from then on). */
export async function markCancelled(tx: Tx, id: string, at: Date): Promise<Row> {
  const [row] = await tx.update(tournaments).set({ cancelledAt: at, registrationOpen: false, updatedAt: at }).where(eq(tournaments.id, id)).returning();
  return row;
}

/** Soft delete: no longer featured nor taking registrations; teams and payments keep pointing at it. */
export function markDeleted(tx: Tx, id: string, at: Date): Promise<Row[]> {
  return tx.update(tournaments).set({ deletedAt: at, status: 'inactive', registrationOpen: false, updatedAt: at }).where(eq(tournaments.id, id)).returning();
}

/** How far a bracket went, read from its row (none: no bracket drawn). */
export const progressOfBracket = (bracket: { confirmedAt: Date | null } | null | undefined): BracketProgress =>
  !bracket ? 'none' : bracket.confirmedAt ? 'decided' : 'drawn';

/** How far the tournament's bracket went, the phase's last input. */
export async function bracketProgress(executor: Executor, tournamentId: string): Promise<BracketProgress> {
  const [bracket] = await executor.select({ confirmedAt: brackets.confirmedAt }).from(brackets).where(eq(brackets.tournamentId, tournamentId));
  return progressOfBracket(bracket);
}

/**
 * shared/tournament-phase.ts `takesRegistrations` in SQL, for a claim that checks it in the same
 * statement as the count (teams/lifecycle/spots.ts `registerWithSpots`). Keep the two alike.
 */
export function takesRegistrationsSql(at: Date): SQL {
  return and(
    isNull(tournaments.deletedAt),
    isNull(tournaments.cancelledAt),
    eq(tournaments.registrationOpen, true),
    gt(tournaments.registrationCloses, at),
  )!;
}

/** The featured tournament, unless it was cancelled: the one whose news the Discord sweep posts. */
export const liveAndNotCancelledSql: SQL = and(eq(tournaments.status, 'active'), isNull(tournaments.deletedAt), isNull(tournaments.cancelledAt))!;

/** Tournaments that still run (not deleted, not cancelled), whatever else they are. */
export const notDeletedOrCancelledSql: SQL = and(isNull(tournaments.deletedAt), isNull(tournaments.cancelledAt))!;
