import { and, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { confirmedStatuses, type TeamStatus } from '../../../shared/schemas/team.js';
import { teams } from '../../db/schema.js';

/**
 * Where a team stands, each rule once, in its two forms side by side: `sql` selects the teams it
 * holds for (a WHERE over `teams`), `holds` says it of a row already read. Both take the moment
 * `at` the clock-bound rules are read at. tests/api/lifecycle-rules.test.ts proves on real rows
 * that the two forms always agree. No code outside this folder tests a team's status itself.
 */
export interface Rule {
  sql(at: Date): SQL;
  holds(team: RuleFields, at: Date): boolean;
}

/** The columns the rules read. */
export type RuleFields = Pick<typeof teams.$inferSelect, 'paymentStatus' | 'releasedAt' | 'holdExpiresAt' | 'offerExpiresAt' | 'withdrawnAt' | 'amountPaid'>;

const rule = (toSql: Rule['sql'], holds: Rule['holds']): Rule => ({ sql: toSql, holds });

export const allOf = (...rules: Rule[]): Rule =>
  rule(
    (at) => and(...rules.map((r) => r.sql(at)))!,
    (team, at) => rules.every((r) => r.holds(team, at)),
  );

export const anyOf = (...rules: Rule[]): Rule =>
  rule(
    (at) => or(...rules.map((r) => r.sql(at)))!,
    (team, at) => rules.some((r) => r.holds(team, at)),
  );

/** The opposite; SQL's unknown (a comparison with null) counts as false, as `holds` reads it. */
export const not = (r: Rule): Rule =>
  rule(
    (at) => sql`not coalesce(${r.sql(at)}, false)`,
    (team, at) => !r.holds(team, at),
  );

const statusIn = (...statuses: TeamStatus[]): Rule =>
  rule(
    () => inArray(teams.paymentStatus, statuses),
    (team) => statuses.includes(team.paymentStatus),
  );

/** Its spot, name and Riot IDs not given up (`released_at` is written when they are). */
const unreleased = rule(
  () => isNull(teams.releasedAt),
  (team) => team.releasedAt === null,
);

const holdEndsAfter = rule(
  (at) => gt(teams.holdExpiresAt, at),
  (team, at) => team.holdExpiresAt !== null && team.holdExpiresAt.getTime() > at.getTime(),
);
const holdEndedBy = rule(
  (at) => lte(teams.holdExpiresAt, at),
  (team, at) => team.holdExpiresAt !== null && team.holdExpiresAt.getTime() <= at.getTime(),
);
const offerEndsAfter = rule(
  (at) => gt(teams.offerExpiresAt, at),
  (team, at) => team.offerExpiresAt !== null && team.offerExpiresAt.getTime() > at.getTime(),
);
const hasOffer = rule(
  () => isNotNull(teams.offerExpiresAt),
  (team) => team.offerExpiresAt !== null,
);
const noOffer = rule(
  () => isNull(teams.offerExpiresAt),
  (team) => team.offerExpiresAt === null,
);
/** The captain has not withdrawn it. */
export const notWithdrawn = rule(
  () => isNull(teams.withdrawnAt),
  (team) => team.withdrawnAt === null,
);
const somethingPaid = rule(
  () => ne(teams.amountPaid, 0),
  (team) => team.amountPaid !== null && team.amountPaid !== 0,
);

/** Registered, its payment still to come (pending) or declined (failed), whatever the clock says. */
export const awaitingPayment = allOf(unreleased, statusIn('pending', 'failed'));

/** Its place not given up and the time its registration's hold gives not over yet, whatever was paid since. */
export const holdUnexpired = allOf(unreleased, holdEndsAfter);

/** Awaiting payment and its hold still lives: the captain may pay, the spot is theirs. */
export const liveHold = allOf(awaitingPayment, holdUnexpired);

/** Awaiting payment past its hold: the spot, name and Riot IDs are to be given back. */
export const expiredHold = allOf(awaitingPayment, holdEndedBy);

/** Paid (a refund in part keeps it) and still in: `confirmedStatuses`, the rule the public badge reads too. */
export const confirmed = allOf(unreleased, statusIn(...confirmedStatuses));

/** Paid in full, nothing refunded (whether or not it still plays). */
export const paidInFull = statusIn('completed');

/** A payment of its was admitted once: money going back is settled against it. */
export const paymentAdmitted = allOf(statusIn('completed', 'partially_refunded', 'removed', 'refunded'), somethingPaid);

/** Holds a spot by the clock: confirmed, or awaiting payment with a live hold. */
export const holdsSpot = anyOf(confirmed, liveHold);

/** On the waitlist, with or without an offer. */
export const waiting = allOf(unreleased, statusIn('waitlisted'));

/** Waiting, not offered a spot yet: next in line for a freed one. */
export const awaitingOffer = allOf(waiting, noOffer);

/** Waiting with an offer of a freed spot it can still claim: the spot is kept for it. */
export const liveOffer = allOf(waiting, offerEndsAfter);

/** Its offer's deadline passed unclaimed, whether or not the sweep has come by (it then reads expired). */
export const offerLapsed = allOf(statusIn('waitlisted', 'expired'), hasOffer, not(liveOffer));

/**
 * What `tournaments.held` counts: the row keeps a spot by what is written, not by the clock. A hold
 * past its time, or an offer past its deadline, keeps counting until it is released (the sweep, or
 * the next registration or offer, releases it first), so the counter never lets one spot be sold twice.
 */
export const occupiesSpot = anyOf(awaitingPayment, confirmed, allOf(waiting, hasOffer));

/** Spots taken by the clock (held, or kept for a live offer): what the public reads show. */
export const takesSpotNow = anyOf(holdsSpot, liveOffer);

/** What the organizer can take out: it holds (or held, unpaid) a place. An expired hold already gave its place back. */
export const removable = anyOf(awaitingPayment, waiting, statusIn(...confirmedStatuses));

/** What the captain can withdraw: a spot held by the clock, or a place on the waitlist, not withdrawn yet. */
export const withdrawable = allOf(notWithdrawn, anyOf(holdsSpot, waiting));

/** Every rule by name: the agreement test walks them all. */
export const rules = {
  notWithdrawn,
  awaitingPayment,
  holdUnexpired,
  liveHold,
  expiredHold,
  confirmed,
  paidInFull,
  paymentAdmitted,
  holdsSpot,
  waiting,
  awaitingOffer,
  liveOffer,
  offerLapsed,
  occupiesSpot,
  takesSpotNow,
  removable,
  withdrawable,
} satisfies Record<string, Rule>;
