import type { Tx } from '../db/client.js';
import type { CupRoles } from '../discord/cup-roles.js';
import type { MatchChannels } from '../discord/match-channels.js';
import type { DiscordOutbox } from '../discord/outbox.js';
import type { StaffRole } from '../discord/staff-role.js';
import type { TournamentNews } from '../discord/tournament-news.js';
import type { ReadCache } from '../http/read-cache.js';
import type { CaptainMail } from '../mail/captain-mail.js';
import type { Waitlist } from '../waitlist/service.js';
import { spotFreeingEvents, type DomainEvent, type DomainEvents } from './domain-events.js';
import type { EventHub, InTransactionListener } from './hub.js';

/**
 * Who hears what, in one place (app.ts calls this once, before any request): the read cache, the
 * waitlist, the captain's mail and Discord. Services only say what happened; a new side effect of
 * an event is one line here.
 */
export function subscribeListeners(
  hub: EventHub,
  {
    cache,
    waitlist,
    captainMail,
    news,
    discordRoles,
    log,
  }: {
    cache: Pick<ReadCache, 'invalidate'>;
    waitlist: Pick<Waitlist, 'offerFreedSpots'>;
    captainMail: CaptainMail;
    news: Pick<TournamentNews, 'teamRegistered'>;
    /** Only with a Discord application configured: otherwise no role job is stored. */
    discordRoles: DiscordListeners | null;
    log: (error: unknown, what: string) => void;
  },
): void {
  // The polled public reads drop what they cached, here and (LISTEN/NOTIFY) in the other processes.
  hub.afterCommit('publicDataChanged', () => cache.invalidate());

  // A spot that may be free goes to the next waiting team, before the request that freed it answers.
  for (const event of spotFreeingEvents) hub.afterCommit(event, ({ tournamentId }) => waitlist.offerFreedSpots(tournamentId));

  // Discord: not awaited, the captain's reply never waits for it.
  hub.afterCommit('teamRegistered', ({ teamId }) => {
    setImmediate(() => void news.teamRegistered(teamId).catch((error: unknown) => log(error, 'Discord announcement failed')));
  });

  // The captain's e-mail (mail/captain-mail.ts decides what each event sends). The receipt and the
  // cancellation are queued in the deciding transaction, so a blip after the commit cannot lose them.
  hub.inTransaction('paymentAdmitted', (tx, { teamId }) => captainMail.paymentAdmitted(tx, teamId));
  hub.inTransaction('tournamentCancelled', (tx, { tournament, removed, reason }) => captainMail.tournamentCancelled(tx, tournament, removed, reason));
  // No address, no message: a registration burst need not read the team back to find that out.
  hub.afterCommit('teamRegistered', ({ teamId, manageUrl, captainEmail }) => (captainEmail ? captainMail.registered(teamId, manageUrl) : undefined));
  hub.afterCommit('waitlistJoined', ({ teamId, manageUrl, position }) => captainMail.waitlistJoined(teamId, manageUrl, position));
  hub.afterCommit('spotOffered', ({ teamId }) => captainMail.spotOffered(teamId));
  hub.afterCommit('rosterChanged', ({ teamId, rosterChangeId }) => captainMail.rosterChanged(teamId, rosterChangeId));
  hub.afterCommit('refundRecorded', ({ refundId }) => captainMail.refundRecorded(refundId));
  hub.afterCommit('matchReported', ({ matchId, reportingTeamId, deadline }) => captainMail.matchReported(matchId, reportingTeamId, deadline));
  hub.afterCommit('matchRuled', ({ matchId }) => captainMail.matchRuled(matchId));
  hub.afterCommit('forfeitClaimDecided', ({ matchId, claimTeamId, approved, claimedAt }) =>
    captainMail.forfeitClaimDecided(matchId, claimTeamId, approved, claimedAt),
  );

  if (discordRoles) subscribeDiscordRoles(hub, discordRoles, log);
}

type DiscordListeners = { roles: CupRoles; staff: StaffRole; channels: Pick<MatchChannels, 'sweep' | 'retentionEnded'>; outbox: Pick<DiscordOutbox, 'kick'> };

/**
 * The cup's captain role (discord/cup-roles.ts) and the staff role (discord/staff-role.ts): their
 * jobs are stored in the transaction of the change, so they commit with it; the outbox is started
 * once the change committed. A grant runs in a savepoint of its own: a failure storing it is logged
 * and rolled back alone, never the payment or the link it follows. A removal is strict: a failure
 * storing it fails the change (which can be retried), since an erasure, a disconnection, an unlink
 * or a disabling forgets the account id and nothing could take the role away afterwards.
 */
function subscribeDiscordRoles(hub: EventHub, { roles, staff, channels, outbox }: DiscordListeners, log: (error: unknown, what: string) => void): void {
  const grant = <E extends DomainEvent>(event: E, listener: (tx: Tx, payload: DomainEvents[E]) => Promise<unknown>) =>
    hub.inTransaction(event, besideTheChange(event, listener, log));
  const removal = <E extends DomainEvent>(event: E, listener: (tx: Tx, payload: DomainEvents[E]) => Promise<unknown>) =>
    hub.inTransaction(event, async (tx, payload) => void (await listener(tx, payload)));
  // Given when the team is confirmed with its captain connected, whichever comes last.
  grant('paymentAdmitted', (tx, { teamId }) => roles.grantIfConfirmed(tx, teamId));
  // Another account connected instead of one given the role: the old one loses it (before the new one gets it).
  removal('discordConnected', (tx, { teamId, previousDiscordUserId }) => roles.accountReplaced(tx, teamId, previousDiscordUserId));
  grant('discordConnected', (tx, { teamId, previousDiscordUserId }) => roles.accountConnected(tx, teamId, previousDiscordUserId));
  // Taken away when the team gives up its place, or its data.
  removal('teamWithdrawn', (tx, { teamId }) => roles.revoke(tx, teamId));
  removal('teamRemoved', (tx, { teamId }) => roles.revoke(tx, teamId));
  removal('tournamentCancelled', async (tx, { removed }) => {
    for (const team of removed) await roles.revoke(tx, team.id);
  });
  removal('teamErased', (tx, { teamId, tournamentId, discordUserId }) => roles.revoke(tx, teamId, { tournamentId, discordUserId }));
  removal('discordDisconnected', (tx, { teamId, tournamentId, discordUserId }) => roles.revoke(tx, teamId, { tournamentId, discordUserId }));
  // The staff role: given to the account a staff member links, taken when they unlink or the account is disabled.
  // The same Discord account linked again: it keeps the role, nothing to take or give.
  removal('staffDiscordLinked', async (tx, { accountId, discordUserId, previousDiscordUserId }) => {
    if (discordUserId !== previousDiscordUserId) await staff.revoke(tx, accountId, previousDiscordUserId);
  });
  grant('staffDiscordLinked', async (tx, { accountId, discordUserId, previousDiscordUserId }) => {
    if (discordUserId !== previousDiscordUserId) await staff.grant(tx, accountId);
  });
  removal('staffDiscordUnlinked', (tx, { accountId, discordUserId }) => staff.revoke(tx, accountId, discordUserId));
  removal('accountDisabled', (tx, { accountId, discordUserId }) => staff.revoke(tx, accountId, discordUserId));
  grant('accountEnabled', (tx, { accountId }) => staff.grant(tx, accountId));
  // A refund in full is told only once committed (payments/service.ts): its removal is stored then.
  hub.afterCommit('teamRefunded', ({ teamId }) => roles.revokeCommitted(teamId));
  // A match's channel and its archive (discord/match-channels.ts): a result, a bracket drawn or a
  // captain connecting can decide a match's teams or end it, and each is followed by one of these. The
  // sweep only stores jobs (a read and an insert, no Discord call), before the outbox is started below.
  for (const event of ['publicDataChanged', 'discordConnected'] as const) hub.afterCommit(event, () => channels.sweep());
  // A cup past its retention period: its channels and category are deleted.
  hub.afterCommit('retentionSwept', ({ cupsHeldBefore }) => channels.retentionEnded(new Date(cupsHeldBefore)));
  // Every change above is followed by publicDataChanged (a team's status is public), or is one of these.
  for (const event of [
    'publicDataChanged',
    'discordConnected',
    'discordDisconnected',
    'teamRefunded',
    'staffDiscordLinked',
    'staffDiscordUnlinked',
    'accountDisabled',
    'accountEnabled',
    'retentionSwept',
  ] as const) {
    hub.afterCommit(event, () => outbox.kick());
  }
}

/** The listener in a savepoint (a nested transaction): its failure rolls back its own writes only, and is logged. */
function besideTheChange<E extends DomainEvent>(
  event: E,
  listener: (tx: Tx, payload: DomainEvents[E]) => Promise<unknown>,
  log: (error: unknown, what: string) => void,
): InTransactionListener<E> {
  return async (tx, payload) => {
    try {
      await tx.transaction((savepoint) => listener(savepoint, payload));
    } catch (error) {
      log(error, `Discord jobs for ${event} could not be stored; the change stands without them`);
    }
  };
}
