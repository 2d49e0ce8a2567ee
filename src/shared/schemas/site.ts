import { z } from 'zod';

export const siteSettingsSchema = z.object({
  siteName: z.string(),
  game: z.string(),
  discordInviteUrl: z.string(),
  supportEmail: z.string(),
  paymentMode: z.enum(['stripe', 'demo']),
  socialLinks: z.object({ youtube: z.string(), twitch: z.string(), tiktok: z.string(), discord: z.string() }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
