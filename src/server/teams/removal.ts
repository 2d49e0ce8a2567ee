import { eq } from 'drizzle-orm';
import type { Refund } from '../../shared/schemas/refund.js';
import type { TeamStatus } from '../../shared/schemas/team.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { teams, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { conflict, notFound } from '../http/errors.js';
import { auditRefund, moneyOf, policyAmount } from '../payments/organizer-refunds.js';
import { toRefund, type Refunds } from '../payments/refunds.js';
import { lockTeam } from './lifecycle/spots.js';
import { removeTeams } from './lifecycle/transitions.js';
import { msg } from '../../shared/i18n/msg.js';

/** An organizer takes a team out of its tournament, with the refund they choose (policy, full or none). */
export function createTeamRemoval(db: Db, refunds: Refunds, now: () => Date, events: EventHub) {
  requireEventHub(events, 'createTeamRemoval');
  return {
    /**
     * Takes a team out of its tournament (it gives up its spot) and, in the same transaction,
     * requests the refund chosen; it is sent once committed (or by the sweep after a crash).
     */
    async remove(
      teamId: string,
      { refund, reason }: { refund: 'policy' | 'full' | 'none'; reason: string },
      actor: Actor,
    ): Promise<{ status: TeamStatus; refund: Refund | null }> {
      const [found] = await db
        .select({ tournament: tournaments })
        .from(teams)
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .where(eq(teams.id, teamId));
      const tournament = found?.tournament;
      if (!tournament) throw notFound('Team');
      const { removed, owed } = await events.transaction(db, async (tx) => {
        const before = (await lockTeam(tx, teamId))!;
        const [team] = await removeTeams(tx, { teamId }, now());
        if (!team) throw conflict(msg('This team is no longer in the tournament'));
        // Once committed: the public pages drop the team, and the waitlist offers its spot.
        await events.emit(tx, 'publicDataChanged', {});
        await events.emit(tx, 'teamRemoved', { teamId: team.id, tournamentId: team.tournamentId });
        await recordAudit(
          tx,
          actor,
          {
            action: 'team.remove',
            targetType: 'team',
            targetId: team.id,
            tournamentId: team.tournamentId,
            before: moneyOf(before),
            after: { ...moneyOf(team), refund },
            reason,
          },
          now(),
        );
        const left = team.amountPaid ? await refunds.leftToRefund(tx, team) : 0;
        const amount = refund === 'none' || left === 0 ? 0 : refund === 'full' ? left : (await policyAmount(refunds, tx, team, tournament, now())).amountMinor;
        if (amount === 0) return { removed: team, owed: null };
        const row = await refunds.request(tx, {
          team,
          amount,
          kind: refund === 'full' ? 'custom' : 'withdrawal',
          reason,
          requestedBy: actor.username,
          idempotencyKey: `remove:${team.id}`,
          onIssued: auditRefund(now, actor, team, reason),
        });
        return { removed: team, owed: row };
      });
      if (!owed) return { status: removed.paymentStatus, refund: null };
      const row = await refunds.sendIfRequested(owed);
      const [after] = await db.select({ status: teams.paymentStatus }).from(teams).where(eq(teams.id, removed.id));
      return { status: after.status, refund: toRefund(row, removed.name) };
    },
  };
}

export type TeamRemoval = ReturnType<typeof createTeamRemoval>;
