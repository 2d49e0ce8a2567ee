import { z } from 'zod';
import { amountPattern, formatMoney, fromMinorUnits, toMinorUnits } from '../money.js';
import { text } from './common.js';

import { placementLabel } from '../prize-texts.js';
import { msg } from '../i18n/msg.js';

export { placementLabel, prizeTexts } from '../prize-texts.js';

export const prizeLimits = { maxPlacements: 16, maxPaidTo: 100, maxMethod: 60, maxReference: 100 } as const;

const prizeAmount = text(msg('Enter an amount like 3000 or 3000.00')).trim().regex(amountPattern, msg('Enter an amount like 3000 or 3000.00'));

/**
 * PUT /api/tournaments/{id}/prize-split: the prize pool by placement, 1st, 2nd, … each once,
 * amounts as decimals that add up to the pool (checked on the server, which knows the pool).
 */
export const prizeSplitInputSchema = z.object({
  prizes: z
    .array(z.object({ placement: z.number({ error: msg('Placement must be a number') }).int(msg('Placement must be a whole number')).min(1, msg('Placement must be 1 or more')).max(prizeLimits.maxPlacements, msg('At most 16 placements') satisfies `At most ${typeof prizeLimits.maxPlacements} placements`), amount: prizeAmount }), {
      error: msg('Prizes must be a list'),
    })
    .max(prizeLimits.maxPlacements, msg('At most 16 placements') satisfies `At most ${typeof prizeLimits.maxPlacements} placements`)
    .superRefine((prizes, ctx) => {
      const seen = new Set<number>();
      prizes.forEach((prize, index) => {
        if (seen.has(prize.placement)) ctx.addIssue({ code: 'custom', path: [index, 'placement'], message: `${placementLabel(prize.placement)} place is listed twice` });
        seen.add(prize.placement);
      });
    }),
});
export type PrizeSplitInput = z.input<typeof prizeSplitInputSchema>;

/** What the split must add up to, said with both sums. Empty: no split (the pool alone is shown). */
export function splitSumProblem(prizes: { amount: string }[], prizePool: string, currency: string): string | null {
  if (!prizes.length) return null;
  const sum = prizes.reduce((total, prize) => total + toMinorUnits(prize.amount), 0);
  const pool = toMinorUnits(prizePool);
  if (sum === pool) return null;
  return `The prizes add up to ${formatMoney(fromMinorUnits(sum), currency)}, but the prize pool is ${formatMoney(prizePool, currency)}: the split must add up to the pool`;
}

/** PUT /api/tournaments/{id}/prizes/{placement}/payout: a payout the organizer made, recorded (the site never sends prize money). */
export const prizePayoutInputSchema = z.object({
  paidTo: text(msg('Say who was paid')).trim().min(1, msg('Say who was paid')).max(prizeLimits.maxPaidTo, msg('Must be at most 100 characters') satisfies `Must be at most ${typeof prizeLimits.maxPaidTo} characters`),
  paidAt: z.iso.datetime({ offset: true, error: msg('Enter the date of the payment') }),
  method: text(msg('Say how it was paid')).trim().min(1, msg('Say how it was paid')).max(prizeLimits.maxMethod, msg('Must be at most 60 characters') satisfies `Must be at most ${typeof prizeLimits.maxMethod} characters`),
  reference: text().trim().max(prizeLimits.maxReference, msg('Must be at most 100 characters') satisfies `Must be at most ${typeof prizeLimits.maxReference} characters`).default(''),
});
export type PrizePayoutInput = z.input<typeof prizePayoutInputSchema>;

export const prizePayoutParamsSchema = z.object({ id: z.uuid({ error: msg('Not a valid id') }), placement: z.coerce.number({ error: msg('Not a placement') }).int(msg('Not a placement')).min(1, msg('Not a placement')).max(prizeLimits.maxPlacements, msg('Not a placement')) });

/** The public form, on the tournament's read: each placement's prize and whether it was paid. */
export const publicPrizeSchema = z.object({ placement: z.number(), amount: z.string(), paid: z.boolean() });
export type PublicPrize = z.infer<typeof publicPrizeSchema>;

/** The organizer's form: the split with each payout as recorded. Amounts in minor units, as the finance view's. */
export const prizeRecordSchema = z.object({
  placement: z.number(),
  amount: z.number().int(),
  payout: z
    .object({ paidTo: z.string(), paidAt: z.string(), method: z.string(), reference: z.string(), recordedAt: z.string() })
    .nullable(),
});
export type PrizeRecord = z.infer<typeof prizeRecordSchema>;

export const prizeListSchema = z.object({
  tournamentId: z.string(),
  prizePool: z.string(),
  currency: z.string(),
  prizes: z.array(prizeRecordSchema),
  /** Why the split no longer adds up to the pool (changed since): the public pages hide it until it is split again. */
  problem: z.string().nullable(),
});
export type PrizeList = z.infer<typeof prizeListSchema>;
