import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Refund } from '../../shared/schemas/refund.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { refunds as refundTable, teams, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { conflict, notFound } from '../http/errors.js';
import { auditRefund } from '../payments/organizer-refunds.js';
import { toRefund, type Refunds } from '../payments/refunds.js';
import { isCancelled } from '../../shared/tournament-phase.js';
import { removeTeams } from '../teams/lifecycle/transitions.js';
import { markCancelled } from './phase.js';
import { withValues } from '../http/message-values.js';
import { msg } from '../../shared/i18n/msg.js';

/** An organizer cancels a tournament: every team out, every paid team refunded in full. */
export function createTournamentCancellation(db: Db, refunds: Refunds, now: () => Date, events: EventHub) {
  requireEventHub(events, 'createTournamentCancellation');
  return {
    /**
     * Cancels a tournament: registration closes for good, every team gives up its place, and each
     * paid team is refunded what is left of its payment, in full, once; the refunds are requested in
     * the cancelling transaction and sent once it has committed (or by the sweep after a crash).
     * Sending it again (or twice at once) refunds nobody twice, and asks again for the refunds the
     * provider refused before.
     */
    async cancel(tournamentId: string, { reason }: { reason: string }, actor: Actor): Promise<{ refunds: Refund[] }> {
      const owed = await events.transaction(db, async (tx) => {
        const [before] = await tx
          .select()
          .from(tournaments)
          .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)))
          .for('no key update');
        if (!before) throw notFound('Tournament');
        if (!isCancelled(before)) {
          const after = await markCancelled(tx, tournamentId, now());
          const removed = await removeTeams(tx, { tournamentId }, now());
          // Told inside the transaction, with the teams it took out: their captains' mail is queued with it.
          await events.emit(tx, 'tournamentCancelled', { tournament: after, removed, reason });
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
          const row = await refunds.request(tx, {
            team,
            amount: left,
            kind: 'cancellation',
            reason,
            requestedBy: actor.username,
            idempotencyKey: key,
            onIssued: auditRefund(now, actor, team, reason),
          });
          rows.push({ row, teamName: team.name });
        }
        await events.emit(tx, 'publicDataChanged', {});
        return rows;
      });
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
      if (n > 0)
        throw conflict(
          withValues(msg('Cancel the tournament first: {count, plural, =1 {{count} team has} other {{count} teams have}} paid'), { count: String(n) }),
        );
    },
  };
}

export type TournamentCancellation = ReturnType<typeof createTournamentCancellation>;
