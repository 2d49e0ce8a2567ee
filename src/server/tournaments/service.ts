import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { closeInPastMessage, closesInPast, type OpenTournament, type Tournament, type TournamentValues } from '../../shared/schemas/tournament.js';
import { recordAudit, type Actor, type AuditRecord } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { brackets, champions, tournaments } from '../db/schema.js';
import { phaseOf } from '../../shared/tournament-phase.js';
import { computeCapacity } from '../../shared/capacity.js';
import { AppError, notFound } from '../http/errors.js';
import { countHeld } from '../teams/lifecycle/spots.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';
import { siteMapPool } from '../site/map-pool.js';
import { changeSlug, slugForNew, slugRaceToConflict } from './slugs.js';
import { bracketProgress, closeRegistration, progressOfBracket, createDraft, makeFeatured, markDeleted, openRegistration, takesRegistrationsSql } from './phase.js';
import { publicPrizesOf } from '../prizes/service.js';
import { withValues } from '../http/message-values.js';
import { msg } from '../../shared/i18n/msg.js';

type Row = typeof tournaments.$inferSelect;

/** `sitePool`: the site's default map pool (site/map-pool.ts), for a tournament without its own. */
export function toTournament(row: Row, sitePool: string[]): Tournament {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    streamUrl: row.streamUrl,
    description: row.description,
    format: row.format,
    prizePool: row.prizePool,
    entryFee: row.entryFee,
    currency: row.currency as Tournament['currency'],
    maxTeams: row.maxTeams,
    registrationCloses: row.registrationCloses.toISOString(),
    tournamentDate: row.tournamentDate.toISOString(),
    rules: row.rules,
    registrationOpen: row.registrationOpen,
    status: row.status as Tournament['status'],
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    rosterLocksAt: row.rosterLocksAt?.toISOString() ?? null,
    checkInEnabled: row.checkInEnabled,
    checkInOpensAt: row.checkInOpensAt?.toISOString() ?? null,
    checkInClosesAt: row.checkInClosesAt?.toISOString() ?? null,
    mapPool: row.mapPool ?? sitePool,
    hasOwnMapPool: row.mapPool !== null,
    scoringRule: row.scoringRule,
    vetoTurnSeconds: row.vetoTurnSeconds,
    selfReporting: row.selfReporting,
    reportConfirmMinutes: row.reportConfirmMinutes,
    noShowMinutes: row.noShowMinutes,
    createdAt: row.createdAt.toISOString(),
  };
}

const live = isNull(tournaments.deletedAt);
// Any fixed number, distinct from the migration lock.
const SET_ACTIVE_LOCK = 724_312;

function toColumns(values: TournamentValues) {
  return {
    name: values.name,
    description: values.description,
    format: values.format,
    prizePool: values.prizePool,
    entryFee: values.entryFee,
    currency: values.currency,
    maxTeams: values.maxTeams,
    registrationCloses: new Date(values.registrationCloses),
    tournamentDate: new Date(values.tournamentDate),
    rules: values.rules,
    rosterLocksAt: values.rosterLocksAt ? new Date(values.rosterLocksAt) : null,
    checkInEnabled: values.checkInEnabled ?? true,
    checkInOpensAt: values.checkInOpensAt ? new Date(values.checkInOpensAt) : null,
    checkInClosesAt: values.checkInClosesAt ? new Date(values.checkInClosesAt) : null,
    // Absent: the column's default on a new tournament, unchanged on an edit (a form that does not show them keeps them).
    ...(values.scoringRule !== undefined ? { scoringRule: values.scoringRule } : {}),
    ...(values.vetoTurnSeconds !== undefined ? { vetoTurnSeconds: values.vetoTurnSeconds } : {}),
    // Absent from a change that does not send it (an older form): kept.
    ...(values.streamUrl !== undefined ? { streamUrl: values.streamUrl } : {}),
    ...(values.selfReporting !== undefined ? { selfReporting: values.selfReporting } : {}),
    ...(values.reportConfirmMinutes !== undefined ? { reportConfirmMinutes: values.reportConfirmMinutes } : {}),
    ...(values.noShowMinutes !== undefined ? { noShowMinutes: values.noShowMinutes } : {}),
  };
}

export function createTournamentService(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createTournamentService'));
  return {
    /** Each with how far its bracket went (the organizer's list offers what a finished cup allows, e.g. cleaning up Discord). */
    async list(): Promise<Tournament[]> {
      const rows = await db
        // The bracket's key too: drizzle reads a joined object whose columns are all null as no row.
        .select({ row: tournaments, bracket: { tournamentId: brackets.tournamentId, confirmedAt: brackets.confirmedAt } })
        .from(tournaments)
        .leftJoin(brackets, eq(brackets.tournamentId, tournaments.id))
        .where(live)
        .orderBy(desc(tournaments.createdAt));
      const pool = await siteMapPool(db);
      return rows.map(({ row, bracket }) => ({ ...toTournament(row, pool), bracketProgress: progressOfBracket(bracket) }));
    },

    async active(): Promise<Tournament | null> {
      const [row] = await db.select().from(tournaments).where(and(live, eq(tournaments.status, 'active')));
      if (!row) return null;
      const tournament = toTournament(row, await siteMapPool(db));
      const progress = await bracketProgress(db, row.id);
      // The phase the public pages show, with the champion once the final is confirmed (the bracket writes that row).
      const [champion] =
        progress === 'decided'
          ? await db.select({ teamName: champions.teamName }).from(champions).where(and(eq(champions.tournamentId, row.id), eq(champions.placement, 1))).limit(1)
          : [];
      return { ...tournament, hasBracket: progress !== 'none', bracketProgress: progress, phase: phaseOf(tournament, now(), progress), champion: champion ?? null, prizes: await publicPrizesOf(db, row) };
    },

    /** Every tournament taking registrations now (featured or not), soonest first, with its spots left. */
    async open(): Promise<OpenTournament[]> {
      const at = now();
      const rows = await db.select().from(tournaments).where(takesRegistrationsSql(at)).orderBy(tournaments.tournamentDate, tournaments.createdAt);
      const pool = await siteMapPool(db);
      return Promise.all(
        rows.map(async (row) => ({ ...toTournament(row, pool), spotsLeft: computeCapacity(await countHeld(db, row.id, at), row.maxTeams).spotsLeft })),
      );
    },

    async get(id: string): Promise<Tournament> {
      const [row] = await db.select().from(tournaments).where(and(live, eq(tournaments.id, id)));
      if (!row) throw notFound('Tournament');
      return toTournament(row, await siteMapPool(db));
    },

    /** New tournaments start as drafts (phase.ts `createDraft`): nothing is sold before the organizer says so. */
    async create(values: TournamentValues, actor: Actor): Promise<Tournament> {
      if (closesInPast(values, now())) throw new AppError('validation', closeInPastMessage, [{ path: 'registrationCloses', message: closeInPastMessage }]);
      return announce(
        db
          .transaction(async (tx) => {
            const slug = await slugForNew(tx, values.name, values.slug);
            const created = toTournament(await createDraft(tx, { ...toColumns(values), slug }), await siteMapPool(tx));
            await audit(tx, actor, { action: 'tournament.create', after: created }, created.id);
            return created;
          })
          .catch(slugRaceToConflict),
      );
    },

    /**
     * Max teams may not drop below the spots already held. The tournament row is locked (by
     * `change`); a registration's claim (lifecycle/spots.ts `registerWithSpots`) updates that row, so it waits and
     * then claims against the new limit: no captain can take a spot between the count and the update.
     */
    async update(id: string, values: TournamentValues, actor: Actor): Promise<Tournament> {
      return change(id, actor, 'tournament.update', async (tx) => {
        const held = await countHeld(tx, id, now());
        if (values.maxTeams < held) {
          const message = withValues(
            msg('{count, plural, =1 {{count} team already holds} other {{count} teams already hold}} a spot: max teams cannot be lower than {count}'),
            { count: String(held) },
          );
          throw new AppError('conflict', message, [{ path: 'maxTeams', message }]);
        }
        // The name may change; the address only when the organizer changes it (the old one then redirects).
        const [{ slug: current }] = await tx.select({ slug: tournaments.slug }).from(tournaments).where(eq(tournaments.id, id));
        const slug = values.slug ?? current;
        await changeSlug(tx, id, current, slug, now());
        return tx.update(tournaments).set({ ...toColumns(values), slug, updatedAt: now() }).where(eq(tournaments.id, id)).returning();
      }).catch(slugRaceToConflict);
    },

    async setRegistration(id: string, isOpen: boolean, actor: Actor): Promise<Tournament> {
      return change(id, actor, 'tournament.registration', (tx) => (isOpen ? openRegistration(tx, id, now()) : closeRegistration(tx, id, now())));
    },

    /** Features one tournament; the previously featured one stops being featured in the same transaction and keeps its registration. */
    async setActive(id: string, actor: Actor): Promise<Tournament> {
      return announce(db.transaction(async (tx) => {
        // Two organizers featuring different tournaments at once take turns (one featured at a time is a unique index).
        await tx.execute(sql`select pg_advisory_xact_lock(${SET_ACTIVE_LOCK})`);
        const [target] = await tx.select().from(tournaments).where(and(live, eq(tournaments.id, id))).for('no key update');
        if (!target) throw notFound('Tournament');
        const pool = await siteMapPool(tx);
        const updated = toTournament(await makeFeatured(tx, id, now()), pool);
        await audit(tx, actor, { action: 'tournament.set_live', before: toTournament(target, pool), after: updated }, id);
        return updated;
      }));
    },

    /** Soft delete: teams and payments keep pointing at it. */
    async remove(id: string, actor: Actor): Promise<void> {
      await change(id, actor, 'tournament.delete', (tx) => markDeleted(tx, id, now()));
    },
  };

  function audit(tx: Tx, actor: Actor, record: Omit<AuditRecord, 'targetType' | 'targetId' | 'tournamentId'>, id: string) {
    return recordAudit(tx, actor, { ...record, targetType: 'tournament', targetId: id, tournamentId: id }, now());
  }

  /**
   * One write to a live tournament, its row locked, recorded with what it was before and after.
   * NO KEY UPDATE, as lifecycle/spots.ts locks it: a registration inserting its team is not held up.
   */
  async function change(id: string, actor: Actor, action: AuditRecord['action'], write: (tx: Tx) => Promise<Row[]>): Promise<Tournament> {
    return announce(db.transaction(async (tx) => {
      const [before] = await tx.select().from(tournaments).where(and(live, eq(tournaments.id, id))).for('no key update');
      if (!before) throw notFound('Tournament');
      const [row] = await write(tx);
      const pool = await siteMapPool(tx);
      const after = toTournament(row, pool);
      await audit(tx, actor, { action, before: toTournament(before, pool), after }, id);
      return after;
    }));
  }
}

export type TournamentService = ReturnType<typeof createTournamentService>;
