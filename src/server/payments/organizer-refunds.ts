import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits } from '../../shared/money.js';
import type { Refund } from '../../shared/schemas/refund.js';
import { refundFor } from '../../shared/refunds.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { refunds as refundTable, teams, tournaments } from '../db/schema.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { toRefund, type Refunds } from './refunds.js';
import { msg } from '../../shared/i18n/msg.js';
import { withValues } from '../http/message-values.js';

type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

/**
 * A team as the audit log keeps it around a refund or removal. No name: the audit log is
 * append-only and must hold nothing an erasure has to remove (ids only).
 */
export const moneyOf = (team: TeamRow) => ({
  status: team.paymentStatus,
  amountPaid: team.amountPaid,
  amountRefunded: team.amountRefunded,
  currency: team.currency,
});

/** The policy's amount for a captain withdrawing at `at` (what is already refunded or on its way counts). */
export async function policyAmount(refunds: Refunds, executor: Db | Tx, team: TeamRow, tournament: TournamentRow, at: Date) {
  const paid = team.amountPaid ?? 0;
  return refundFor({
    paidMinor: paid,
    refundedMinor: paid - (await refunds.leftToRefund(executor, team)),
    startsAt: tournament.tournamentDate,
    at,
    reason: 'withdrawal',
  });
}

/** Writes the organizer's refund into the audit log once the refund row exists (its `onIssued`). */
export function auditRefund(now: () => Date, actor: Actor, team: TeamRow, reason: string) {
  return async (tx: Tx, refund: typeof refundTable.$inferSelect) =>
    recordAudit(
      tx,
      actor,
      {
        action: 'team.refund',
        targetType: 'team',
        targetId: team.id,
        tournamentId: team.tournamentId,
        before: moneyOf(team),
        after: { refundId: refund.id, amount: fromMinorUnits(refund.amount), kind: refund.kind },
        reason,
      },
      now(),
    );
}

/**
 * An organizer refunding a team by the published policy or by a chosen amount. Every amount by the
 * policy comes from `refundFor`, so what the dialog shows is what goes back. (Removing a team is
 * teams/removal.ts; cancelling a tournament, tournaments/cancellation.ts.)
 */
export function createOrganizerRefunds(db: Db, refunds: Refunds, now: () => Date) {
  async function teamAndTournament(teamId: string) {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound('Team');
    const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, team.tournamentId));
    return { team, tournament };
  }

  return {
    /** What the refund dialog shows before the organizer confirms: the policy's amount and what is left. */
    async quote(teamId: string): Promise<{ policyAmount: string; left: string; currency: string; explanation: string }> {
      const { team, tournament } = await teamAndTournament(teamId);
      const decision = await policyAmount(refunds, db, team, tournament, now());
      return {
        policyAmount: fromMinorUnits(decision.amountMinor),
        left: fromMinorUnits(await refunds.leftToRefund(db, team)),
        currency: team.currency,
        explanation: decision.explanation,
      };
    },

    /** By the policy when no amount is given, or a custom amount up to what is left. */
    async refundTeam(teamId: string, { amount, reason }: { amount?: string; reason: string }, actor: Actor): Promise<Refund> {
      const { team, tournament } = await teamAndTournament(teamId);
      if (!team.amountPaid) throw conflict(msg('This team has not paid anything to refund'));
      let minor: number;
      if (amount === undefined) {
        const decision = await policyAmount(refunds, db, team, tournament, now());
        if (decision.amountMinor === 0)
          throw conflict(withValues(msg('Nothing to refund by the policy. {explanation}.'), { explanation: decision.explanation }, ['explanation']));
        minor = decision.amountMinor;
      } else {
        minor = toMinorUnits(amount);
        if (minor === 0) throw new AppError('validation', msg('Enter an amount above 0'), [{ path: 'amount', message: msg('Enter an amount above 0') }]);
      }
      const refund = await refunds.issue({
        team,
        amount: minor,
        kind: amount === undefined ? 'withdrawal' : 'custom',
        reason,
        requestedBy: actor.username,
        // Each request is its own refund, its key stored before the provider is asked; the team row's
        // lock keeps them together within what was paid.
        idempotencyKey: `team-refund:${team.id}:${crypto.randomUUID()}`,
        onIssued: auditRefund(now, actor, team, reason),
      });
      return toRefund(refund, team.name);
    },
  };
}

export type OrganizerRefunds = ReturnType<typeof createOrganizerRefunds>;
