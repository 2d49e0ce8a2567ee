import { formatMoney, fromMinorUnits } from '../../shared/money';
import type { TeamStatus } from '../../shared/schemas/team';

// How a team's status and its money read wherever a team is shown: the organizer's cards and the captain's page.

/** An amount in minor units (as teams and refunds carry it) in the site's money format: 2500 → "$25.00". */
export function formatMinor(minor: number, currency: string | null | undefined): string {
  return formatMoney(fromMinorUnits(minor), currency);
}

/** What an organizer reads for each team status (src/server/teams/lifecycle/transitions.ts has the transitions). */
export const teamStatusLabels: Record<TeamStatus, string> = {
  pending: 'Pending',
  completed: 'Paid',
  failed: 'Payment failed',
  expired: 'Expired',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  removed: 'Removed',
  waitlisted: 'Waitlist',
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
