import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { paymentStatuses, type TeamStatus } from '../../../shared/schemas/team.js';
import type { Db, Tx } from '../../db/client.js';
import { teams } from '../../db/schema.js';
import { releaseRoster } from './roster.js';
import {
  allOf,
  awaitingOffer,
  awaitingPayment,
  expiredHold,
  holdUnexpired,
  liveOffer,
  offerLapsed,
  removable,
  waiting,
  withdrawable,
  type Rule,
} from './rules.js';
import { moveTeams, tournamentOfTeam, type SpotMove, type TeamRow } from './spots.js';

/**
 * The one owner of a team's registration lifecycle: only this folder writes a team's status
 * (`teams.payment_status`), whether it holds its spot (`released_at`) and whether its name and
 * Riot IDs are taken (`team_members.released`). Payments decide when money moves; this folder
 * decides what that means for the team.
 *
 * A team enters with a registration (`registerWithSpots`, spots.ts: pending, or completed when the
 * tournament is free, taking a spot) or by joining the waitlist of a full tournament (waitlisted,
 * its name and Riot IDs held, no spot). Every change after that is a row of `transitions` below:
 * the statuses it starts from (and the rule the team must also meet then), the statuses it ends
 * in, and what happens to the team's spot on the held counter. Each function here reads its
 * `where` and its counter move from its row, so the table is the lifecycle. A transition that
 * gives up a spot is followed by waitlist/service.ts `offerFreedSpots`, which offers it on.
 */
export interface Transition {
  /** What happens, in words. */
  event: string;
  /** The statuses the team can be in. */
  from: readonly TeamStatus[];
  /** What the team must also meet, at the transition's moment. */
  when?: Rule;
  /** The statuses it can end in. */
  to: readonly TeamStatus[];
  /** What happens to its spot on the held counter. */
  spot: SpotMove;
}

/** Every status: a provider's news about money is recorded whatever the team became meanwhile. */
const anyStatus = paymentStatuses;
/** A late payment meets any team but one already paid or refunded (admission.ts answers those first). */
const notPaidOrRefunded = paymentStatuses.filter((status) => status !== 'completed' && status !== 'refunded');
/** A team in the tournament or on its waitlist. */
const inTournament: TeamStatus[] = ['pending', 'failed', 'completed', 'partially_refunded', 'waitlisted'];

export const transitions = {
  declineCard: { event: 'a card declined: it may try again until the hold expires', from: ['pending'], when: awaitingPayment, to: ['failed'], spot: 'keeps' },
  // A partly refunded team's second payment while its first hold lives lands here too (as it always has).
  pay: {
    event: 'paid the current fee while the hold lives',
    from: ['pending', 'failed', 'partially_refunded'],
    when: holdUnexpired,
    to: ['completed'],
    spot: 'keeps',
  },
  expireHold: { event: 'the hold expired unpaid', from: ['pending', 'failed'], when: expiredHold, to: ['expired'], spot: 'gives up' },
  readmitLatePayment: { event: 'paid late, spot, name and Riot IDs still free', from: notPaidOrRefunded, to: ['completed'], spot: 'takes' },
  refuseLatePayment: {
    event: 'paid late and no room, registration closed, or the tournament is gone: refunded',
    from: notPaidOrRefunded,
    to: ['refunded'],
    spot: 'gives up',
  },
  refundUnadmitted: { event: 'the provider refunded a payment that was never admitted', from: anyStatus, to: ['refunded'], spot: 'gives up' },
  refundInPart: {
    event: 'part of an admitted payment refunded (a removed team stays removed)',
    from: ['completed', 'partially_refunded', 'removed'],
    to: ['completed', 'partially_refunded', 'removed'],
    spot: 'keeps',
  },
  refundInFull: {
    event: 'all of an admitted payment refunded',
    from: ['completed', 'partially_refunded', 'removed', 'refunded'],
    to: ['refunded'],
    spot: 'gives up',
  },
  remove: { event: 'the organizer removes it, or cancels the tournament', from: inTournament, when: removable, to: ['removed'], spot: 'gives up' },
  withdraw: { event: 'the captain withdraws it (withdrawn_at set)', from: inTournament, when: withdrawable, to: ['removed'], spot: 'gives up' },
  offerSpot: {
    event: 'a spot freed: offered to a waiting team, to claim until offer_expires_at',
    from: ['waitlisted'],
    when: awaitingOffer,
    to: ['waitlisted'],
    spot: 'takes',
  },
  claimOffer: {
    event: 'the captain claims a live offer: a registration (pending, or completed when free)',
    from: ['waitlisted'],
    when: liveOffer,
    to: ['pending', 'completed'],
    spot: 'keeps',
  },
  lapseOffer: {
    event: 'an offer not claimed in time: it passes on',
    from: ['waitlisted'],
    when: allOf(waiting, offerLapsed),
    to: ['expired'],
    spot: 'gives up',
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof transitions;

/** The teams a transition may move at `at`: its row's from-statuses and rule. */
export function allowedFrom(name: TransitionName, at: Date): SQL {
  const row: Transition = transitions[name];
  return and(inArray(teams.paymentStatus, [...row.from]), row.when?.sql(at))!;
}

/**
 * Makes transition `name` for the teams of a tournament matching `scope` and its row: they get
 * `set`, and the held counter moves as the row says. Throws NoFreeSpot when a spot it takes is not free.
 */
export async function applyTransition(
  tx: Tx,
  name: TransitionName,
  tournamentId: string,
  at: Date,
  scope: SQL | undefined,
  set: Partial<typeof teams.$inferInsert>,
): Promise<TeamRow[]> {
  const row: Transition = transitions[name];
  if (set.paymentStatus !== undefined && !row.to.includes(set.paymentStatus)) throw new Error(`${name} cannot end in ${set.paymentStatus}`);
  return moveTeams(tx, tournamentId, and(scope, allowedFrom(name, at))!, set, row.spot);
}

/** A new team's status: a free tournament needs no payment, so the team is confirmed at once. */
export function initialStatus({ isFree, at, holdMinutes }: { isFree: boolean; at: Date; holdMinutes: number }) {
  return {
    paymentStatus: (isFree ? 'completed' : 'pending') satisfies TeamStatus as TeamStatus,
    amountPaid: isFree ? 0 : null,
    paidAt: isFree ? at : null,
    holdExpiresAt: isFree ? null : new Date(at.getTime() + holdMinutes * 60_000),
  };
}

/** A team joining the waitlist: no spot, no payment yet; its name and Riot IDs are held like a registration's. */
export const waitlistedStatus = (at: Date) => ({
  paymentStatus: 'waitlisted' as TeamStatus,
  amountPaid: null,
  paidAt: null,
  holdExpiresAt: null,
  waitlistedAt: at,
});

/** Expired holds of a tournament give back their spot, team name and Riot IDs. */
export async function releaseExpiredHolds(tx: Tx, at: Date, tournamentId: string): Promise<number> {
  const released = await applyTransition(tx, 'expireHold', tournamentId, at, undefined, { paymentStatus: 'expired', releasedAt: at });
  await releaseRoster(
    tx,
    released.map((r) => r.id),
  );
  return released.length;
}

/**
 * Releases expired holds in one tournament, or everywhere (the periodic sweep), a transaction per
 * tournament. Nothing is locked when nothing expired: a burst of registrations does not queue here.
 * Returns how many were released.
 */
export async function releaseAllExpiredHolds(db: Db, at: Date, tournamentId?: string): Promise<number> {
  const rows = await db
    .selectDistinct({ tournamentId: teams.tournamentId })
    .from(teams)
    .where(and(tournamentId ? eq(teams.tournamentId, tournamentId) : undefined, allowedFrom('expireHold', at)));
  let released = 0;
  for (const row of rows) released += await db.transaction((tx) => releaseExpiredHolds(tx, at, row.tournamentId));
  return released;
}

/** Offers not claimed by `at` lapse: the team leaves the waitlist (expired) and its spot goes to the next. Call under the tournament's lock. */
export async function lapseOffers(tx: Tx, tournamentId: string, at: Date): Promise<number> {
  const lapsed = await applyTransition(tx, 'lapseOffer', tournamentId, at, undefined, { paymentStatus: 'expired', releasedAt: at });
  await releaseRoster(
    tx,
    lapsed.map((r) => r.id),
  );
  return lapsed.length;
}

/**
 * Offers a freed spot to a waiting team that has no offer yet: the spot is kept for it (held + 1).
 * Null when it has one or no longer waits. Throws NoFreeSpot when no spot is free.
 */
export async function offerSpot(tx: Tx, tournamentId: string, teamId: string, at: Date, expiresAt: Date): Promise<TeamRow | null> {
  const [offered] = await applyTransition(tx, 'offerSpot', tournamentId, at, eq(teams.id, teamId), { offeredAt: at, offerExpiresAt: expiresAt });
  return offered ?? null;
}

/** The captain claims a live offer: the team becomes a registration like any other (a pending hold, or confirmed when free), on the spot kept for it. */
export async function claimOffer(tx: Tx, tournamentId: string, teamId: string, status: ReturnType<typeof initialStatus>, at: Date): Promise<TeamRow | null> {
  const [claimed] = await applyTransition(tx, 'claimOffer', tournamentId, at, eq(teams.id, teamId), status);
  return claimed ?? null;
}

/** A declined card: the team keeps its hold and may try again until the hold expires. */
export async function markDeclined(db: Db, team: TeamRow, at: Date = new Date()): Promise<TeamStatus> {
  const [updated] = await db.transaction((tx) => applyTransition(tx, 'declineCard', team.tournamentId, at, eq(teams.id, team.id), { paymentStatus: 'failed' }));
  return updated?.paymentStatus ?? team.paymentStatus;
}

/** The provider refunded a team's payment in full (charge.refunded, or our own refund of a late payment): the team gives up its spot. */
export async function markRefundedByProvider(db: Db, team: TeamRow, amountReceived: number, at: Date): Promise<TeamStatus> {
  await db.transaction(async (tx) => {
    await applyTransition(tx, 'refundUnadmitted', team.tournamentId, at, eq(teams.id, team.id), {
      paymentStatus: 'refunded',
      paidAt: team.paidAt ?? at,
      amountPaid: team.amountPaid ?? amountReceived,
      amountRefunded: team.amountPaid ?? amountReceived,
      releasedAt: team.releasedAt ?? at,
    });
    await releaseRoster(tx, [team.id]);
  });
  return 'refunded';
}

/**
 * Refunds moved money back: `refundedTotal` is what the provider says went back of the team's
 * admitted payment, so the same news twice, or in any order, writes the same row. A team refunded
 * in full gives up its spot (refundInFull); in part, it keeps it (refundInPart: partially_refunded).
 * A removed team stays removed until all of its money is back.
 */
export async function settleRefunded(db: Db, team: TeamRow, refundedTotal: number, at: Date): Promise<TeamStatus> {
  const paid = team.amountPaid ?? 0;
  // The provider's figure, not a sum of ours: a refund that fails after it succeeded comes off it again.
  const total = Math.min(refundedTotal, paid);
  const isFull = paid > 0 && total >= paid;
  const status: TeamStatus =
    team.paymentStatus === 'refunded' || isFull ? 'refunded' : team.paymentStatus === 'removed' ? 'removed' : total > 0 ? 'partially_refunded' : 'completed';
  if (status === team.paymentStatus && total === team.amountRefunded) return status;
  await db.transaction(async (tx) => {
    await applyTransition(tx, status === 'refunded' ? 'refundInFull' : 'refundInPart', team.tournamentId, at, eq(teams.id, team.id), {
      amountRefunded: total,
      paymentStatus: status,
      releasedAt: isFull ? (team.releasedAt ?? at) : team.releasedAt,
    });
    if (isFull) await releaseRoster(tx, [team.id]);
  });
  return status;
}

/** The organizer takes a team out (or cancels its tournament): it gives up its spot, name and Riot IDs. Returns the removed rows. */
export async function removeTeams(tx: Tx, where: { teamId: string } | { tournamentId: string }, at: Date): Promise<TeamRow[]> {
  const tournamentId = 'teamId' in where ? await tournamentOfTeam(tx, where.teamId) : where.tournamentId;
  if (!tournamentId) return [];
  const removed = await applyTransition(tx, 'remove', tournamentId, at, 'teamId' in where ? eq(teams.id, where.teamId) : undefined, {
    paymentStatus: 'removed',
    releasedAt: at,
  });
  await releaseRoster(
    tx,
    removed.map((team) => team.id),
  );
  return removed;
}

/**
 * The captain withdraws the team through its team link: like a removal it gives up its spot, name
 * and Riot IDs, and `withdrawn_at` says it was the captain. Returns null when the team holds no
 * place to give up (already withdrawn, removed, refunded or expired). Call inside the transaction
 * that locked the team row.
 */
export async function withdrawTeam(tx: Tx, teamId: string, at: Date): Promise<TeamRow | null> {
  const tournamentId = await tournamentOfTeam(tx, teamId);
  if (!tournamentId) return null;
  const [withdrawn] = await applyTransition(tx, 'withdraw', tournamentId, at, eq(teams.id, teamId), {
    paymentStatus: 'removed',
    releasedAt: at,
    withdrawnAt: at,
  });
  if (!withdrawn) return null;
  await releaseRoster(tx, [withdrawn.id]);
  return withdrawn;
}
