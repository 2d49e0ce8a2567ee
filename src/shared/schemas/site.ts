import { z } from 'zod';
import { isWebUrl, optionalText, text } from './common.js';
import { locales } from '../i18n/locales.js';
import { mapPoolSchema } from './match.js';

/** The site as every page reads it (GET /api/site): the organizer's settings over the environment's first values. */
export const siteSettingsSchema = z.object({
  siteName: z.string(),
  game: z.string(),
  discordInviteUrl: z.string(),
  supportEmail: z.string(),
  paymentMode: z.enum(['stripe', 'demo']),
  /** An empty link is one the organizer does not have: the footer leaves it out. */
  socialLinks: z.object({ youtube: z.string(), twitch: z.string(), tiktok: z.string(), discord: z.string() }),
  /** The general rules shown on /rules, one rule per line. */
  generalRules: z.string(),
  organizerName: z.string().nullable(),
  organizerContact: z.string().nullable(),
  retention: z.object({ contactDays: z.number(), personalDataDays: z.number() }),
  mailConfigured: z.boolean(),
  /** Step 2 connects the captain's Discord account (DISCORD_CLIENT_ID and the rest set); otherwise the invite link. */
  discordConnect: z.boolean(),
  /** The default map pool of every tournament that has none of its own. */
  mapPool: z.array(z.string()),
  /** The site's language for a visitor whose browser asks for none it offers, and for Discord posts. */
  defaultLanguage: z.enum(locales),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const webUrl = (label: string) =>
  text(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(300, `${label} must be at most 300 characters`)
    .refine(isWebUrl, `${label} must be a web address starting with https://`);

/** A social link the organizer may leave empty: an organizer without TikTok should not invent one; an empty link is not shown. */
const optionalWebUrl = (label: string) =>
  text()
    .trim()
    .max(300, `${label} must be at most 300 characters`)
    .refine((value) => value === '' || isWebUrl(value), `${label} must be a web address starting with https://`)
    .default('');

/** What the organizer edits in the admin (PUT /api/admin/settings), with GET /api/site's field names. */
export const siteSettingsInputSchema = z.object({
  siteName: text('Site name is required').trim().min(1, 'Site name is required').max(60, 'Site name must be at most 60 characters'),
  discordInviteUrl: webUrl('Discord invite URL'),
  supportEmail: text('Support e-mail is required').trim().pipe(z.email('Support e-mail must be an e-mail address').max(200, 'Support e-mail must be at most 200 characters')),
  socialLinks: z.object({ youtube: optionalWebUrl('YouTube link'), twitch: optionalWebUrl('Twitch link'), tiktok: optionalWebUrl('TikTok link') }),
  generalRules: text('General rules are required').trim().min(1, 'General rules are required').max(5000, 'General rules must be at most 5000 characters'),
  organizerName: optionalText(200, 'Organizer name must be at most 200 characters'),
  organizerContact: optionalText(200, 'Organizer contact must be at most 200 characters'),
  /** The default map pool; absent: unchanged (a form that does not show it keeps it). */
  mapPool: mapPoolSchema.optional(),
  /** The site's default language; absent: unchanged. */
  defaultLanguage: z.enum(locales, 'Choose one of the offered languages').optional(),
});
export type SiteSettingsInput = z.infer<typeof siteSettingsInputSchema>;

/** The settings still at their placeholder: what the admin's checklist asks the organizer to set. */
export const settingsChecklistItems = ['discordInviteUrl', 'supportEmail', 'socialLinks', 'organizerName', 'organizerContact'] as const;
export type SettingsChecklistItem = (typeof settingsChecklistItems)[number];

/** The organizer's view: the values in the form, and which of them are still unset. */
export const adminSiteSettingsSchema = z.object({
  values: z.object({
    siteName: z.string(),
    discordInviteUrl: z.string(),
    supportEmail: z.string(),
    socialLinks: z.object({ youtube: z.string(), twitch: z.string(), tiktok: z.string() }),
    generalRules: z.string(),
    organizerName: z.string().nullable(),
    organizerContact: z.string().nullable(),
    mapPool: z.array(z.string()).optional(),
    defaultLanguage: z.enum(locales).optional(),
  }),
  unset: z.array(z.enum(settingsChecklistItems)),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
