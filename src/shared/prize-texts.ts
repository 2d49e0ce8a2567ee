import { msg } from './i18n/msg.js';

// Without zod: the prize split on a content page's island (src/web/islands) names placements with these.
/** 1st, 2nd, 3rd, 4th… as the prize split names each placement. */
export function placementLabel(placement: number): string {
  const tens = placement % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : placement % 10 === 1 ? 'st' : placement % 10 === 2 ? 'nd' : placement % 10 === 3 ? 'rd' : 'th';
  return `${placement}${suffix}`;
}

/** Said in the admin where payouts are recorded. */
export const prizeTexts = {
  neverSends: msg('The site never sends prize money: pay each prize yourself (bank transfer, PayPal, …), then record it here for the books.'),
  paid: msg('Paid'),
  unpaid: msg('Not paid yet'),
} as const;
