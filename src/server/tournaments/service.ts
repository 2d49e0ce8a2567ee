import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { closeInPastMessage, closesInPast, type Tournament, type TournamentValues } from '../../shared/schemas/tournament.js';
import { recordAudit, type Actor, type AuditRecord } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { champions, tournaments } from '../db/schema.js';
import { phaseOf } from '../../shared/tournament-phase.js';
import { AppError, notFound } from '../http/errors.js';
import { countHeld } from '../teams/lifecycle/spots.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';
import { publicPrizesOf } from '../prizes/service.js';
import { bracketProgress, closeRegistration, createDraft, makeLive, markDeleted, openRegistration } from './phase.js';

type Row = typeof tournaments.$inferSelect;

export function toTournament(row: Row): Tournament {
  return {
    id: row.id,
    name: row.name,
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
  };
}

export function createTournamentService(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createTournamentService'));
  return {
    async list(): Promise<Tournament[]> {
      const rows = await db.select().from(tournaments).where(live).orderBy(desc(tournaments.createdAt));
      return rows.map(toTournament);
    },

    async active(): Promise<Tournament | null> {
      const [row] = await db.select().from(tournaments).where(and(live, eq(tournaments.status, 'active')));
      if (!row) return null;
      const tournament = toTournament(row);
      const progress = await bracketProgress(db, row.id);
      // The phase the public pages show, with the champion once the final is confirmed (the bracket writes that row).
      const [champion] =
        progress === 'decided'
          ? await db.select({ teamName: champions.teamName }).from(champions).where(and(eq(champions.tournamentId, row.id), eq(champions.placement, 1))).limit(1)
          : [];
      return { ...tournament, hasBracket: progress !== 'none', bracketProgress: progress, phase: phaseOf(tournament, now(), progress), champion: champion ?? null, prizes: await publicPrizesOf(db, row.id) };
    },

    async get(id: string): Promise<Tournament> {
      const [row] = await db.select().from(tournaments).where(and(live, eq(tournaments.id, id)));
      if (!row) throw notFound('Tournament');
      return toTournament(row);
    },

    /** New tournaments start as drafts (phase.ts `createDraft`): nothing is sold before the organizer says so. */
    async create(values: TournamentValues, actor: Actor): Promise<Tournament> {
      if (closesInPast(values, now())) throw new AppError('validation', closeInPastMessage, [{ path: 'registrationCloses', message: closeInPastMessage }]);
      return announce(db.transaction(async (tx) => {
        const created = toTournament(await createDraft(tx, toColumns(values)));
        await audit(tx, actor, { action: 'tournament.create', after: created }, created.id);
        return created;
      }));
    },

    /**
     * Max teams may not drop below the spots already held. The tournament row is locked (by
     * `change`); a registration's claim (lifecycle/spots.ts `registerWithSpot`) updates that row, so it waits and
     * then claims against the new limit: no captain can take a spot between the count and the update.
     */
    async update(id: string, values: TournamentValues, actor: Actor): Promise<Tournament> {
      return change(id, actor, 'tournament.update', async (tx) => {
        const held = await countHeld(tx, id, now());
        if (values.maxTeams < held) {
          const message = `${held} ${held === 1 ? 'team already holds' : 'teams already hold'} a spot: max teams cannot be lower than ${held}`;
          throw new AppError('conflict', message, [{ path: 'maxTeams', message }]);
        }
        return tx.update(tournaments).set({ ...toColumns(values), updatedAt: now() }).where(eq(tournaments.id, id)).returning();
      });
    },

    async setRegistration(id: string, isOpen: boolean, actor: Actor): Promise<Tournament> {
      return change(id, actor, 'tournament.registration', (tx) => (isOpen ? openRegistration(tx, id, now()) : closeRegistration(tx, id, now())));
    },

    /** Makes one tournament the live one; the previous one goes inactive in the same transaction. */
    async setActive(id: string, actor: Actor): Promise<Tournament> {
      return announce(db.transaction(async (tx) => {
        // Two organizers setting different tournaments live at once take turns (one live at a time is a unique index).
        await tx.execute(sql`select pg_advisory_xact_lock(${SET_ACTIVE_LOCK})`);
        const [target] = await tx.select().from(tournaments).where(and(live, eq(tournaments.id, id))).for('no key update');
        if (!target) throw notFound('Tournament');
        const updated = toTournament(await makeLive(tx, id, now()));
        await audit(tx, actor, { action: 'tournament.set_live', before: toTournament(target), after: updated }, id);
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
      const after = toTournament(row);
      await audit(tx, actor, { action, before: toTournament(before), after }, id);
      return after;
    }));
  }
}

export type TournamentService = ReturnType<typeof createTournamentService>;
