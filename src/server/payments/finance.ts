import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Finance, FinancePayment, FinanceRefund } from '../../shared/schemas/finance.js';
import type { Db } from '../db/client.js';
import { refunds, teams, tournaments } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';
import { prizeRecordsOf } from '../prizes/service.js';
import type { PaymentProvider, ProviderFee } from './provider.js';

/** Provider calls at a time: a cup has tens of paid teams, and Stripe allows far more than this. */
const CONCURRENCY = 4;

async function mapLimited<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/** A payment the provider no longer knows has no fee to show; an unreachable provider is a 503 for the whole view. */
const feeOrNull = (provider: PaymentProvider, paymentId: string): Promise<ProviderFee | null> =>
  provider.paymentFee(paymentId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });

/**
 * The finance view of one tournament. Payments are the teams' kept payments (teams.amount_paid),
 * plus any payment that was only ever refunded whole (late, for an older fee, a second one), read
 * from the provider; refunds are the refunds table. Fees come from the provider, asked per payment.
 */
export function createFinance(db: Db, provider: PaymentProvider) {
  return {
    async forTournament(tournamentId: string): Promise<Finance> {
      const [tournament] = await db
        .select({ id: tournaments.id, name: tournaments.name, currency: tournaments.currency })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId));
      if (!tournament) throw notFound('Tournament');

      const paidTeams = await db
        .select({ id: teams.id, name: teams.name, paymentRef: teams.paymentRef, amountPaid: teams.amountPaid, currency: teams.currency, paidAt: teams.paidAt })
        .from(teams)
        .where(and(eq(teams.tournamentId, tournamentId), isNotNull(teams.paymentRef), gt(teams.amountPaid, 0)))
        .orderBy(asc(teams.paidAt), asc(teams.createdAt));
      const refundRows = await db
        .select({ refund: refunds, teamName: teams.name })
        .from(refunds)
        .innerJoin(teams, eq(teams.id, refunds.teamId))
        .where(eq(refunds.tournamentId, tournamentId))
        .orderBy(asc(refunds.createdAt));

      const kept = new Set(paidTeams.map((team) => team.paymentRef!));
      const refundedOnly = [...new Map(refundRows.filter(({ refund }) => !kept.has(refund.paymentRef)).map((row) => [row.refund.paymentRef, row])).values()];

      const keptPayments = await mapLimited(paidTeams, async (team): Promise<FinancePayment> => {
        const fee = await feeOrNull(provider, team.paymentRef!);
        return {
          paymentRef: team.paymentRef!,
          teamId: team.id,
          teamName: team.name,
          paidAt: team.paidAt?.toISOString() ?? null,
          amount: team.amountPaid!,
          currency: team.currency,
          fee: fee?.amount ?? null,
          feeCurrency: fee?.currency ?? null,
          feeSimulated: fee?.simulated ?? false,
        };
      });
      const otherPayments = await mapLimited(refundedOnly, async ({ refund, teamName }): Promise<FinancePayment> => {
        const [payment, fee] = await Promise.all([provider.retrievePayment(refund.paymentRef), feeOrNull(provider, refund.paymentRef)]);
        return {
          paymentRef: refund.paymentRef,
          teamId: refund.teamId,
          teamName,
          paidAt: null,
          amount: payment.amountReceived,
          currency: payment.currency,
          fee: fee?.amount ?? null,
          feeCurrency: fee?.currency ?? null,
          feeSimulated: fee?.simulated ?? false,
        };
      });
      const payments = [...keptPayments, ...otherPayments.filter((payment) => payment.amount > 0)];

      const refundList: FinanceRefund[] = refundRows.map(({ refund, teamName }) => ({
        id: refund.id,
        paymentRef: refund.paymentRef,
        teamId: refund.teamId,
        teamName,
        createdAt: refund.createdAt.toISOString(),
        amount: refund.amount,
        currency: refund.currency,
        kind: refund.kind,
        status: refund.status,
        reason: refund.reason,
      }));

      // Totals in the tournament's currency; refunds count once they have succeeded.
      const currency = tournament.currency.toUpperCase();
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const gross = sum(payments.filter((p) => p.currency === currency).map((p) => p.amount));
      const fees = sum(payments.filter((p) => p.feeCurrency === currency).map((p) => p.fee ?? 0));
      const refunded = sum(refundList.filter((r) => r.status === 'succeeded' && r.currency === currency).map((r) => r.amount));
      return {
        tournamentId: tournament.id,
        tournamentName: tournament.name,
        currency,
        feesSimulated: payments.some((p) => p.feeSimulated),
        totals: { gross, fees, refunds: refunded, net: gross - fees - refunded },
        payments,
        refunds: refundList,
        // Prize money the organizer paid by hand and recorded: on the books, never moved by the site.
        prizes: await prizeRecordsOf(db, tournament.id),
      };
    },
  };
}

export type FinanceService = ReturnType<typeof createFinance>;
