import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { checkInStatusOf } from '../check-in/service.js';
import { lookAlikeKey } from '../../shared/look-alike.js';
import { refundFor, type RefundRule } from '../../shared/refunds.js';
import { fieldFixedMessages, isCancelled, isCancelledOrDeleted, isFieldFixed, isRosterLocked, phaseOf, rosterLocksAt, takesWithdrawals } from '../../shared/tournament-phase.js';
import type { TeamPageData } from '../../shared/schemas/team-page.js';
import type { RosterForm } from '../../shared/schemas/team.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { refunds as refundTable, rosterChanges, teamMembers, teams, tournaments, type RosterSnapshot } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { conflict, notFound } from '../http/errors.js';
import { toRefund, type Refunds } from '../payments/refunds.js';
import { findRosterConflict } from './lifecycle/roster.js';
import { holdsSpot, liveHold, notWithdrawn, offerLapsed, waiting } from './lifecycle/rules.js';
import { lockTeam } from './lifecycle/spots.js';
import { withdrawTeam } from './lifecycle/transitions.js';
import { bracketStandingOf } from './cup-standing.js';
import { bracketProgress } from '../tournaments/phase.js';
import { repeatedRiotIdError, repeatedRiotIdIndex, riotIdIndexOfKey, takenRiotIdError } from './roster-conflicts.js';
import { msg } from '../../shared/i18n/msg.js';

type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

const percentOf: Record<RefundRule, number> = { full: 100, half: 50, none: 0 };

/** One withdrawal refund per team: its key, so a second withdrawal finds the first's refund. */
const withdrawalRefundKey = (teamId: string) => `withdraw:${teamId}`;

/** A team still on the waitlist (its offer, if any, not lapsed by the clock): its captain may withdraw it (nothing was paid). */
function isWaiting(team: TeamRow, at: Date): boolean {
  return notWithdrawn.holds(team, at) && waiting.holds(team, at) && !offerLapsed.holds(team, at);
}

/** A team that holds its place: paid (in full or partly refunded), or unpaid with a live hold. */
function holdsPlace(team: TeamRow, at: Date): boolean {
  return notWithdrawn.holds(team, at) && holdsSpot.holds(team, at);
}

/** The captain, acting through the team link: the audit log names no person, only the team (its target). */
export const captainActor = (requestId: string): Actor => ({ userId: null, username: 'captain', requestId });

/** What the team page needs of the waitlist (waitlist/service.ts): where a waiting team stands. */
export interface WaitlistView {
  statusOf(team: TeamRow): Promise<NonNullable<TeamPageData['waitlist']>>;
}

/**
 * The captain's side after registration, behind the team link: the team page's view,
 * roster changes until the lock, and withdrawal with the refund the published policy gives.
 * Status changes go through lifecycle/transitions.ts; refunds through payments/refunds.ts.
 */
export function createTeamPageService(
  db: Db,
  refunds: Refunds,
  now: () => Date,
  { organizerName, events, waitlist }: { organizerName: () => Promise<string>; events: EventHub; waitlist?: WaitlistView },
) {
  requireEventHub(events, 'createTeamPageService');
  async function tournamentOf(team: TeamRow): Promise<TournamentRow> {
    const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, team.tournamentId));
    if (!tournament) throw notFound('Tournament');
    return tournament;
  }

  async function reload(teamId: string): Promise<TeamRow> {
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound('Team');
    return team;
  }

  async function rosterOf(teamId: string): Promise<RosterSnapshot> {
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)).orderBy(asc(teamMembers.position));
    return {
      players: members.filter((m) => m.role === 'Player').map((m) => m.riotId),
      substitutes: members.filter((m) => m.role === 'Substitute').map((m) => m.riotId),
    };
  }

  /** The policy's refund if the captain withdrew at `at`: what was already refunded or is on its way counts. */
  async function withdrawalQuote(executor: Db | Tx, team: TeamRow, tournament: TournamentRow, at: Date) {
    const paid = team.amountPaid ?? 0;
    const left = paid ? await refunds.leftToRefund(executor, team) : 0;
    return refundFor({ paidMinor: paid, refundedMinor: paid - left, startsAt: tournament.tournamentDate, at, reason: 'withdrawal' });
  }

  async function view(teamId: string): Promise<TeamPageData> {
    const team = await reload(teamId);
    const tournament = await tournamentOf(team);
    const at = now();
    const roster = await rosterOf(team.id);
    const refundRows = await db.select().from(refundTable).where(eq(refundTable.teamId, team.id)).orderBy(desc(refundTable.createdAt));
    const isHolding = holdsPlace(team, at);
    const bracket = await bracketProgress(db, tournament.id);
    const locksAt = rosterLocksAt(tournament);
    const isLocked = isRosterLocked(tournament, at, bracket);
    const quote = await withdrawalQuote(db, team, tournament, at);
    // Unpaid with a live hold, its place held: the captain may still pay.
    const mayPay = isHolding && liveHold.holds(team, at);
    return {
      id: team.id,
      name: team.name,
      status: team.paymentStatus,
      withdrawnAt: team.withdrawnAt?.toISOString() ?? null,
      createdAt: team.createdAt.toISOString(),
      captainRiotId: team.captainRiotId,
      captainDiscord: team.captainDiscord,
      captainEmail: team.captainEmail,
      players: roster.players,
      substitutes: roster.substitutes,
      tournament: {
        id: tournament.id,
        name: tournament.name,
        startsAt: tournament.tournamentDate.toISOString(),
        entryFee: tournament.entryFee,
        currency: tournament.currency,
        isCancelled: isCancelled(tournament),
      },
      organizerName: await organizerName(),
      payment: {
        amountPaid: team.amountPaid,
        amountRefunded: team.amountRefunded,
        currency: team.currency,
        paidAt: team.paidAt?.toISOString() ?? null,
        reference: team.paymentRef && team.amountPaid ? team.paymentRef : null,
        holdExpiresAt: mayPay ? (team.holdExpiresAt?.toISOString() ?? null) : null,
        canResume: mayPay && !isCancelledOrDeleted(tournament),
      },
      roster: { locksAt: locksAt.toISOString(), isLocked, canChange: isHolding && !isLocked },
      checkIn: checkInStatusOf(team, tournament, at, bracket),
      withdrawal: { canWithdraw: takesWithdrawals(bracket) && (isHolding || isWaiting(team, at)), refundAmount: quote.amountMinor, refundPercent: percentOf[quote.rule], explanation: quote.explanation },
      refunds: refundRows.map((row) => toRefund(row)),
      cup: {
        phase: phaseOf(tournament, at, bracket),
        isDrawn: isFieldFixed(bracket),
        bracket: isFieldFixed(bracket) ? await bracketStandingOf(db, tournament.id, team.id) : null,
      },
      waitlist: team.waitlistedAt && waitlist ? await waitlist.statusOf(team) : null,
    };
  }

  return {
    view,

    /**
     * Releases the spot at once and, in the same transaction, requests the refund the policy gives
     * at this moment: a crash after the commit leaves the refund requested, and the sweep sends it.
     * A second withdrawal changes nothing (it only sends again a refund the provider never answered).
     */
    async withdraw(teamId: string, actor: Actor): Promise<TeamPageData> {
      // Once committed: the public pages drop the team, and the waitlist offers its spot. Told again by a
      // repeated withdrawal: a crash after the first one's commit may have kept the spot from being offered.
      const withdrawn = (tx: Tx, team: TeamRow) =>
        events.emit(tx, 'publicDataChanged', {}).then(() => events.emit(tx, 'teamWithdrawn', { teamId, tournamentId: team.tournamentId }));
      const refund = await events.transaction(db, async (tx) => {
        const before = await lockTeam(tx, teamId);
        if (!before) throw notFound('Team');
        const [owed] = await tx.select().from(refundTable).where(eq(refundTable.idempotencyKey, withdrawalRefundKey(teamId)));
        if (before.withdrawnAt) {
          await withdrawn(tx, before);
          return owed ?? null;
        }
        const at = now();
        if (!holdsPlace(before, at) && !isWaiting(before, at)) throw conflict(msg('This team no longer holds a place in the tournament'));
        if (!takesWithdrawals(await bracketProgress(tx, before.tournamentId))) throw conflict(fieldFixedMessages.withdrawal);
        const after = await withdrawTeam(tx, teamId, at);
        if (!after) throw conflict(msg('This team no longer holds a place in the tournament'));
        await withdrawn(tx, after);
        await recordAudit(
          tx,
          actor,
          {
            action: 'team.withdraw',
            targetType: 'team',
            targetId: teamId,
            tournamentId: before.tournamentId,
            before: { status: before.paymentStatus, amountPaid: before.amountPaid, amountRefunded: before.amountRefunded, currency: before.currency },
            after: { status: after.paymentStatus },
          },
          at,
        );
        if (!after.amountPaid || !after.paymentRef) return null;
        const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, after.tournamentId));
        const { amountMinor } = await withdrawalQuote(tx, after, tournament, at);
        if (amountMinor === 0) return null;
        // The refund's e-mail goes when the provider's answer is recorded (payments/refunds.ts), as for every refund.
        return refunds.request(tx, { team: after, amount: amountMinor, kind: 'withdrawal', reason: 'The captain withdrew the team', requestedBy: 'captain', idempotencyKey: withdrawalRefundKey(teamId) });
      });
      if (refund) await refunds.sendIfRequested(refund);
      return view(teamId);
    },

    /**
     * Replaces players 2 to 5 and the substitutes, with registration's rules (one player, one team
     * per tournament), until the roster locks. Each change is recorded with before and after.
     */
    async changeRoster(teamId: string, input: RosterForm, actor: Actor): Promise<TeamPageData> {
      const team = await reload(teamId);
      const tournament = await tournamentOf(team);
      const at = now();
      if (!holdsPlace(team, at)) throw conflict(msg('This team no longer holds a place in the tournament'));
      const bracket = await bracketProgress(db, tournament.id);
      if (isFieldFixed(bracket)) throw conflict(fieldFixedMessages.roster);
      if (isRosterLocked(tournament, at)) throw conflict(msg('The roster is locked: Riot IDs can no longer be changed'));

      const after: RosterSnapshot = {
        players: [input.player2RiotId, input.player3RiotId, input.player4RiotId, input.player5RiotId],
        substitutes: [input.sub1RiotId, input.sub2RiotId].filter((id): id is string => !!id && id.trim() !== ''),
      };
      const all = [team.captainRiotId, ...after.players, ...after.substitutes];
      // The roster form's field of each entry of `all` (the captain is not on the form).
      const fields = [null, 'player2RiotId', 'player3RiotId', 'player4RiotId', 'player5RiotId', ...(['sub1RiotId', 'sub2RiotId'] as const).filter((f) => input[f]?.trim())];
      const fieldOf = (index: number) => fields[index] ?? null;
      const repeated = repeatedRiotIdIndex(all);
      if (repeated >= 0) throw repeatedRiotIdError(fieldOf(repeated) ?? 'players');
      const before = await rosterOf(team.id);
      if (JSON.stringify(before) === JSON.stringify(after)) return view(teamId);
      const taken = await findRosterConflict(db, { tournamentId: team.tournamentId, name: team.name, riotIds: all, exceptTeamId: team.id });
      if (taken?.kind === 'riotId') {
        const index = riotIdIndexOfKey(all, taken.key);
        throw takenRiotIdError(taken.riotId, fieldOf(index));
      }

      try {
        await events.transaction(db, async (tx) => {
          const [locked] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
          if (!holdsPlace(locked, now())) throw conflict(msg('This team no longer holds a place in the tournament'));
          if (isFieldFixed(await bracketProgress(tx, team.tournamentId))) throw conflict(fieldFixedMessages.roster);
          await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.role, 'Captain')));
          const rows = [
            ...after.players.map((riotId, index) => ({ riotId, role: 'Player', position: index + 1 })),
            ...after.substitutes.map((riotId, index) => ({ riotId, role: 'Substitute', position: 1 + after.players.length + index })),
          ].map((row) => ({ ...row, riotIdKey: lookAlikeKey(row.riotId) }));
          await tx.insert(teamMembers).values(rows.map((row) => ({ ...row, teamId, tournamentId: team.tournamentId })));
          const [change] = await tx
            .insert(rosterChanges)
            .values({ teamId, tournamentId: team.tournamentId, at, changedBy: actor.username, before, after })
            .returning({ id: rosterChanges.id });
          // The Riot IDs stay in roster_changes (erasable); the append-only log keeps only the change's id.
          await recordAudit(
            tx,
            actor,
            { action: 'team.roster_change', targetType: 'team', targetId: teamId, tournamentId: team.tournamentId, after: { rosterChangeId: change.id } },
            at,
          );
          // The public teams list shows the roster; the captain is mailed the change.
          await events.emit(tx, 'publicDataChanged', {});
          await events.emit(tx, 'rosterChanged', { teamId, rosterChangeId: change.id });
        });
      } catch (error) {
        // Another captain took one of these Riot IDs between the check and the write: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(msg('One of these Riot IDs is already on a team in this tournament'));
        throw error;
      }
      return view(teamId);
    },

    /** The organizer's view of a team's roster changes, newest first. */
    async rosterChangesOf(tournamentId: string) {
      const rows = await db.select().from(rosterChanges).where(eq(rosterChanges.tournamentId, tournamentId)).orderBy(desc(rosterChanges.at));
      return rows.map((row) => ({ id: row.id, teamId: row.teamId, at: row.at.toISOString(), changedBy: row.changedBy, before: row.before, after: row.after }));
    },
  };
}

export type TeamPageService = ReturnType<typeof createTeamPageService>;
