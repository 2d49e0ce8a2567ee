import crypto from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits } from '../../shared/money.js';
import type { Refund } from '../../shared/schemas/refund.js';
import type { TeamStatus } from '../../shared/schemas/team.js';
import { refundFor } from '../../shared/refunds.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { refunds as refundTable, teams, tournaments } from '../db/schema.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { lockTeam } from '../teams/lifecycle/spots.js';
import { removeTeams } from '../teams/lifecycle/transitions.js';
import { toRefund, type Refunds } from './refunds.js';
import { noPublicReads, type PublicDataChanged } from '../http/public-data.js';

type TeamRow = typeof teams.$inferSelect;

/**
 * A team as the audit log keeps it around a refund or removal. No name: the audit log is
 * append-only and must hold nothing an erasure has to remove (ids only).
 */
const moneyOf = (team: TeamRow) => ({ status: team.paymentStatus, amountPaid: team.amountPaid, amountRefunded: team.amountRefunded, currency: team.currency });

/** Told inside the cancelling transaction, with the teams it took out (mail/captain-mail.ts tells their captains). */
export type OnTournamentCancelled = (tx: Tx, tournament: typeof tournaments.$inferSelect, removed: TeamRow[], reason: string) => Promise<void>;

/**
 * What an organizer does with entry fees: refund a team by the published policy or by a chosen
 * amount, take a team out with a refund choice, cancel a tournament (every paid team refunded in
 * full). Every amount by the policy comes from `refundFor`, so what the dialog shows is what goes
 * back.
 */
export function createOrganizerRefunds(
  db: Db,
  refunds: Refunds,
  now: () => Date,
  onCancelled: OnTournamentCancelled = async () => {},
  // A removal gave a spot up: the waitlist offers it (waitlist/service.ts).
  onSpotFreed: (tournamentId: string) => Promise<unknown> = async () => {},
  publicDataChanged: PublicDataChanged = noPublicReads,
) {
  async function teamAndTournament(teamId: string) {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound('Team');
    const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, team.tournamentId));
    return { team, tournament };
  }

  /** The policy's amount for a captain withdrawing now (what is already refunded or on its way counts). */
  async function policyAmount(executor: Db | Tx, team: TeamRow, tournament: typeof tournaments.$inferSelect) {
    const paid = team.amountPaid ?? 0;
    return refundFor({ paidMinor: paid, refundedMinor: paid - (await refunds.leftToRefund(executor, team)), startsAt: tournament.tournamentDate, at: now(), reason: 'withdrawal' });
  }

  function auditRefund(actor: Actor, team: TeamRow, reason: string) {
    return async (tx: Tx, refund: typeof refundTable.$inferSelect) =>
      recordAudit(
        tx,
        actor,
        { action: 'team.refund', targetType: 'team', targetId: team.id, tournamentId: team.tournamentId, before: moneyOf(team), after: { refundId: refund.id, amount: fromMinorUnits(refund.amount), kind: refund.kind }, reason },
        now(),
      );
  }

  return {
    /** What the refund dialog shows before the organizer confirms: the policy's amount and what is left. */
    async quote(teamId: string): Promise<{ policyAmount: string; left: string; currency: string; explanation: string }> {
      const { team, tournament } = await teamAndTournament(teamId);
      const decision = await policyAmount(db, team, tournament);
      return { policyAmount: fromMinorUnits(decision.amountMinor), left: fromMinorUnits(await refunds.leftToRefund(db, team)), currency: team.currency, explanation: decision.explanation };
    },

    /** By the policy when no amount is given, or a custom amount up to what is left. */
    async refundTeam(teamId: string, { amount, reason }: { amount?: string; reason: string }, actor: Actor): Promise<Refund> {
      const { team, tournament } = await teamAndTournament(teamId);
      if (!team.amountPaid) throw conflict('This team has not paid anything to refund');
      let minor: number;
      if (amount === undefined) {
        const decision = await policyAmount(db, team, tournament);
        if (decision.amountMinor === 0) throw conflict(`Nothing to refund by the policy. ${decision.explanation}.`);
        minor = decision.amountMinor;
      } else {
        minor = toMinorUnits(amount);
        if (minor === 0) throw new AppError('validation', 'Enter an amount above 0', [{ path: 'amount', message: 'Enter an amount above 0' }]);
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
        onIssued: auditRefund(actor, team, reason),
      });
      return toRefund(refund, team.name);
    },

    /**
     * Takes a team out of its tournament (it gives up its spot) and, in the same transaction,
     * requests the refund chosen; it is sent once committed (or by the sweep after a crash).
     */
    async removeTeam(teamId: string, { refund, reason }: { refund: 'policy' | 'full' | 'none'; reason: string }, actor: Actor): Promise<{ status: TeamStatus; refund: Refund | null }> {
      const { tournament } = await teamAndTournament(teamId);
      const { removed, owed } = await db.transaction(async (tx) => {
        const before = (await lockTeam(tx, teamId))!;
        const [team] = await removeTeams(tx, { teamId }, now());
        if (!team) throw conflict('This team is no longer in the tournament');
        await recordAudit(tx, actor, { action: 'team.remove', targetType: 'team', targetId: team.id, tournamentId: team.tournamentId, before: moneyOf(before), after: { ...moneyOf(team), refund }, reason }, now());
        const left = team.amountPaid ? await refunds.leftToRefund(tx, team) : 0;
        const amount = refund === 'none' || left === 0 ? 0 : refund === 'full' ? left : (await policyAmount(tx, team, tournament)).amountMinor;
        if (amount === 0) return { removed: team, owed: null };
        const row = await refunds.request(tx, {
          team,
          amount,
          kind: refund === 'full' ? 'custom' : 'withdrawal',
          reason,
          requestedBy: actor.username,
          idempotencyKey: `remove:${team.id}`,
          onIssued: auditRefund(actor, team, reason),
        });
        return { removed: team, owed: row };
      });
      publicDataChanged();
      await onSpotFreed(removed.tournamentId);
      if (!owed) return { status: removed.paymentStatus, refund: null };
      const row = await refunds.sendIfRequested(owed);
      const [after] = await db.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, removed.id));
      return { status: after.status, refund: toRefund(row, removed.name) };
    },

    /**
     * Cancels a tournament: registration closes for good, every team gives up its place, and each
     * paid team is refunded what is left of its payment, in full, once; the refunds are requested in
     * the cancelling transaction and sent once it has committed (or by the sweep after a crash).
     * Sending it again (or twice at once) refunds nobody twice, and asks again for the refunds the
     * provider refused before.
     */
    async cancelTournament(tournamentId: string, { reason }: { reason: string }, actor: Actor): Promise<{ refunds: Refund[] }> {
      const owed = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(tournaments).where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt))).for('no key update');
        if (!before) throw notFound('Tournament');
        if (!before.cancelledAt) {
          const [after] = await tx.update(tournaments).set({ cancelledAt: now(), registrationOpen: false, updatedAt: now() }).where(eq(tournaments.id, tournamentId)).returning();
          const removed = await removeTeams(tx, { tournamentId }, now());
          await onCancelled(tx, after, removed, reason);
          await recordAudit(
            tx,
            actor,
            {
              action: 'tournament.cancel',
              targetType: 'tournament',
              targetId: tournamentId,
              tournamentId,
              before: { name: before.name, registrationOpen: before.registrationOpen, cancelledAt: null },
              after: { name: after.name, registrationOpen: false, cancelledAt: after.cancelledAt, teamsRemoved: removed.length },
              reason,
            },
            now(),
          );
        }
        const paid = await tx
          .select()
          .from(teams)
          .where(and(eq(teams.tournamentId, tournamentId), isNotNull(teams.paymentRef), gt(teams.amountPaid, teams.amountRefunded)))
          .orderBy(asc(teams.createdAt))
          .for('update');
        const rows: { row: typeof refundTable.$inferSelect; teamName: string }[] = [];
        for (const team of paid) {
          const left = await refunds.leftToRefund(tx, team);
          // A refund the provider refused is asked again under a new key; one on its way is left alone.
          const [{ failed }] = await tx
            .select({ failed: sql<number>`count(*)::int` })
            .from(refundTable)
            .where(and(eq(refundTable.teamId, team.id), eq(refundTable.kind, 'cancellation'), eq(refundTable.status, 'failed')));
          const key = `cancel:${tournamentId}:${team.id}:${failed}`;
          if (left === 0) {
            const [existing] = await tx.select().from(refundTable).where(eq(refundTable.idempotencyKey, key));
            if (existing) rows.push({ row: existing, teamName: team.name });
            continue;
          }
          const row = await refunds.request(tx, { team, amount: left, kind: 'cancellation', reason, requestedBy: actor.username, idempotencyKey: key, onIssued: auditRefund(actor, team, reason) });
          rows.push({ row, teamName: team.name });
        }
        return rows;
      });
      publicDataChanged();
      const issued: Refund[] = [];
      for (const { row, teamName } of owed) issued.push(toRefund(await refunds.sendIfRequested(row), teamName));
      return { refunds: issued };
    },

    /** Deleting would keep captains' money by accident: refused while any team has paid and not been refunded. */
    async assertNoMoneyHeld(tournamentId: string): Promise<void> {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(teams)
        .where(and(eq(teams.tournamentId, tournamentId), gt(teams.amountPaid, teams.amountRefunded)));
      if (n > 0) throw conflict(`Cancel the tournament first: ${n} ${n === 1 ? 'team has' : 'teams have'} paid`);
    },
  };
}

export type OrganizerRefunds = ReturnType<typeof createOrganizerRefunds>;
