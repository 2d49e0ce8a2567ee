import { and, eq, isNull, or } from 'drizzle-orm';
import { slugify, withSuffix } from '../../shared/slug.js';
import type { Db, Tx } from '../db/client.js';
import { tournamentOldSlugs, tournaments } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { msg } from '../../shared/i18n/msg.js';

type Executor = Db | Tx;

export const slugTakenMessage = msg('Another tournament already uses this address');
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `slug` is some other tournament's, now or before (an old link must keep leading to the cup it named). */
async function isTaken(executor: Executor, slug: string, tournamentId: string | null): Promise<boolean> {
  const [current] = await executor.select({ id: tournaments.id }).from(tournaments).where(eq(tournaments.slug, slug));
  if (current && current.id !== tournamentId) return true;
  const [old] = await executor.select({ id: tournamentOldSlugs.tournamentId }).from(tournamentOldSlugs).where(eq(tournamentOldSlugs.slug, slug));
  return !!old && old.id !== tournamentId;
}

/** A new tournament's slug: the organizer's choice (refused when taken), or its name's, numbered when that is taken. */
export async function slugForNew(executor: Executor, name: string, chosen: string | null | undefined): Promise<string> {
  if (chosen) {
    if (await isTaken(executor, chosen, null)) throw slugTaken();
    return chosen;
  }
  const stem = slugify(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? stem : withSuffix('', stem, `-${n}`);
    if (!(await isTaken(executor, candidate, null))) return candidate;
  }
}

/**
 * The organizer gives the tournament a new address: the old one is kept in tournament_old_slugs so its
 * links redirect. Going back to an address it had before takes that one out of the old ones.
 */
export async function changeSlug(tx: Tx, tournamentId: string, from: string, to: string, at: Date): Promise<void> {
  if (from === to) return;
  if (await isTaken(tx, to, tournamentId)) throw slugTaken();
  await tx.delete(tournamentOldSlugs).where(eq(tournamentOldSlugs.slug, to));
  await tx.insert(tournamentOldSlugs).values({ slug: from, tournamentId, replacedAt: at }).onConflictDoNothing();
}

/** What an id or a slug (current or old) names: the tournament's id and current slug, or null (none, or deleted). */
export async function resolveTournament(executor: Executor, idOrSlug: string): Promise<{ id: string; slug: string } | null> {
  const live = isNull(tournaments.deletedAt);
  const matches = uuidPattern.test(idOrSlug) ? or(eq(tournaments.id, idOrSlug.toLowerCase()), eq(tournaments.slug, idOrSlug)) : eq(tournaments.slug, idOrSlug);
  const [direct] = await executor.select({ id: tournaments.id, slug: tournaments.slug }).from(tournaments).where(and(live, matches));
  if (direct) return direct;
  const [old] = await executor
    .select({ id: tournaments.id, slug: tournaments.slug })
    .from(tournamentOldSlugs)
    .innerJoin(tournaments, eq(tournaments.id, tournamentOldSlugs.tournamentId))
    .where(and(live, eq(tournamentOldSlugs.slug, idOrSlug)));
  return old ?? null;
}

function slugTaken() {
  return new AppError('conflict', slugTakenMessage, [{ path: 'slug', message: slugTakenMessage }]);
}

/**
 * Two tournaments given the same address at the same moment both pass the check; the unique index
 * refuses the second: the organizer is told the address is taken, as when the check catches it.
 */
export function slugRaceToConflict(error: unknown): never {
  // The slug is the only unique index a tournament's creation or edit can hit.
  if (isUniqueViolation(error)) throw slugTaken();
  throw error;
}
