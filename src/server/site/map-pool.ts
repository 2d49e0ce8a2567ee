import { eq } from 'drizzle-orm';
import { defaultMapPool } from '../../shared/schemas/match.js';
import type { Db, Tx } from '../db/client.js';
import { siteSettings } from '../db/schema.js';

/**
 * The site's default map pool: the organizer's (site settings `mapPool`), else the game's
 * competitive pool. Read straight from the settings row so the services that need it (a
 * tournament's effective pool, a result's map names, the veto) do not depend on the settings service.
 */
export async function siteMapPool(executor: Db | Tx): Promise<string[]> {
  const [row] = await executor.select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.values.mapPool ?? [...defaultMapPool];
}

/** A tournament's pool as its vetoes and results use it: its own, else the site's. */
export async function effectiveMapPool(executor: Db | Tx, tournament: { mapPool: string[] | null }): Promise<string[]> {
  return tournament.mapPool ?? (await siteMapPool(executor));
}
