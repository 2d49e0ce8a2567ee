import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Refund, RefundKind, RefundStatus } from '../../shared/schemas/refund.js';
import type { Db, Tx } from '../db/client.js';
import { refunds, teams } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { RefundRefusedError, type PaymentProvider, type ProviderRefund, type ProviderRefundStatus } from './provider.js';

type RefundRow = typeof refunds.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

/** Refunds still on their way: they count against what is left to refund. */
const inFlight: RefundStatus[] = ['requested', 'pending'];

const statusOf = (status: ProviderRefundStatus): RefundStatus => (status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending');

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
 * is written first; the provider is asked under that key; its answer is written once. Settling a
 * refund on the team is the caller's `settlePayment` (it reads what the provider says went back).
 */
export function createRefunds(
  db: Db,
  provider: PaymentProvider,
  now: () => Date,
  settlePayment: (paymentId: string) => Promise<unknown>,
  /** Told each time the provider's word on a refund is recorded (mail/captain-mail.ts decides what that sends). */
  onRecorded: (refundId: string) => Promise<void> = async () => {},
) {
  /** What is left to refund of a team's payment: paid, less refunded, less refunds on their way. */
  async function leftToRefund(executor: Db | Tx, team: TeamRow): Promise<number> {
    const [row] = await executor
      .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.teamId, team.id), inArray(refunds.status, inFlight)));
    return Math.max(0, (team.amountPaid ?? 0) - team.amountRefunded - row.n);
  }

  /** Applies the provider's word on a refund to its row, once; then the team's totals follow the payment. */
  async function record(row: RefundRow, refund: ProviderRefund): Promise<RefundRow> {
    const status = statusOf(refund.status);
    const [updated] = await db
      .update(refunds)
      .set({ providerRefundId: refund.id, status, failureReason: refund.failureReason, updatedAt: now() })
      .where(eq(refunds.id, row.id))
      .returning();
    await settlePayment(refund.paymentId);
    await onRecorded(updated.id);
    return updated;
  }

  async function send(row: RefundRow): Promise<RefundRow> {
    try {
      return await record(row, await provider.refundPayment(row.paymentRef, { amount: row.amount, idempotencyKey: row.idempotencyKey }));
    } catch (error) {
      // A refusal is final for this refund and is shown to the organizer; an outage leaves it
      // requested, and asking again (same key) cannot refund twice.
      const isUnknownPayment = error instanceof AppError && error.code === 'not_found';
      if (!(error instanceof RefundRefusedError) && !isUnknownPayment) throw error;
      const failureReason = isUnknownPayment ? 'The payment provider does not know this payment' : (error as Error).message;
      const [failed] = await db.update(refunds).set({ status: 'failed', failureReason, updatedAt: now() }).where(eq(refunds.id, row.id)).returning();
      return failed;
    }
  }

  return {
    leftToRefund,

    /**
     * Refunds `amount` of the team's payment, at most what is left (409 otherwise). The team row is
     * locked while the refund is written, so two organizers refunding at once cannot together
     * refund more than was paid. An order whose key was already used returns that refund as it is,
     * asking the provider again only when its answer never came.
     */
    async issue(order: RefundOrder): Promise<RefundRow> {
      const { row, isNew } = await db.transaction(async (tx) => {
        // The team row first: an order sent twice at once takes turns, and the second finds the first's refund.
        const [team] = await tx.select().from(teams).where(eq(teams.id, order.team.id)).for('update');
        const [previous] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, order.idempotencyKey));
        if (previous) return { row: previous, isNew: false };
        if (!team.paymentRef || !team.amountPaid) throw new AppError('conflict', 'This team has not paid anything to refund');
        const left = await leftToRefund(tx, team);
        if (order.amount > left) throw new AppError('conflict', left === 0 ? 'Nothing is left to refund for this team' : `At most ${(left / 100).toFixed(2)} ${team.currency} is left to refund for this team`);
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
        return { row: inserted, isNew: true };
      });
      return isNew || row.status === 'requested' ? send(row) : row;
    },

    /**
     * The whole of a payment that must not be kept (late, for an older fee, a second one, a
     * cancelled tournament's): one refund per payment, whatever the team's totals say.
     */
    async refundWhole(team: TeamRow, payment: { id: string; amount: number; currency: string }): Promise<RefundRow> {
      const idempotencyKey = `refund:${payment.id}`;
      await db
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
      const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
      return row.status === 'requested' ? send(row) : row;
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
