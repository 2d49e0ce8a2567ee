import { z } from 'zod';
import { idSchema } from './common.js';
import { paymentStatuses, rosterFormSchema } from './team.js';
import { msg } from '../i18n/msg.js';

/**
 * POST /api/manage/{id}/register-again: the same team (name, logo, captain) for another cup, its
 * roster as it was unless `roster` changes it. A full cup is refused unless `joinWaitlist` asks
 * for its waitlist instead. Consent is given again: the new registration is its own.
 */
export const registerAgainSchema = z.object({
  tournamentId: idSchema,
  roster: rosterFormSchema.optional(),
  joinWaitlist: z.boolean({ error: msg('joinWaitlist must be true or false') }).optional(),
  acceptedTerms: z.boolean({ error: msg('acceptedTerms must be true or false') }).optional(),
  ageConfirmed: z.boolean({ error: msg('ageConfirmed must be true or false') }).optional(),
});
export type RegisterAgainInput = z.input<typeof registerAgainSchema>;

/** The new registration: its own id, hold and team link (`manageUrl`, shown once); on a waitlist, its place. */
export const registerAgainResultSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  holdExpiresAt: z.string().nullable(),
  waitlistPosition: z.number().nullable(),
  manageUrl: z.string(),
});
export type RegisterAgainResult = z.infer<typeof registerAgainResultSchema>;

/** A cup open for registration now that this team is not already in: one click each. */
export const cupToRegisterAgainSchema = z.object({
  id: z.string(),
  name: z.string(),
  tournamentDate: z.string(),
  entryFee: z.string(),
  currency: z.string(),
  spotsLeft: z.number(),
  /** Every spot taken: registering again joins its waitlist. */
  isFull: z.boolean(),
});
export type CupToRegisterAgain = z.infer<typeof cupToRegisterAgainSchema>;
export const cupsToRegisterAgainSchema = z.object({ cups: z.array(cupToRegisterAgainSchema) });

/** Said when a full cup is asked without its waitlist: the client offers the waitlist on this field. */
export const cupFullMessage = msg('This tournament is full: join its waitlist to be offered a spot that frees');
