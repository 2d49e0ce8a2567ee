import { and, asc, eq, isNull } from 'drizzle-orm';
import { fromMinorUnits, toMinorUnits } from '../../shared/money.js';
import { placementLabel, splitSumProblem, type PrizeList, type PrizeRecord, type PublicPrize } from '../../shared/schemas/prizes.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { tournamentPrizes, tournaments } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { afterCommit } from '../http/public-data.js';
import { withValues } from '../http/message-values.js';
import { msg } from '../../shared/i18n/msg.js';

type PrizeRow = typeof tournamentPrizes.$inferSelect;

/** A placement in a message: English's ordinal suffix (1st, 2nd…) from placementLabel; other languages write their own form of the number. */
const placementValues = (placement: number) => ({ placement: String(placement), suffix: placementLabel(placement).slice(String(placement).length) });

function toRecord(row: PrizeRow): PrizeRecord {
  return {
    placement: row.placement,
    amount: row.amount,
    payout:
      row.paidAt && row.recordedAt
        ? { paidTo: row.paidTo ?? '', paidAt: row.paidAt.toISOString(), method: row.paidMethod ?? '', reference: row.paidReference ?? '', recordedAt: row.recordedAt.toISOString() }
        : null,
  };
}

const prizeRows = (executor: Db | Tx, tournamentId: string) =>
  executor.select().from(tournamentPrizes).where(eq(tournamentPrizes.tournamentId, tournamentId)).orderBy(asc(tournamentPrizes.placement));

/** The split with its payouts, for the organizer (the finance view). */
export async function prizeRecordsOf(executor: Db | Tx, tournamentId: string): Promise<PrizeRecord[]> {
  return (await prizeRows(executor, tournamentId)).map(toRecord);
}

/**
 * The public side, on a tournament's read (the home page, the cup page): each placement's prize
 * and whether it was paid; never to whom or how. A split that no longer adds up to the pool (the
 * organizer changed the pool since) is not shown until the organizer splits the new pool.
 */
export async function publicPrizesOf(executor: Db | Tx, tournament: { id: string; prizePool: string; currency: string }): Promise<PublicPrize[]> {
  const rows = await prizeRows(executor, tournament.id);
  const prizes = rows.map((row) => ({ placement: row.placement, amount: fromMinorUnits(row.amount), paid: row.paidAt !== null }));
  return splitSumProblem(prizes, tournament.prizePool, tournament.currency) ? [] : prizes;
}

/**
 * Prizes on the books: the organizer splits the pool by placement (amounts that add up to it) and
 * records each payout once made by hand. The site never moves prize money; these rows are the
 * record the finance view and its CSV show.
 */
export function createPrizeService(db: Db, now: () => Date, events: EventHub) {
  const announce = afterCommit(requireEventHub(events, 'createPrizeService'));

  async function liveTournament(executor: Db | Tx, id: string) {
    const [tournament] = await executor.select().from(tournaments).where(and(eq(tournaments.id, id), isNull(tournaments.deletedAt)));
    if (!tournament) throw notFound('Tournament');
    return tournament;
  }

  async function list(executor: Db | Tx, tournamentId: string): Promise<PrizeList> {
    const tournament = await liveTournament(executor, tournamentId);
    const prizes = (await prizeRows(executor, tournamentId)).map(toRecord);
    const amounts = prizes.map((prize) => ({ amount: fromMinorUnits(prize.amount) }));
    return { tournamentId, prizePool: tournament.prizePool, currency: tournament.currency, prizes, problem: splitSumProblem(amounts, tournament.prizePool, tournament.currency) };
  }

  return {
    list: (tournamentId: string) => list(db, tournamentId),

    /**
     * Replaces the split. A placement already paid keeps its amount (the money went out); an empty
     * list removes the split while nothing is paid.
     */
    async setSplit(tournamentId: string, prizes: { placement: number; amount: string }[], actor: Actor): Promise<PrizeList> {
      return announce(
        db.transaction(async (tx) => {
          const [tournament] = await tx.select().from(tournaments).where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt))).for('update');
          if (!tournament) throw notFound('Tournament');
          const problem = splitSumProblem(prizes, tournament.prizePool, tournament.currency);
          if (problem) throw new AppError('validation', problem, [{ path: 'prizes', message: problem }]);
          const before = await prizeRows(tx, tournamentId);
          const next = new Map(prizes.map((prize) => [prize.placement, toMinorUnits(prize.amount)]));
          for (const paid of before.filter((row) => row.paidAt)) {
            if (next.get(paid.placement) !== paid.amount)
              throw conflict(
                withValues(
                  msg('The {placement}{suffix, select, st {st} nd {nd} rd {rd} other {th}} place prize is already paid: its amount cannot change'),
                  placementValues(paid.placement),
                ),
              );
          }
          const kept = new Map(before.map((row) => [row.placement, row]));
          await tx.delete(tournamentPrizes).where(eq(tournamentPrizes.tournamentId, tournamentId));
          if (next.size) {
            await tx.insert(tournamentPrizes).values(
              [...next].map(([placement, amount]) => {
                const old = kept.get(placement);
                return { tournamentId, placement, amount, paidTo: old?.paidTo ?? null, paidAt: old?.paidAt ?? null, paidMethod: old?.paidMethod ?? null, paidReference: old?.paidReference ?? null, recordedAt: old?.recordedAt ?? null };
              }),
            );
          }
          await recordAudit(
            tx,
            actor,
            {
              action: 'tournament.prize_split',
              targetType: 'tournament',
              targetId: tournamentId,
              tournamentId,
              before: before.map((row) => ({ placement: row.placement, amount: fromMinorUnits(row.amount) })),
              after: [...next].map(([placement, amount]) => ({ placement, amount: fromMinorUnits(amount) })),
            },
            now(),
          );
          return list(tx, tournamentId);
        }),
      );
    },

    /** Records (or corrects) the payout of one placement's prize. The audit log keeps the how and the reference, never the payee's name. */
    async recordPayout(tournamentId: string, placement: number, payout: { paidTo: string; paidAt: string; method: string; reference: string }, actor: Actor): Promise<PrizeList> {
      return announce(
        db.transaction(async (tx) => {
          await liveTournament(tx, tournamentId);
          const at = now();
          const [row] = await tx
            .update(tournamentPrizes)
            .set({ paidTo: payout.paidTo, paidAt: new Date(payout.paidAt), paidMethod: payout.method, paidReference: payout.reference, recordedAt: at })
            .where(and(eq(tournamentPrizes.tournamentId, tournamentId), eq(tournamentPrizes.placement, placement)))
            .returning();
          if (!row)
            throw new AppError(
              'not_found',
              withValues(msg('The {placement}{suffix, select, st {st} nd {nd} rd {rd} other {th}} place prize not found'), placementValues(placement)),
            );
          await recordAudit(
            tx,
            actor,
            { action: 'tournament.prize_payout', targetType: 'tournament', targetId: tournamentId, tournamentId, after: { placement, amount: fromMinorUnits(row.amount), method: payout.method, reference: payout.reference, paidAt: payout.paidAt } },
            at,
          );
          return list(tx, tournamentId);
        }),
      );
    },
  };
}

export type PrizeService = ReturnType<typeof createPrizeService>;
