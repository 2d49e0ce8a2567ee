import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { refundStatuses, type Refund, type RefundKind, type RefundStatus } from '../../shared/schemas/refund.js';
import type { Db, Tx } from '../db/client.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { refunds, teams } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { RefundRefusedError, type PaymentProvider, type ProviderRefund, type ProviderRefundStatus } from './provider.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';

type RefundRow = typeof refunds.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

/** Refunds still on their way: they count against what is left to refund. */
const inFlight: RefundStatus[] = ['requested', 'pending'];

/**
 * The refund's lifecycle, owned here: which status each status may move to. The provider's word
 * arrives by the call's answer, by webhooks and by the sweep, in any order; a word that would move
 * a refund backwards (a late "pending" after "succeeded") is not written. A bank can still return
 * a refund the provider had called succeeded, so succeeded may become failed.
 */
const nextStatuses: Record<RefundStatus, readonly RefundStatus[]> = {
  requested: ['pending', 'succeeded', 'failed'],
  pending: ['succeeded', 'failed'],
  succeeded: ['failed'],
  failed: [],
};
const statusesThatMayBecome = (to: RefundStatus) => refundStatuses.filter((from) => nextStatuses[from].includes(to));

const statusOf = (status: ProviderRefundStatus): RefundStatus => (status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending');

/** How long a requested refund is left to the request that wrote it before the sweep sends it again. */
export const requestedRefundGraceMs = 60_000;

export interface RefundOrder {
  team: TeamRow;
  amount: number;
  kind: RefundKind;
  reason: string | null;
  requestedBy: string;
  /** Names this refund for the provider: the same key twice is the same refund. */
  idempotencyKey: string;
  /** Written in the refund's own transaction (the audit entry of who asked for it). */
  onIssued?: (tx: Tx, refund: RefundRow) => Promise<void>;
}

export function toRefund(row: RefundRow, teamName?: string): Refund {
  return {
    id: row.id,
    teamId: row.teamId,
    ...(teamName ? { teamName } : {}),
    amount: row.amount,
    currency: row.currency,
    kind: row.kind,
    reason: row.reason,
    requestedBy: row.requestedBy,
    status: row.status,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Money going back, in three steps that each survive a crash: the refund (with its idempotency key)
 * is written first, in the same transaction as whatever promised it (a withdrawal, a removal, a
 * cancellation, a late payment); the provider is asked under that key; its answer is written once.
 * A refund the provider never answered stays `requested`, counts as on its way, and is sent again
 * under its own key by `sweep` (each minute) until the provider answers; one left pending is asked about. Settling a
 * refund on the team is the caller's `settlePayment` (it reads what the provider says went back).
 */
export function createRefunds({
  db,
  provider,
  now,
  settlePayment,
  events,
  log,
}: {
  db: Db;
  provider: PaymentProvider;
  now: () => Date;
  settlePayment: (paymentId: string) => Promise<unknown>;
  /** Told `refundRecorded` each time the provider's word on a refund is recorded (mail/captain-mail.ts decides what that sends). */
  events: EventHub;
  /** A provider that did not answer: the refund stays requested and the sweep sends it again. */
  log: (error: unknown, what: string) => void;
}) {
  requireEventHub(events, 'createRefunds');
  /**
   * What is left to refund of a team's payment: paid, less what went back, less refunds on their
   * way. What went back is the provider's total on the team, or the refunds it confirmed when the
   * team's total has not caught up with them yet (between recording a refund and settling the team).
   * Only refunds of the team's own payment count: one that went back whole (late, for an older fee,
   * a second payment) is not part of it.
   */
  async function leftToRefund(executor: Db | Tx, team: TeamRow): Promise<number> {
    if (!team.paymentRef) return 0;
    const [row] = await executor
      .select({
        onTheirWay: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${inArray(refunds.status, inFlight)}), 0)::int`,
        succeeded: sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'succeeded'), 0)::int`,
      })
      .from(refunds)
      .where(and(eq(refunds.teamId, team.id), eq(refunds.paymentRef, team.paymentRef)));
    return Math.max(0, (team.amountPaid ?? 0) - Math.max(team.amountRefunded, row.succeeded) - row.onTheirWay);
  }

  /** Applies the provider's word on a refund to its row, once and never backwards; then the team's totals follow the payment. */
  async function record(row: RefundRow, refund: ProviderRefund): Promise<RefundRow> {
    const status = statusOf(refund.status);
    const [updated] = await db
      .update(refunds)
      .set({ providerRefundId: refund.id, status, failureReason: refund.failureReason, updatedAt: now() })
      .where(and(eq(refunds.id, row.id), inArray(refunds.status, statusesThatMayBecome(status))))
      .returning();
    await settlePayment(refund.paymentId);
    if (!updated) {
      // Already at this word or past it: nothing to write, nothing new to tell.
      const [current] = await db.select().from(refunds).where(eq(refunds.id, row.id));
      if (!current.providerRefundId) await db.update(refunds).set({ providerRefundId: refund.id }).where(eq(refunds.id, row.id));
      return { ...current, providerRefundId: current.providerRefundId ?? refund.id };
    }
    await events.emitCommitted('refundRecorded', { refundId: updated.id });
    return updated;
  }

  /**
   * Asks the provider for a requested refund under its stored key. A refusal is final for this
   * refund and is shown to the organizer; when the provider does not answer the refund stays
   * requested (shown as on its way) and the sweep asks again under the same key, which cannot
   * refund twice.
   */
  async function send(row: RefundRow): Promise<RefundRow> {
    try {
      return await record(row, await provider.refundPayment(row.paymentRef, { amount: row.amount, idempotencyKey: row.idempotencyKey }));
    } catch (error) {
      const isUnknownPayment = error instanceof AppError && error.code === 'not_found';
      if (!(error instanceof RefundRefusedError) && !isUnknownPayment) {
        log(error, 'refund not answered by the payment provider: sent again by the sweep');
        const [current] = await db.select().from(refunds).where(eq(refunds.id, row.id));
        return current ?? row;
      }
      const failureReason = isUnknownPayment ? 'The payment provider does not know this payment' : (error as Error).message;
      const [failed] = await db
        .update(refunds)
        .set({ status: 'failed', failureReason, updatedAt: now() })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'requested')))
        .returning();
      return failed ?? (await db.select().from(refunds).where(eq(refunds.id, row.id)))[0];
    }
  }

  /** Sends a refund written by `request` once its transaction has committed (a refund already answered is returned as it is). */
  const sendIfRequested = (row: RefundRow): Promise<RefundRow> => (row.status === 'requested' ? send(row) : Promise.resolve(row));

  /**
   * Writes a refund as requested, inside the caller's transaction, which holds the team's row lock:
   * at most what is left (409 otherwise), counted from this moment by every other refund of the
   * team. An order whose key was already used returns that refund as it is.
   */
  async function request(tx: Tx, order: RefundOrder): Promise<RefundRow> {
    const [previous] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, order.idempotencyKey));
    if (previous) return previous;
    const [team] = await tx.select().from(teams).where(eq(teams.id, order.team.id));
    if (!team.paymentRef || !team.amountPaid) throw new AppError('conflict', msg('This team has not paid anything to refund'));
    const left = await leftToRefund(tx, team);
    if (order.amount > left)
      throw new AppError(
        'conflict',
        left === 0
          ? msg('Nothing is left to refund for this team')
          : withValues(msg('At most {amount} {currency} is left to refund for this team'), { amount: (left / 100).toFixed(2), currency: team.currency }),
      );
    const [inserted] = await tx
      .insert(refunds)
      .values({
        teamId: team.id,
        tournamentId: team.tournamentId,
        paymentRef: team.paymentRef,
        amount: order.amount,
        currency: team.currency,
        kind: order.kind,
        reason: order.reason,
        requestedBy: order.requestedBy,
        idempotencyKey: order.idempotencyKey,
        createdAt: now(),
        updatedAt: now(),
      })
      .returning();
    await order.onIssued?.(tx, inserted);
    return inserted;
  }

  /** A payment that must not be kept, refunded whole inside the transaction that decided so: one refund per payment. */
  async function requestWhole(tx: Tx, team: TeamRow, payment: { id: string; amount: number; currency: string }): Promise<RefundRow> {
    const idempotencyKey = `refund:${payment.id}`;
    await tx
      .insert(refunds)
      .values({
        teamId: team.id,
        tournamentId: team.tournamentId,
        paymentRef: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        kind: 'automatic',
        reason: 'A payment the team could not keep (late, for an older fee, or a second one)',
        requestedBy: 'automatic',
        idempotencyKey,
        createdAt: now(),
        updatedAt: now(),
      })
      .onConflictDoNothing({ target: refunds.idempotencyKey });
    const [row] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
    return row;
  }

  return {
    leftToRefund,
    request,
    requestWhole,
    sendIfRequested,

    /**
     * Refunds `amount` of the team's payment, at most what is left (409 otherwise). The team row is
     * locked while the refund is written, so two organizers refunding at once cannot together
     * refund more than was paid.
     */
    async issue(order: RefundOrder): Promise<RefundRow> {
      const row = await db.transaction(async (tx) => {
        // The team row first: an order sent twice at once takes turns, and the second finds the first's refund.
        await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, order.team.id)).for('update');
        return request(tx, order);
      });
      return sendIfRequested(row);
    },

    /**
     * The sweep, until every refund has the provider's final word: each refund still requested after
     * `graceMs` (its request crashed, or the provider did not answer) is sent again under its own
     * key; each one still pending is asked about (its webhook may have come before the call's own
     * answer, or never). Returns how many changed.
     */
    async sweep(graceMs = requestedRefundGraceMs): Promise<number> {
      const due = await db
        .select()
        .from(refunds)
        .where(and(inArray(refunds.status, inFlight), lte(refunds.updatedAt, new Date(now().getTime() - graceMs))))
        .orderBy(asc(refunds.createdAt));
      let changed = 0;
      for (const row of due) {
        if (row.status === 'requested') {
          if ((await send(row)).status !== 'requested') changed++;
          continue;
        }
        if (!row.providerRefundId) continue;
        try {
          if ((await record(row, await provider.retrieveRefund(row.providerRefundId))).status !== row.status) changed++;
        } catch (error) {
          log(error, 'pending refund not answered by the payment provider: asked again by the sweep');
        }
      }
      return changed;
    },

    /** A refund webhook (refund.created/updated/failed): the provider's current word, applied once. */
    async settle(refundId: string): Promise<void> {
      const refund = await provider.retrieveRefund(refundId);
      const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
      // A refund made in the provider's dashboard has no row: the payment's totals still follow.
      if (!row) {
        await settlePayment(refund.paymentId);
        return;
      }
      await record(row, refund);
    },

    /** Refunds of a tournament, newest first, with their team's name. */
    async listForTournament(tournamentId: string): Promise<Refund[]> {
      const rows = await db
        .select({ refund: refunds, teamName: teams.name })
        .from(refunds)
        .innerJoin(teams, eq(teams.id, refunds.teamId))
        .where(eq(refunds.tournamentId, tournamentId))
        .orderBy(desc(refunds.createdAt));
      return rows.map(({ refund, teamName }) => toRefund(refund, teamName));
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
