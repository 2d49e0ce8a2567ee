import type { teams, tournaments } from '../db/schema.js';

type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

/**
 * What happened, as services announce it on the event hub (events/hub.ts), each with what its
 * listeners need. Named in the past tense: a service says what it did, never what others should do;
 * app.ts decides who listens (events/listeners.ts).
 */
export interface DomainEvents {
  /** A team registered: its team link's key exists only now (the database keeps its hash). */
  teamRegistered: { teamId: string; manageUrl: string; captainEmail: string | null };
  /** A team joined a full tournament's waitlist, at this place in the queue. */
  waitlistJoined: { teamId: string; manageUrl: string; position: number };
  /** The captain withdrew the team (told again by a repeated withdrawal: a crash may have cut the first one's tail). */
  teamWithdrawn: { teamId: string; tournamentId: string };
  /** An organizer took the team out of its tournament. */
  teamRemoved: { teamId: string; tournamentId: string };
  /** The provider refunded a payment in full: the team gave its spot up. */
  teamRefunded: { teamId: string; tournamentId: string };
  /** An organizer cancelled the tournament, taking these teams out. In the cancelling transaction. */
  tournamentCancelled: { tournament: TournamentRow; removed: TeamRow[]; reason: string };
  /**
   * The captain connected a Discord account to the team (discord/connect-captain.ts), replacing the
   * one connected before if any. In the connecting transaction.
   */
  discordConnected: { teamId: string; previousDiscordUserId: string | null };
  /** The organizer gave the team a new link, which disconnects the Discord account connected before (`discordUserId`). In that transaction. */
  discordDisconnected: { teamId: string; tournamentId: string; discordUserId: string };
  /** The team's personal data was erased; `discordUserId` is the account it had connected, read before. In the erasure's transaction. */
  teamErased: { teamId: string; tournamentId: string; discordUserId: string | null };
  /** A staff account linked a Discord account (`discordUserId`, discord/link-staff.ts), replacing `previousDiscordUserId` if any. In the linking transaction. */
  staffDiscordLinked: { accountId: string; discordUserId: string; previousDiscordUserId: string | null };
  /** A staff account unlinked its Discord account (`discordUserId`, read before it was cleared). In that transaction. */
  staffDiscordUnlinked: { accountId: string; discordUserId: string };
  /** An owner disabled an account (its linked Discord account, if any, read before the link was cleared). In that transaction. */
  accountDisabled: { accountId: string; discordUserId: string | null };
  /** An owner enabled a disabled account again. In that transaction. */
  accountEnabled: { accountId: string };
  /** The retention sweep ran: the personal data of the cups held before `cupsHeldBefore` (ISO) is past its period. */
  retentionSwept: { cupsHeldBefore: string };
  /** A payment admitted the team. In the admission's transaction; each payment's news may repeat. */
  paymentAdmitted: { teamId: string };
  /** The provider's word on a refund was recorded (any kind, any status); it may repeat. */
  refundRecorded: { refundId: string };
  /** A freed spot was offered to a waiting team. */
  spotOffered: { teamId: string };
  /** The captain changed the roster (the change is recorded under this id). */
  rosterChanged: { teamId: string; rosterChangeId: string };
  /** A captain reported a match's result: the opponent confirms or disputes it before the deadline. */
  matchReported: { matchId: string; reportingTeamId: string; deadline: string };
  /** Staff entered the result of a match whose captains' report was open (disputed or unconfirmed): their ruling. */
  matchRuled: { matchId: string };
  /** The organizer approved or refused a team's forfeit claim. */
  forfeitClaimDecided: { matchId: string; claimTeamId: string; opponentTeamId: string; approved: boolean; claimedAt: string };
  /**
   * Something the polled public reads show changed (tournaments, teams and their statuses, capacity,
   * the waitlist's counts, champions, brackets, site settings). Said by the write itself rather than
   * derived from the events above: most writes that change public pages (a tournament edited, a
   * result entered, the hold sweep) have no other news, and a derived list would go stale unnoticed.
   */
  publicDataChanged: Record<string, never>;
}

export type DomainEvent = keyof DomainEvents;

/** The events after which a spot may be free: the waitlist offers it to the next waiting team. */
export const spotFreeingEvents = ['teamWithdrawn', 'teamRemoved', 'teamRefunded'] as const satisfies readonly DomainEvent[];
