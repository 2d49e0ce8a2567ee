import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Champion, championInputSchema } from '../../shared/schemas/champion.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { champions } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';
import { msg } from '../../shared/i18n/msg.js';

type ChampionValues = z.output<typeof championInputSchema>;
type Row = typeof champions.$inferSelect;

function toChampion(row: Row): Champion {
  return {
    id: row.id,
    tournamentId: row.tournamentId,
    teamId: row.teamId,
    placement: row.placement,
    prizeAmount: row.prizeAmount,
    currency: row.currency as Champion['currency'],
    teamName: row.teamName,
    teamLogoUrl: row.teamLogoUrl,
    playerNames: row.playerNames,
    highlights: row.highlights,
    teamQuote: row.teamQuote,
    tournamentName: row.tournamentName,
    tournamentDate: row.tournamentDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A tournament or team id that points nowhere is the caller's mistake (400), not ours (foreign key violation). */
async function withKnownReferences<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23503') {
      throw new AppError('validation', msg('Unknown tournament or team'), [{ path: 'tournamentId', message: msg('Unknown tournament or team') }]);
    }
    throw error;
  }
}

const toColumns = (values: ChampionValues) => ({ ...values, tournamentDate: new Date(values.tournamentDate) });

/**
 * What the audit log keeps of a champion: no team name, players, quote or logo, which an erasure
 * must be able to remove from an append-only log. The Activity tab reads the current name by id.
 */
function auditedChampion(champion: Champion) {
  const { id, placement, prizeAmount, currency, tournamentId, tournamentName, tournamentDate, teamId, highlights } = champion;
  return { id, placement, prizeAmount, currency, tournamentId, tournamentName, tournamentDate, teamId, highlights: highlights.length };
}

export function createChampionService(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createChampionService'));
  return {
    /** Most recent tournament first. */
    async list(): Promise<Champion[]> {
      const rows = await db.select().from(champions).orderBy(desc(champions.tournamentDate), desc(champions.createdAt));
      return rows.map(toChampion);
    },

    async create(values: ChampionValues, actor: Actor): Promise<Champion> {
      return withKnownReferences(() =>
        announce(db.transaction(async (tx) => {
          const [row] = await tx.insert(champions).values(toColumns(values)).returning();
          const champion = toChampion(row);
          await recordAudit(tx, actor, { action: 'champion.create', targetType: 'champion', targetId: row.id, tournamentId: row.tournamentId, after: auditedChampion(champion) }, now());
          return champion;
        })),
      );
    },

    async update(id: string, values: ChampionValues, actor: Actor): Promise<Champion> {
      return withKnownReferences(() =>
        announce(db.transaction(async (tx) => {
          const [previous] = await tx.select().from(champions).where(eq(champions.id, id)).for('update');
          if (!previous) throw notFound('Champion');
          const [row] = await tx.update(champions).set(toColumns(values)).where(eq(champions.id, id)).returning();
          const champion = toChampion(row);
          await recordAudit(
            tx,
            actor,
            { action: 'champion.update', targetType: 'champion', targetId: id, tournamentId: row.tournamentId, before: auditedChampion(toChampion(previous)), after: auditedChampion(champion) },
            now(),
          );
          return champion;
        })),
      );
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await announce(db.transaction(async (tx) => {
        const [row] = await tx.delete(champions).where(eq(champions.id, id)).returning();
        if (!row) throw notFound('Champion');
        await recordAudit(tx, actor, { action: 'champion.delete', targetType: 'champion', targetId: id, tournamentId: row.tournamentId, before: auditedChampion(toChampion(row)) }, now());
      }));
    },
  };
}

export type ChampionService = ReturnType<typeof createChampionService>;
