import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { TeamStatus } from '../../shared/schemas/team.js';
import type { Db } from '../db/client.js';
import { paymentEvents, teams, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { admitPayment } from '../teams/lifecycle/admission.js';
import { awaitingPayment, expiredHold, liveHold, paidInFull, paymentAdmitted } from '../teams/lifecycle/rules.js';
import { markDeclined, markRefundedByProvider, releaseAllExpiredHolds, settleRefunded } from '../teams/lifecycle/transitions.js';
import { isDemoProvider, type DemoCard } from './demo.js';
import { feeOf, FeeChangedError, isSameCharge, type Charge } from './fee.js';
import { reusableStatuses, type PaymentProvider, type ProviderPayment } from './provider.js';
import { createRefunds } from './refunds.js';
import { assertTeamOwner, type OwnerProof } from '../teams/team-owner.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';

type TeamRow = typeof teams.$inferSelect;

/** What a payment charged (or will charge). */
const chargeOf = (payment: ProviderPayment): Charge => ({ amount: payment.amountReceived || payment.amount, currency: payment.currency });

/** A provider's "no such payment" as null; any other failure stays one. */
function unlessNotFound(error: unknown): null {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
}

/** The webhook events we act on; Stripe is told (200) that anything else was received and ignored. */
export const handledEventTypes = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded', 'refund.created', 'refund.updated', 'refund.failed'] as const;

export function createPaymentService(db: Db, provider: PaymentProvider, now: () => Date, events: EventHub, log: (error: unknown, what: string) => void = () => {}) {
  requireEventHub(events, 'createPaymentService');
  const refunds = createRefunds({
    db,
    provider,
    now,
    settlePayment: async (paymentId) => recordProviderState(await provider.retrievePayment(paymentId)),
    events,
    log,
  });

  async function getTeam(id: string): Promise<TeamRow> {
    const [row] = await db.select().from(teams).where(eq(teams.id, id));
    if (!row) throw notFound('Team');
    return row;
  }

  async function currentFee(tournamentId: string): Promise<Charge> {
    const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId));
    return feeOf(tournament);
  }

  async function paysCurrentFee(tournamentId: string, payment: ProviderPayment): Promise<boolean> {
    return isSameCharge(chargeOf(payment), await currentFee(tournamentId));
  }

  /**
   * Records what the provider says about a payment on the team it belongs to, and returns the
   * team's status. Safe to call any number of times for the same state: the browser, the
   * webhook and a retried webhook all end up here.
   */
  async function recordProviderState(payment: ProviderPayment): Promise<TeamStatus | null> {
    const status = await recordProviderStateOnce(payment);
    // Admitted, declined, refunded: the team's status is public (the teams list, capacity).
    if (status) await events.emitCommitted('publicDataChanged', {});
    // A refund in full gave the spot up (any repeat of the news finds nothing more to offer).
    if (status === 'refunded') {
      const [team] = await db.select({ tournamentId: teams.tournamentId }).from(teams).where(eq(teams.id, payment.teamId!));
      if (team) await events.emitCommitted('teamRefunded', { teamId: payment.teamId!, tournamentId: team.tournamentId });
    }
    return status;
  }

  async function recordProviderStateOnce(payment: ProviderPayment): Promise<TeamStatus | null> {
    if (!payment.teamId) return null;
    const [team] = await db.select().from(teams).where(eq(teams.id, payment.teamId));
    if (!team) return null;

    if (payment.status === 'succeeded' && payment.amountRefunded > 0) {
      if (team.paymentRef !== payment.id) return team.paymentStatus;
      // Money of an admitted payment went back (ours or the dashboard's): the team's totals follow the provider's.
      if (paymentAdmitted.holds(team, now())) {
        return settleRefunded(db, team, payment.amountRefunded, now());
      }
      // A payment never admitted (late, refused) was refunded: the team gives up its spot, unless the
      // payment never bought it (made for an older fee: the team still holds its spot and pays again).
      if (await paysCurrentFee(team.tournamentId, payment)) return markRefundedByProvider(db, team, payment.amountReceived, now());
      return team.paymentStatus;
    }

    if (payment.status === 'succeeded') {
      const paid = chargeOf(payment);
      const owed: Awaited<ReturnType<typeof refunds.requestWhole>>[] = [];
      const admission = await admitPayment(db, team.id, { ...paid, paymentRef: payment.id }, now(), (tournament) => isSameCharge(paid, feeOf(tournament)), async (tx, decided, admitted) => {
        // Written with the decision: the money owed back is requested (the sweep sends it if this
        // process dies before it does) and the receipt queued (an in-transaction listener), or neither is.
        if (decided.refund && payment.amountRefunded === 0) owed.push(await refunds.requestWhole(tx, admitted, { id: payment.id, ...paid }));
        else if (decided.status === 'completed') await events.emit(tx, 'paymentAdmitted', { teamId: team.id });
      });
      for (const refund of owed) await refunds.sendIfRequested(refund);
      return admission.status;
    }

    if (payment.status === 'requires_payment_method' && payment.failureMessage) {
      return markDeclined(db, team);
    }
    return team.paymentStatus;
  }

  return {
    refunds,
    providerConfig: () => ({ publishableKey: provider.publishableKey, mode: provider.mode }),

    /**
     * Starts (or resumes) the payment of a team's entry fee. The amount and currency are the
     * tournament's, read here; one team reuses one payment through its idempotency key.
     */
    async createPaymentIntent({ tournamentId, teamId }: { tournamentId: string; teamId: string }, proof: OwnerProof): Promise<{ clientSecret: string }> {
      const team = await getTeam(teamId);
      assertTeamOwner(team, proof);
      if (team.tournamentId !== tournamentId) throw conflict(msg('This team is not registered for this tournament'));
      const [tournament] = await db
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)));
      if (!tournament) throw notFound('Tournament');
      const at = now();
      if (paidInFull.holds(team, at)) throw conflict(msg('This team has already paid its entry fee'));
      if (!liveHold.holds(team, at)) throw conflict(msg('This registration has expired. Please register your team again.'));
      const { amount, currency } = feeOf(tournament);
      if (amount === 0) throw conflict(msg('This tournament has no entry fee'));

      const description = `Entry fee: ${team.name} in ${tournament.name}`;
      // Every parameter Stripe compares under one key is in the key: a renamed tournament is a new request, not an error.
      let idempotencyKey = `team:${team.id}:${currency}:${amount}:${crypto.createHash('sha256').update(description).digest('hex').slice(0, 16)}`;
      if (team.paymentRef) {
        let existing = await provider.retrievePayment(team.paymentRef);
        const isForFee = isSameCharge(chargeOf(existing), { amount, currency });
        if (isForFee && existing.clientSecret && reusableStatuses.includes(existing.status)) return { clientSecret: existing.clientSecret };
        // Made for an older fee: cancelled, so it can no longer be paid (the fee change may already have done it).
        if (!isForFee && existing.status !== 'succeeded' && existing.status !== 'canceled') existing = await provider.cancelPayment(existing.id);
        if (existing.status === 'succeeded') {
          // Paid meanwhile: recorded, and refunded when it no longer pays the fee.
          const status = await recordProviderState(existing);
          if (status === 'completed') throw conflict(msg('This team has already paid its entry fee'));
          if (status !== 'pending' && status !== 'failed') throw conflict(msg('This registration has expired. Please register your team again.'));
        } else if (existing.status === 'processing' || existing.status === 'requires_capture') {
          // Money may be moving on it: a second payment now could charge the captain twice.
          throw conflict(msg('Your previous payment is still being processed. Please try again in a few minutes.'));
        }
        // A new payment for the current fee; keyed on the one it replaces, so a fee changed back never revives a cancelled payment.
        idempotencyKey += `:after:${existing.id}`;
      }
      const payment = await provider.createPayment({
        teamId: team.id,
        tournamentId,
        amount,
        currency,
        description,
        idempotencyKey,
      });
      if (!payment.clientSecret) throw new Error(`Payment ${payment.id} came back without a client secret`);
      await db.update(teams).set({ paymentRef: payment.id }).where(eq(teams.id, team.id));
      return { clientSecret: payment.clientSecret };
    },

    /**
     * The browser says the payment went through: ask the provider, never the browser, and record
     * the answer. Refuses a payment that has not succeeded or that belongs to another team.
     */
    async completePayment(teamId: string, paymentId: string | undefined, proof: OwnerProof): Promise<{ paymentStatus: TeamStatus }> {
      const team = await getTeam(teamId);
      assertTeamOwner(team, proof);
      const ref = paymentId ?? team.paymentRef;
      if (!ref) throw conflict(msg('No payment has been started for this team'));
      let payment: ProviderPayment;
      try {
        payment = await provider.retrievePayment(ref);
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') throw conflict(msg('Unknown payment'));
        throw error;
      }
      if (payment.teamId !== team.id) throw conflict(msg('This payment belongs to another team'));
      const status = await recordProviderState(payment);
      if (payment.status !== 'succeeded')
        throw conflict(
          payment.failureMessage
            ? withValues(msg('The payment has not succeeded: {reason}'), { reason: payment.failureMessage })
            : msg('The payment has not succeeded'),
        );
      if (status === 'pending' || status === 'failed') {
        // Succeeded but admitted nobody: it was for an older fee, and is being refunded.
        const fee = await currentFee(team.tournamentId);
        if (!isSameCharge(chargeOf(payment), fee)) throw new FeeChangedError(fee, chargeOf(payment));
      }
      return { paymentStatus: status ?? (team.paymentStatus) };
    },

    /**
     * A provider webhook: signature checked on the raw body (WebhookSignatureError otherwise),
     * each event id applied once, and the payment's state fetched from the provider.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true; ignored?: true }> {
      const event = provider.verifyWebhook(rawBody, signature);
      if (!(handledEventTypes as readonly string[]).includes(event.type)) return { received: true, ignored: true };
      const claimed = await db
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type, createdAt: now() })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (!claimed.length) return { received: true, duplicate: true };
      try {
        if (event.refundId) await refunds.settle(event.refundId);
        else if (event.paymentId) {
          let payment: ProviderPayment | null = null;
          try {
            payment = await provider.retrievePayment(event.paymentId);
          } catch (error) {
            // A payment that is not ours (another integration on the same account) is not an error.
            if (!(error instanceof AppError && error.code === 'not_found')) throw error;
          }
          if (payment) await recordProviderState(payment);
        }
      } catch (error) {
        // Give the event back, so the provider's retry applies it.
        await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
        throw error;
      }
      return { received: true };
    },

    /** Demo provider only: charges a test card, then records the result as a webhook would. */
    async confirmDemoPayment(clientSecret: string, card: DemoCard, proof: OwnerProof): Promise<{ status: 'succeeded'; paymentIntentId: string }> {
      if (!isDemoProvider(provider)) throw notFound('Demo payments');
      const [, ref] = /^(demo_pi_[0-9a-f]+)_secret_/.exec(clientSecret) ?? [];
      const payment = ref ? await provider.retrievePayment(ref).catch(unlessNotFound) : null;
      if (!payment || payment.clientSecret !== clientSecret || !payment.teamId) throw notFound('Payment');
      // Checked before the card is charged: a stranger's declined card must not mark the team Failed.
      assertTeamOwner(await getTeam(payment.teamId), proof);
      try {
        const paid = await provider.confirmWithTestCard(clientSecret, card);
        await recordProviderState(paid);
        return { status: 'succeeded', paymentIntentId: paid.id };
      } catch (error) {
        await recordProviderState(await provider.retrievePayment(payment.id)).catch(() => null);
        throw error;
      }
    },

    /**
     * After an organizer changed a tournament's fee or currency: the unpaid payments of its
     * pending and failed teams, made for the old fee, are cancelled at the provider, so each
     * captain's next attempt pays the new fee. One that succeeded meanwhile is recorded as any
     * other (refunded: it no longer pays the fee). Returns how many were cancelled.
     */
    async cancelOutdatedPayments(tournamentId: string): Promise<number> {
      const fee = await currentFee(tournamentId);
      const unpaid = await db
        .select({ paymentRef: teams.paymentRef })
        .from(teams)
        .where(and(eq(teams.tournamentId, tournamentId), awaitingPayment.sql(now()), isNotNull(teams.paymentRef)));
      let cancelled = 0;
      for (const { paymentRef } of unpaid) {
        let payment = await provider.retrievePayment(paymentRef!).catch(unlessNotFound);
        if (!payment || payment.status === 'canceled' || isSameCharge(chargeOf(payment), fee)) continue;
        if (payment.status !== 'succeeded') {
          payment = await provider.cancelPayment(payment.id);
          if (payment.status === 'canceled') cancelled++;
        }
        if (payment.status === 'succeeded') await recordProviderState(payment);
      }
      return cancelled;
    },

    /**
     * Releases every expired hold (main.ts runs it on a timer), first asking the provider about those
     * that started a payment: a captain who paid and closed the tab, whose webhook never came, is
     * confirmed, not dropped.
     */
    async sweepExpiredHolds(): Promise<number> {
      const at = now();
      const started = await db
        .select({ paymentRef: teams.paymentRef })
        .from(teams)
        .where(and(expiredHold.sql(at), isNotNull(teams.paymentRef)));
      for (const { paymentRef } of started) {
        const payment = await provider.retrievePayment(paymentRef!).catch(() => null);
        if (payment?.status === 'succeeded') await recordProviderState(payment);
      }
      const released = await releaseAllExpiredHolds(db, at);
      if (released) await events.emitCommitted('publicDataChanged', {});
      return released;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
