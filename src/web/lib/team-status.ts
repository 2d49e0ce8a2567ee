import { msg } from '../../shared/i18n/msg';
import type { PageLocale } from '../../shared/i18n/locales';
import { formatMoney, fromMinorUnits } from '../../shared/money';
import type { TeamStatus } from '../../shared/schemas/team';

// How a team's status and its money read wherever a team is shown: the organizer's cards and the captain's page.

/** An amount in minor units (as teams and refunds carry it) in the site's money format: 2500 → "$25.00"; in the page's language given its locale (useFormats().locale). */
export function formatMinor(minor: number, currency: string | null | undefined, locale?: PageLocale): string {
  return formatMoney(fromMinorUnits(minor), currency, locale);
}

/** What an organizer reads for each team status (src/server/teams/lifecycle/transitions.ts has the transitions): English, shown through t(). */
export const teamStatusLabels: Record<TeamStatus, string> = {
  pending: msg('Pending'),
  completed: msg('Paid'),
  failed: msg('Payment failed'),
  expired: msg('Expired'),
  partially_refunded: msg('Partially refunded'),
  refunded: msg('Refunded'),
  removed: msg('Removed'),
  waitlisted: msg('Waitlist'),
};

/** Badge variants that keep 4.5:1 on the card's background (the accessibility pass measured each). */
export const teamStatusVariants = {
  pending: 'warning',
  completed: 'success',
  failed: 'destructive',
  expired: 'secondary',
  partially_refunded: 'warning',
  refunded: 'secondary',
  removed: 'outline',
  waitlisted: 'outline',
} as const satisfies Record<TeamStatus, 'warning' | 'success' | 'destructive' | 'secondary' | 'outline'>;

/**
 * A team's status in its captain's words, as the team page and "My Teams" say it; a withdrawn team
 * reads as such whatever its refund became (English: show it with `t`).
 */
const captainStatusLabels: Record<TeamStatus, string> = {
  pending: msg('Awaiting payment'),
  completed: msg('Paid'),
  failed: msg('Payment failed'),
  expired: msg('Spot released'),
  partially_refunded: msg('Partially refunded'),
  refunded: msg('Refunded'),
  removed: msg('Removed'),
  waitlisted: msg('On the waitlist'),
};

export const captainStatusLabel = (team: { status: TeamStatus; withdrawnAt: string | null }): string =>
  team.withdrawnAt ? msg('Withdrawn') : captainStatusLabels[team.status];
