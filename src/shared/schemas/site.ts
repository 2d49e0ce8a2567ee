import { z } from 'zod';

export const siteSettingsSchema = z.object({
  siteName: z.string(),
  game: z.string(),
  discordInviteUrl: z.string(),
  supportEmail: z.string(),
  paymentMode: z.enum(['stripe', 'demo']),
  socialLinks: z.object({ youtube: z.string(), twitch: z.string(), tiktok: z.string(), discord: z.string() }),
  organizerName: z.string().nullable(),
  organizerContact: z.string().nullable(),
  retention: z.object({ contactDays: z.number(), personalDataDays: z.number() }),
  mailConfigured: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
