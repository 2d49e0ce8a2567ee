import { idParamsSchema } from '../schemas/common.js';
import { prizeListSchema, prizePayoutInputSchema, prizePayoutParamsSchema, prizeSplitInputSchema } from '../schemas/prizes.js';
import { endpoint } from './endpoint.js';

// Prizes on the books: the organizer's split of the pool by placement and the payouts made by hand.

export const getPrizes = endpoint({
  operationId: 'getPrizes',
  method: 'GET',
  path: '/api/tournaments/:id/prizes',
  tag: 'tournaments',
  summary: "A tournament's prize split by placement, with each payout recorded",
  params: idParamsSchema,
  responses: { 200: prizeListSchema },
});

export const setPrizeSplit = endpoint({
  operationId: 'setPrizeSplit',
  method: 'PUT',
  path: '/api/tournaments/:id/prize-split',
  tag: 'tournaments',
  summary: 'Split the prize pool by placement (amounts adding up to the pool)',
  params: idParamsSchema,
  body: prizeSplitInputSchema,
  responses: { 200: prizeListSchema },
});

export const recordPrizePayout = endpoint({
  operationId: 'recordPrizePayout',
  method: 'PUT',
  path: '/api/tournaments/:id/prizes/:placement/payout',
  tag: 'tournaments',
  summary: 'Record a prize payout the organizer made (the site never sends prize money)',
  params: prizePayoutParamsSchema,
  body: prizePayoutInputSchema,
  responses: { 200: prizeListSchema },
});
