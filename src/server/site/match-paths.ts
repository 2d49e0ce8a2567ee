import { matchIdOf } from '../../shared/paths.js';
import { idSchema } from '../../shared/schemas/common.js';
import { AppError } from '../http/errors.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from './public-reads.js';

/** Whether a path is a match page for no match (/matches/made-up): it answers 404, as an unknown cup does. */
export async function isMissingMatchPath(url: string, cache: ReadCache, reads: PublicReads): Promise<boolean> {
  const matchId = matchIdOf(url.split('?')[0]);
  if (matchId === undefined) return false;
  if (!idSchema.safeParse(matchId).success) return true;
  try {
    await cache.json(reads.match(matchId));
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return true;
    throw error;
  }
}
