import { cn } from '../lib/utils';

/**
 * One-time costs the first island to render would otherwise pay inside its hydration, making it one
 * long task: the class merger builds its tables on first use, and the first Intl formatter of a kind
 * or a locale loads its data (the first some 25 ms on a mid-range phone; later ones cost little).
 * The islands' entry runs each in a task of its own.
 */
export const warmUps = {
  classes: () => cn('px-1', 'px-2'),
  formats: [
    () => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).format(0),
    () => new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', timeZoneName: 'short', timeZone: 'UTC' }).format(0),
    () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0),
  ],
};

/** Islands that format no date or amount: a page holding only these skips the formats' warm-ups. */
export const islandsWithoutFormats = new Set(['header', 'contact-form', 'faq', 'general-rules']);
