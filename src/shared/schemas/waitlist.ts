import { z } from 'zod';

/** POST /api/tournaments/{id}/waitlist: the waiting team, its place, and the captain's private team link. */
export const waitlistJoinedSchema = z.object({
  id: z.string(),
  position: z.number(),
  manageUrl: z.string(),
});
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** GET /api/tournaments/{id}/waitlist (organizer): the waiting teams in order. */
export const waitlistEntrySchema = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  captainDiscord: z.string(),
  captainRiotId: z.string(),
  captainEmail: z.string().nullable(),
  waitlistedAt: z.string(),
  offeredAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** waiting: no offer yet; offered: a spot is kept for it until offerExpiresAt; lapsed: not claimed in time (passes on at the next sweep). */
  offer: z.enum(['waiting', 'offered', 'lapsed']),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
