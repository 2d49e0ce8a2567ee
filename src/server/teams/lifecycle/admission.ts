import { eq } from 'drizzle-orm';
import type { TeamStatus } from '../../../shared/schemas/team.js';
import { readmitsLatePayment } from '../../../shared/tournament-phase.js';
import type { Db, Tx } from '../../db/client.js';
import { brackets, teamMembers, teams, tournaments } from '../../db/schema.js';
import { findRosterConflict, releaseRoster } from './roster.js';
import { holdUnexpired } from './rules.js';
import { lockTournament, tournamentOfTeam, type TeamRow } from './spots.js';
import { applyTransition, releaseExpiredHolds, type TransitionName } from './transitions.js';

/** What a succeeded payment brought: its amount and currency, and its provider id. */
export interface PaidCharge {
  amount: number;
  currency: string;
  paymentRef: string;
}

/** What recording a succeeded payment decided: the team's status, and whether the money goes back. */
export interface Admission {
  status: TeamStatus;
  refund: boolean;
}

/**
 * A payment succeeded: the team is confirmed while its hold lives. Once the hold has expired it
 * is re-admitted only when a spot, its name and its Riot IDs are still free; otherwise the
 * payment is refunded. `paysFee` says whether it paid the fee as it is now: a payment made before
 * the organizer changed it never admits (refunded; while the hold lives the team pays again).
 * The tournament row is locked, and a re-admission takes its spot on the counter registration
 * claims on, so a late payment and a new registration can never both take the last spot.
 */
export async function admitPayment(
  db: Db,
  teamId: string,
  paid: PaidCharge,
  at: Date,
  paysFee: (tournament: typeof tournaments.$inferSelect) => boolean,
  /** Run in the admission's transaction with what it decided: the receipt and the refund it owes are written with it, or not at all. */
  onDecided: (tx: Tx, admission: Admission, team: TeamRow) => Promise<void> = async () => {},
): Promise<Admission> {
  return db.transaction(async (tx) => {
    const admission = await decideAdmission(tx, teamId, paid, at, paysFee);
    const [team] = await tx.select().from(teams).where(eq(teams.id, teamId));
    await onDecided(tx, admission, team);
    return admission;
  });
}

/** What a succeeded payment means for the team, written in the caller's transaction (admitPayment's). */
export async function decideAdmission(
  tx: Tx,
  teamId: string,
  paid: PaidCharge,
  at: Date,
  paysFee: (tournament: typeof tournaments.$inferSelect) => boolean,
): Promise<Admission> {
  const tournament = (await lockTournament(tx, (await tournamentOfTeam(tx, teamId))!))!;
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  // The team is locked and its state checked above: a transition that writes nothing would keep the
  // money without admitting the team or owing it back, so it is an error, never a silent success.
  const move = async (name: TransitionName, values: Partial<typeof teams.$inferInsert>) => {
    const moved = await applyTransition(tx, name, tournament.id, at, eq(teams.id, team.id), values);
    if (moved.length === 0) throw new Error(`payment admission: the ${name} transition found team ${team.id} in no state it starts from (${team.paymentStatus})`);
    return moved;
  };
  const payment = { paidAt: team.paidAt ?? at, amountPaid: paid.amount, currency: paid.currency, paymentRef: paid.paymentRef };

  // The team's own payment told again after it was admitted, once the team gave its place up (withdrawn,
  // removed) or got part of it back: it buys nothing now, and what goes back is what the refunds gave.
  const alreadyAdmitted = team.paymentRef === paid.paymentRef && team.amountPaid !== null;
  if (alreadyAdmitted && (team.paymentStatus === 'removed' || team.paymentStatus === 'partially_refunded'))
    return { status: team.paymentStatus, refund: false };
  // A second payment for a team that already paid goes back to the captain.
  if (team.paymentStatus === 'completed') return { status: 'completed', refund: team.paymentRef !== null && team.paymentRef !== paid.paymentRef };
  // Any payment for a team that was already refunded goes back too (the caller skips one already refunded).
  if (team.paymentStatus === 'refunded') return { status: 'refunded', refund: true };

  // A tournament the organizer deleted is cancelled: its payments are refunded in full.
  const holdIsLive = tournament.deletedAt === null && holdUnexpired.holds(team, at);
  const forCurrentFee = paysFee(tournament);
  if (!forCurrentFee && holdIsLive) return { status: team.paymentStatus, refund: true };
  if (holdIsLive) {
    await move('pay', { ...payment, paymentStatus: 'completed' });
    return { status: 'completed', refund: false };
  }

  // Late payment: the hold expired (and may already have been released by the sweep). Expired holds,
  // this team's too, give their spots back first, so the counter (exact under the lock) counts what
  // the clock says; re-admitting the team then takes a spot on it like a registration.
  await releaseExpiredHolds(tx, at, tournament.id);
  const [spots] = await tx.select({ held: tournaments.held, maxTeams: tournaments.maxTeams }).from(tournaments).where(eq(tournaments.id, tournament.id));
  const hasRoom = spots.held < spots.maxTeams;
  // Once registration is closed (the bracket closes it too) a late payment buys no place: it goes back.
  const [drawn] = await tx.select({ id: brackets.tournamentId }).from(brackets).where(eq(brackets.tournamentId, tournament.id));
  let canReadmit: boolean = readmitsLatePayment(tournament, { hasBracket: !!drawn }) && forCurrentFee && hasRoom;
  if (canReadmit) {
    const riotIds = (await tx.select({ riotId: teamMembers.riotId }).from(teamMembers).where(eq(teamMembers.teamId, team.id))).map((m) => m.riotId);
    canReadmit = !(await findRosterConflict(tx, { tournamentId: tournament.id, name: team.name, riotIds, exceptTeamId: team.id }));
  }
  if (canReadmit) {
    await move('readmitLatePayment', { ...payment, paymentStatus: 'completed', releasedAt: null });
    await tx.update(teamMembers).set({ released: false }).where(eq(teamMembers.teamId, team.id));
    return { status: 'completed', refund: false };
  }
  await move('refuseLatePayment', { ...payment, paymentStatus: 'refunded', releasedAt: team.releasedAt ?? at });
  await releaseRoster(tx, [team.id]);
  return { status: 'refunded', refund: true };
}
