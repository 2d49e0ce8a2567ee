import { eq } from 'drizzle-orm';
import type { AdminSiteSettings, SettingsChecklistItem, SiteSettings, SiteSettingsInput } from '../../shared/schemas/site.js';
import { sourceLocale } from '../../shared/i18n/locales.js';
import { defaultTimeZone } from '../../shared/time-zones.js';
import { placeholderSettings } from '../../shared/site-defaults.js';
import { defaultMapPool } from '../../shared/schemas/match.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db, Tx } from '../db/client.js';
import { siteSettings } from '../db/schema.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';

/**
 * The site settings: the organizer's values from the admin, stored in the database, over
 * the environment's first values. GET /api/site, the served HTML, the legal pages and the contact
 * mail all read them here.
 */
export function createSiteSettings(db: Db, { firstValues, now, events }: { firstValues: Omit<SiteSettings, 'mapPool' | 'defaultLanguage' | 'timeZone'>; now: () => Date; events: EventHub }) {
  const announce = afterCommit(requireEventHub(events, 'createSiteSettings'));
  async function stored(executor: Db | Tx = db): Promise<Partial<SiteSettingsInput>> {
    const [row] = await executor.select({ values: siteSettings.values }).from(siteSettings).where(eq(siteSettings.id, 1));
    return row?.values ?? {};
  }

  const merge = (values: Partial<SiteSettingsInput>): SiteSettings => {
    const links = values.socialLinks ?? firstValues.socialLinks;
    const discordInviteUrl = values.discordInviteUrl ?? firstValues.discordInviteUrl;
    return {
      ...firstValues,
      siteName: values.siteName ?? firstValues.siteName,
      discordInviteUrl,
      supportEmail: values.supportEmail ?? firstValues.supportEmail,
      // The footer's Discord link is the invite: one value, not two to keep in step.
      socialLinks: { youtube: links.youtube, twitch: links.twitch, tiktok: links.tiktok, discord: discordInviteUrl },
      generalRules: values.generalRules ?? firstValues.generalRules,
      organizerName: values.organizerName !== undefined ? values.organizerName : firstValues.organizerName,
      organizerContact: values.organizerContact !== undefined ? values.organizerContact : firstValues.organizerContact,
      mapPool: values.mapPool ?? [...defaultMapPool],
      defaultLanguage: values.defaultLanguage ?? sourceLocale,
      timeZone: values.timeZone ?? defaultTimeZone,
    };
  };

  return {
    /** What every page shows; `executor`: inside a transaction (the embedded database has one connection). */
    read: async (executor: Db | Tx = db): Promise<SiteSettings> => merge(await stored(executor)),

    /** The admin's form values, and the checklist of what still has its placeholder (or nothing). */
    async readForAdmin(): Promise<AdminSiteSettings> {
      const site = merge(await stored());
      const { youtube, twitch, tiktok } = site.socialLinks;
      const values: SiteSettingsInput = {
        siteName: site.siteName,
        discordInviteUrl: site.discordInviteUrl,
        supportEmail: site.supportEmail,
        socialLinks: { youtube, twitch, tiktok },
        generalRules: site.generalRules,
        organizerName: site.organizerName,
        organizerContact: site.organizerContact,
        mapPool: site.mapPool,
        defaultLanguage: site.defaultLanguage,
        timeZone: site.timeZone,
      };
      return { values, unset: unsetItems(values) };
    },

    /**
     * Whether this input changes where mail goes: the support address (the contact form's messages and
     * the replies to captains' mail) or the organizer contact (data requests on the legal pages).
     * Payments are not routed by a setting (the provider's keys are the environment's).
     */
    async changesMailRouting(input: SiteSettingsInput): Promise<boolean> {
      const current = merge(await stored());
      return mailRoutingFields.some((field) => (current[field] ?? null) !== (input[field] ?? null));
    },

    /** Saves every field of the form; from now on these win over the environment. */
    async update(input: SiteSettingsInput, actor: Actor): Promise<AdminSiteSettings> {
      const at = now();
      const saved = await announce(db.transaction(async (tx) => {
        const previous = await stored(tx);
        const before = merge(previous);
        // A form without the map pool, the language or the time zone keeps the one stored.
        const values: SiteSettingsInput = {
          ...input,
          mapPool: input.mapPool ?? previous.mapPool,
          defaultLanguage: input.defaultLanguage ?? previous.defaultLanguage,
          timeZone: input.timeZone ?? previous.timeZone,
        };
        for (const key of ['mapPool', 'defaultLanguage', 'timeZone'] as const) if (values[key] === undefined) delete values[key];
        await tx
          .insert(siteSettings)
          .values({ id: 1, values, updatedAt: at })
          .onConflictDoUpdate({ target: siteSettings.id, set: { values, updatedAt: at } });
        await recordAudit(tx, actor, { action: 'settings.update', before: changedFields(before, values, 'before'), after: changedFields(before, values, 'after') }, at);
        return values;
      }));
      return { values: { ...saved, mapPool: saved.mapPool ?? [...defaultMapPool], defaultLanguage: saved.defaultLanguage ?? sourceLocale, timeZone: saved.timeZone ?? defaultTimeZone }, unset: unsetItems(saved) };
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettings>;

/** The settings that say where mail to or about people goes: changing one needs a fresh code (settings-routes.ts). */
export const mailRoutingFields = ['supportEmail', 'organizerContact'] as const satisfies readonly (keyof SiteSettingsInput & keyof SiteSettings)[];

function unsetItems(values: SiteSettingsInput): SettingsChecklistItem[] {
  const unset: SettingsChecklistItem[] = [];
  if (values.discordInviteUrl === placeholderSettings.discordInviteUrl) unset.push('discordInviteUrl');
  if (values.supportEmail === placeholderSettings.supportEmail) unset.push('supportEmail');
  const placeholders = Object.values(placeholderSettings.socialLinks) as string[];
  if (Object.values(values.socialLinks).some((link) => placeholders.includes(link))) unset.push('socialLinks');
  if (!values.organizerName) unset.push('organizerName');
  if (!values.organizerContact) unset.push('organizerContact');
  return unset;
}

/** Only the fields that changed, so the Activity tab says what the organizer did. */
function changedFields(before: SiteSettings, after: SiteSettingsInput, side: 'before' | 'after'): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof SiteSettingsInput)[]) {
    const old = key === 'socialLinks' ? { youtube: before.socialLinks.youtube, twitch: before.socialLinks.twitch, tiktok: before.socialLinks.tiktok } : before[key];
    if (JSON.stringify(old) !== JSON.stringify(after[key])) changed[key] = side === 'before' ? old : after[key];
  }
  return changed;
}
