import { z } from 'zod';
import { isWebUrl, optionalText, text } from './common.js';
import { locales } from '../i18n/locales.js';
import { mapPoolSchema } from './match.js';
import { isTimeZone } from '../time-zones.js';
import { msg } from '../i18n/msg.js';

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
  /** The organizer's time zone (IANA): tournament times are shown in it beside the visitor's own. */
  timeZone: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** A link field's messages, each written out whole (with the field's name) so the catalogs have it. */
interface WebUrlMessages {
  required: string;
  tooLong: string;
  notWebAddress: string;
}

const webUrl = (messages: WebUrlMessages) =>
  text(messages.required).trim().min(1, messages.required).max(300, messages.tooLong).refine(isWebUrl, messages.notWebAddress);

/** A social link the organizer may leave empty: an organizer without TikTok should not invent one; an empty link is not shown. */
const optionalWebUrl = (messages: Omit<WebUrlMessages, 'required'>) =>
  text()
    .trim()
    .max(300, messages.tooLong)
    .refine((value) => value === '' || isWebUrl(value), messages.notWebAddress)
    .default('');

/** What the organizer edits in the admin (PUT /api/admin/settings), with GET /api/site's field names. */
export const siteSettingsInputSchema = z.object({
  siteName: text(msg('Site name is required')).trim().min(1, msg('Site name is required')).max(60, msg('Site name must be at most 60 characters')),
  discordInviteUrl: webUrl({
    required: msg('Discord invite URL is required'),
    tooLong: msg('Discord invite URL must be at most 300 characters'),
    notWebAddress: msg('Discord invite URL must be a web address starting with https://'),
  }),
  supportEmail: text(msg('Support e-mail is required')).trim().pipe(z.email(msg('Support e-mail must be an e-mail address')).max(200, msg('Support e-mail must be at most 200 characters'))),
  socialLinks: z.object({
    youtube: optionalWebUrl({ tooLong: msg('YouTube link must be at most 300 characters'), notWebAddress: msg('YouTube link must be a web address starting with https://') }),
    twitch: optionalWebUrl({ tooLong: msg('Twitch link must be at most 300 characters'), notWebAddress: msg('Twitch link must be a web address starting with https://') }),
    tiktok: optionalWebUrl({ tooLong: msg('TikTok link must be at most 300 characters'), notWebAddress: msg('TikTok link must be a web address starting with https://') }),
  }),
  generalRules: text(msg('General rules are required')).trim().min(1, msg('General rules are required')).max(5000, msg('General rules must be at most 5000 characters')),
  organizerName: optionalText(200, msg('Organizer name must be at most 200 characters')),
  organizerContact: optionalText(200, msg('Organizer contact must be at most 200 characters')),
  /** The default map pool; absent: unchanged (a form that does not show it keeps it). */
  mapPool: mapPoolSchema.optional(),
  /** The site's default language; absent: unchanged. */
  defaultLanguage: z.enum(locales, msg('Choose one of the offered languages')).optional(),
  /** The organizer's time zone; absent: unchanged. */
  timeZone: text(msg('Choose a time zone from the list')).refine(isTimeZone, msg('Choose a time zone from the list')).optional(),
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
    timeZone: z.string().optional(),
  }),
  unset: z.array(z.enum(settingsChecklistItems)),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;
