import { z } from 'zod';
import { checkInStatusSchema } from './check-in-status.js';
import { refundSchema } from './refund.js';
import { paymentStatuses } from './team.js';
import { tournamentPhases } from '../tournament-phase.js';
import { inEnglish, type Translate } from '../in-english.js';

export const bracketResults = ['not_in_bracket', 'playing', 'eliminated', 'placed', 'champion'] as const;

/** Where the tournament is, and where this team stands in it: the team page follows it. */
export const cupStandingSchema = z.object({
  phase: z.enum(tournamentPhases),
  /** A bracket is drawn: check-in, roster changes and withdrawal have ended. */
  isDrawn: z.boolean(),
  /** The team in the bracket (null while none is drawn): out in `roundName`, or placed 1 to 4 (`placement`). */
  bracket: z.object({ result: z.enum(bracketResults), placement: z.number().nullable(), roundName: z.string().nullable() }).nullable(),
});
export type CupStanding = z.infer<typeof cupStandingSchema>;

/**
 * The captain's private team page (GET /api/manage/{id}, with the team link's key). Amounts are
 * in minor units of `currency`. Nothing here is public: the key is the proof of being the captain.
 */
export const teamPageDataSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(paymentStatuses),
  /** The captain withdrew the team (status removed or refunded). */
  withdrawnAt: z.string().nullable(),
  createdAt: z.string(),
  captainRiotId: z.string(),
  captainDiscord: z.string(),
  captainEmail: z.string().nullable(),
  /** Players 2 to 5, then the substitutes (0 to 2). */
  players: z.array(z.string()),
  substitutes: z.array(z.string()),
  tournament: z.object({
    id: z.string(),
    name: z.string(),
    startsAt: z.string(),
    entryFee: z.string(),
    currency: z.string(),
    isCancelled: z.boolean(),
  }),
  /** Who the captain paid: the site's (organizer's) name, for the receipt. */
  organizerName: z.string(),
  payment: z.object({
    amountPaid: z.number().nullable(),
    amountRefunded: z.number(),
    currency: z.string(),
    paidAt: z.string().nullable(),
    reference: z.string().nullable(),
    /** While the unpaid registration still holds its spot. */
    holdExpiresAt: z.string().nullable(),
    canResume: z.boolean(),
  }),
  roster: z.object({ locksAt: z.string(), isLocked: z.boolean(), canChange: z.boolean() }),
  /** Tournament day: the window, and whether this team has checked in (POST /api/manage/{id}/check-in). */
  checkIn: checkInStatusSchema,
  withdrawal: z.object({
    canWithdraw: z.boolean(),
    /** What the refund policy gives if the captain withdraws now, in minor units. */
    refundAmount: z.number(),
    /** 100, 50 or 0: the policy's share of what was paid. */
    refundPercent: z.number(),
    explanation: z.string(),
  }),
  refunds: z.array(refundSchema),
  cup: cupStandingSchema,
  /** The waitlist: the place in the queue while waiting, the offer while it can be claimed (POST /api/manage/{id}/claim-offer). */
  waitlist: z
    .object({
      position: z.number().nullable(),
      offerExpiresAt: z.string().nullable(),
      /** An offer was made and not claimed in time: it passed to the next team. */
      offerLapsed: z.boolean(),
      /** Registration is closed (also early): nothing is offered meanwhile; the place is kept should it reopen. */
      registrationClosed: z.boolean(),
    })
    .nullable(),
});
export type TeamPageData = z.infer<typeof teamPageDataSchema>;

export const withdrawResultSchema = z.object({ team: teamPageDataSchema });

const rosterSnapshotSchema = z.object({ players: z.array(z.string()), substitutes: z.array(z.string()) });

/** GET /api/tournaments/{id}/roster-changes (organizer): who changed a roster, when, from what to what; newest first. */
export const rosterChangeSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  at: z.string(),
  changedBy: z.string(),
  before: rosterSnapshotSchema,
  after: rosterSnapshotSchema,
});
export type RosterChange = z.infer<typeof rosterChangeSchema>;

/** "Player 3: Old#EUW → New#EUW", one line per position that changed (in English unless the caller passes the reader's `t`). */
export function describeRosterChange(change: Pick<RosterChange, 'before' | 'after'>, t: Translate = inEnglish): string[] {
  const lines: string[] = [];
  const compare = (label: (index: number) => string, before: string[], after: string[]) => {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      if (before[i] !== after[i]) lines.push(`${label(i)}: ${before[i] ?? '—'} → ${after[i] ?? '—'}`);
    }
  };
  compare((i) => t('Player {number}', { number: i + 2 }), change.before.players, change.after.players);
  compare((i) => t('Substitute {number}', { number: i + 1 }), change.before.substitutes, change.after.substitutes);
  return lines;
}
