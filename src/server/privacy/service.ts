import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { fromMinorUnits } from '../../shared/money.js';
import type { Db } from '../db/client.js';
import { auditLog, champions, contactMessages, demoPayments, demoRefunds, outbox, refunds, rosterChanges, teamMembers, teams, tournaments, type ErasureReason } from '../db/schema.js';
import { recordAudit, type Actor } from '../audit/log.js';
import { conflict, notFound } from '../http/errors.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import type { ObjectStorage } from '../uploads/storage.js';
import { mustWithdrawBeforeErasure } from '../teams/lifecycle/erasure.js';
import { registrationsOfLineage } from '../teams/register-again.js';
import { eraseTeamRows } from './erasure.js';
import { msg } from '../../shared/i18n/msg.js';

const day = 86_400_000;

export interface Retention {
  contactDays: number;
  personalDataDays: number;
}

/**
 * Columns that say nothing about the person and only serve the site: secrets' hashes, keys that
 * make a retry safe or a name unique, queue positions and delivery counters.
 */
const internalColumns = new Set(['ownerTokenHash', 'teamLinkHash', 'clientSecret', 'idempotencyKey', 'dedupeKey', 'nameKey', 'riotIdKey', 'waitlistOrder', 'released', 'refundsFail', 'attempts', 'actorId', 'requestId']);
/** Stored in cents; a person reads 50.00. */
const moneyColumns = new Set(['amount', 'amountPaid', 'amountRefunded']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * Rows as stored, minus the internal columns; dates as ISO strings, amounts as decimals, also inside
 * the activity log's before and after.
 */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => !internalColumns.has(key))
      .map(([key, value]) => [
        key,
        value instanceof Date ? value.toISOString() : moneyColumns.has(key) && typeof value === 'number' ? fromMinorUnits(value) : isRecord(value) ? plain(value) : value,
      ]),
  );
}

/** What each part of the export holds, in the file itself: it is read by a person, not a program. */
export const exportGuide = {
  about:
    "Everything this site stores about one team, its players and its captain, and nothing of any other team. Dates and times are in UTC (ISO 8601); amounts are in the tournament's currency.",
  tournament: 'The tournament the team registered for.',
  cups: 'Every cup this team registered for (registered again from a team page): each is its own registration, with its own payment and data; this file holds the data of the one marked thisRegistration.',
  team: "The team as registered: its name, the captain's contacts (with the Discord account's id when the captain connected one), its status and payment, check-in, and what the captain agreed to and when.",
  players: 'The roster: each player’s Riot ID and role, in roster order.',
  payments: 'Entry-fee payments taken by the demo payment provider (empty when card payments go through Stripe, which keeps its own records).',
  refunds: 'Refunds of the entry fee: the amount, the reason, who asked for it and where it stands.',
  providerRefunds: 'The same refunds as the demo payment provider recorded them.',
  champions: "The team's entries in the hall of fame.",
  rosterChanges: 'Changes to the roster after registration: before, after, and who made them.',
  mailSent: 'The e-mail the site sent about the team, as it was sent.',
  activity: "What the organizers and the captain did to the team, from the site's activity log.",
};

/**
 * A team's personal data on request and by the retention policy: the export a captain (or the
 * owner, for a request by e-mail) downloads, the erasure that keeps only what accounting needs,
 * and the periodic sweep that deletes what is past its period.
 */
export function createPrivacyService({ db, storage, now, retention, events }: { db: Db; storage: ObjectStorage; now: () => Date; retention: Retention; events: EventHub }) {
  requireEventHub(events, 'createPrivacyService');
  async function loadTeam(teamId: string) {
    const [row] = await db
      .select({ team: teams, tournamentDate: tournaments.tournamentDate, tournamentName: tournaments.name })
      .from(teams)
      .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
      .where(eq(teams.id, teamId));
    if (!row) throw notFound('Team');
    return row;
  }

  /** Erases one team in its own transaction; the logo goes from storage after the commit. */
  async function erase(teamId: string, actor: Actor, reason: ErasureReason): Promise<void> {
    const at = now();
    const objectKeys = await db.transaction(async (tx) => {
      const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
      if (!team) throw notFound('Team');
      if (team.erasedAt) return [];
      const [tournament] = await tx.select({ tournamentDate: tournaments.tournamentDate }).from(tournaments).where(eq(tournaments.id, team.tournamentId));
      // The retention period ends long after the tournament: nothing is held any more.
      if (reason === 'request' && mustWithdrawBeforeErasure(team, tournament, at)) {
        throw conflict(msg('This team still holds its spot: withdraw it (or remove it) before erasing its data'));
      }
      const keys = await eraseTeamRows(tx, team, { at, reason });
      // With the account read before it was cleared: the cup's Discord role is taken from it (events/listeners.ts).
      await events.emit(tx, 'teamErased', { teamId: team.id, tournamentId: team.tournamentId, discordUserId: team.discordUserId });
      await recordAudit(tx, actor, { action: 'team.erase', targetType: 'team', targetId: team.id, tournamentId: team.tournamentId }, at);
      return keys;
    });
    for (const key of objectKeys) await storage.delete(key).catch(() => undefined);
    await events.emitCommitted('publicDataChanged', {});
  }

  return {
    /** Everything stored about one team, its players and its captain, and nothing of any other team. */
    async exportTeam(teamId: string, actor: Actor) {
      const { team, tournamentName, tournamentDate } = await loadTeam(teamId);
      const [members, teamRefunds, payments, championRows, audit, changes, mail, registrations] = await Promise.all([
        db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId)).orderBy(asc(teamMembers.position)),
        db.select().from(refunds).where(eq(refunds.teamId, teamId)).orderBy(asc(refunds.createdAt)),
        db.select().from(demoPayments).where(eq(demoPayments.teamId, teamId)).orderBy(asc(demoPayments.createdAt)),
        db.select().from(champions).where(eq(champions.teamId, teamId)),
        db.select().from(auditLog).where(and(eq(auditLog.targetType, 'team'), eq(auditLog.targetId, teamId))).orderBy(asc(auditLog.id)),
        db.select().from(rosterChanges).where(eq(rosterChanges.teamId, teamId)).orderBy(asc(rosterChanges.at)),
        // By team, not by address: a captain of two teams gets each team's mail in that team's export.
        db.select().from(outbox).where(eq(outbox.teamId, teamId)).orderBy(asc(outbox.createdAt)),
        registrationsOfLineage(db, team),
      ]);
      const paymentIds = payments.map((p) => p.id);
      const demoRefundRows = paymentIds.length ? await db.select().from(demoRefunds).where(inArray(demoRefunds.paymentId, paymentIds)) : [];
      await recordAudit(db, actor, { action: 'team.export', targetType: 'team', targetId: teamId, tournamentId: team.tournamentId }, now());
      return {
        guide: exportGuide,
        exportedAt: now().toISOString(),
        tournament: { id: team.tournamentId, name: tournamentName, date: tournamentDate.toISOString() },
        // The cups only: another registration's personal data is in its own export.
        cups: registrations.map((row) => ({
          tournamentId: row.team.tournamentId,
          tournamentName: row.tournamentName,
          tournamentDate: row.tournamentDate.toISOString(),
          teamId: row.team.id,
          status: row.team.paymentStatus,
          registeredAt: row.team.createdAt.toISOString(),
          erased: row.team.erasedAt !== null,
          thisRegistration: row.team.id === teamId,
        })),
        team: plain(team),
        players: members.map(plain),
        payments: payments.map(plain),
        refunds: teamRefunds.map(plain),
        providerRefunds: demoRefundRows.map(plain),
        champions: championRows.map(plain),
        rosterChanges: changes.map(plain),
        mailSent: mail.map(plain),
        activity: audit.map((entry) => plain(entry)),
      };
    },

    /** A captain's or the owner's request: refused while the team still holds a spot in a tournament to come. */
    eraseTeam: (teamId: string, actor: Actor) => erase(teamId, actor, 'request'),

    /**
     * The retention policy: contact messages past their period are deleted; the teams of a
     * tournament whose date is past the personal-data period are erased (figures kept), and the
     * sweep says so (the cup's Discord channels go with it: events/listeners.ts).
     */
    async sweepRetention(actor: Actor): Promise<{ contactMessages: number; teams: number }> {
      const at = now();
      const deleted = await db
        .delete(contactMessages)
        .where(lt(contactMessages.createdAt, new Date(at.getTime() - retention.contactDays * day)))
        .returning({ id: contactMessages.id });
      const cupsHeldBefore = new Date(at.getTime() - retention.personalDataDays * day);
      const due = await db
        .select({ id: teams.id })
        .from(teams)
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .where(and(isNull(teams.erasedAt), lt(tournaments.tournamentDate, cupsHeldBefore)));
      for (const { id } of due) await erase(id, actor, 'retention');
      await events.emitCommitted('retentionSwept', { cupsHeldBefore: cupsHeldBefore.toISOString() });
      return { contactMessages: deleted.length, teams: due.length };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
