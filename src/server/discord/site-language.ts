import { eq } from 'drizzle-orm';
import { isLocale, sourceLocale, type Locale } from '../../shared/i18n/locales.js';
import type { Db } from '../db/client.js';
import { siteSettings } from '../db/schema.js';

/** The language of what the site posts on Discord: the site's default language (Settings), read when the post is written. */
export type DiscordLanguage = () => Promise<Locale>;

/**
 * The site's default language as the settings store it (site/settings.ts: the stored value, else
 * English); a database that cannot be read leaves the post in English.
 */
export function siteLanguageOf(db: Db): DiscordLanguage {
  return async () => {
    try {
      const [row] = await db.select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.id, 1));
      const value = row?.values.defaultLanguage;
      return isLocale(value) ? value : sourceLocale;
    } catch {
      return sourceLocale;
    }
  };
}
