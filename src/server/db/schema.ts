import { sql } from 'drizzle-orm';
import type { AuditAction } from '../../shared/schemas/audit.js';
import type { ContactMessageStatus } from '../../shared/schemas/inbox.js';
import type { SiteSettingsInput } from '../../shared/schemas/site.js';
import type { BestOf, MapResultInput, ScoringRule } from '../../shared/schemas/match.js';
import type { StoredVeto } from '../../shared/match/veto.js';
import type { StoredForfeitClaim, StoredReady, StoredReport } from '../../shared/match/report-states.js';
import type { RefundKind, RefundStatus } from '../../shared/schemas/refund.js';
import type { BracketFormat, FormatOptions, SeedingMethod } from '../../shared/schemas/bracket.js';
import type { TeamStatus } from '../../shared/schemas/team.js';
import type { Role } from '../../shared/permissions.js';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    format: text('format').notNull(),
    prizePool: numeric('prize_pool', { precision: 12, scale: 2 }).notNull(),
    entryFee: numeric('entry_fee', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    maxTeams: integer('max_teams').notNull().default(32),
    // Teams whose row keeps a spot (teams/lifecycle/rules.ts `occupiesSpot`): written only by teams/lifecycle/, in the transaction of the change.
    held: integer('held').notNull().default(0),
    registrationCloses: tstz('registration_closes').notNull(),
    tournamentDate: tstz('tournament_date').notNull(),
    rules: text('rules'),
    registrationOpen: boolean('registration_open').notNull().default(false),
    status: text('status').notNull().default('inactive'),
    deletedAt: tstz('deleted_at'),
    // Cancelled by the organizer: registration closed for good, every paid team refunded in full.
    cancelledAt: tstz('cancelled_at'),
    // When captains can no longer change their Riot IDs; null: at registration close.
    rosterLocksAt: tstz('roster_locks_at'),
    // Check-in before the start; null opens/closes: 60 minutes before the start, and the start (shared/check-in.ts).
    checkInEnabled: boolean('check_in_enabled').notNull().default(true),
    checkInOpensAt: tstz('check_in_opens_at'),
    checkInClosesAt: tstz('check_in_closes_at'),
    /** The maps its vetoes are run from; null: the site's default pool. */
    mapPool: jsonb('map_pool').$type<string[]>(),
    scoringRule: text('scoring_rule').$type<ScoringRule>().notNull().default('valorant'),
    /** How long a captain has for each veto turn before the site acts for the team. */
    vetoTurnSeconds: integer('veto_turn_seconds').notNull().default(90),
    /** Its page's address, /tournaments/{slug} (tournaments/slugs.ts): unique, kept when the name changes. */
    slug: text('slug')
      .notNull()
      .default(sql`('cup-' || substr(md5(random()::text), 1, 12))`),
    /** A Twitch channel or a YouTube video (shared/schemas/stream.ts); null: none. */
    streamUrl: text('stream_url'),
    /** Captains report and confirm results (false: results by staff only), the opponent's confirmation deadline and the no-show allowance. */
    selfReporting: boolean('self_reporting').notNull().default(true),
    reportConfirmMinutes: integer('report_confirm_minutes').notNull().default(10),
    noShowMinutes: integer('no_show_minutes').notNull().default(10),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tournaments_one_active')
      .on(t.status)
      .where(sql`status = 'active' and deleted_at is null`),
    uniqueIndex('tournaments_slug').on(t.slug),
    check('tournaments_currency', sql`currency in ('USD','EUR','GBP')`),
    check('tournaments_status', sql`status in ('active','inactive')`),
    check('tournaments_max_teams', sql`max_teams >= 4`),
  ],
);

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    name: text('name').notNull(),
    // What `name` is compared on (shared/look-alike.ts): unique among the tournament's held names.
    // Written with the name; rows older than the column get theirs at start (teams/look-alike-keys.ts).
    nameKey: text('name_key'),
    logoUrl: text('logo_url'),
    captainDiscord: text('captain_discord').notNull(),
    captainRiotId: text('captain_riot_id').notNull(),
    // Written only by src/server/teams/lifecycle/ (its transitions table).
    paymentStatus: text('payment_status').$type<TeamStatus>().notNull().default('pending'),
    paymentRef: text('payment_ref'),
    amountPaid: integer('amount_paid'),
    // What went back to the captain, in minor units: the sum of the team's succeeded refunds.
    amountRefunded: integer('amount_refunded').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    holdExpiresAt: tstz('hold_expires_at'),
    paidAt: tstz('paid_at'),
    // Set when the team stops holding its name, Riot IDs and spot (hold expired, refunded).
    releasedAt: tstz('released_at'),
    // SHA-256 of the token in the registering browser's cookie: only that browser may pay (teams/team-owner.ts).
    ownerTokenHash: text('owner_token_hash'),
    // Consent at registration (optional in the API): when, and the version of the legal texts accepted.
    termsAcceptedAt: tstz('terms_accepted_at'),
    termsVersion: text('terms_version'),
    ageConfirmedAt: tstz('age_confirmed_at'),
    // Personal data erased (privacy/erasure.ts): the name reads "Removed team", the figures stay.
    erasedAt: tstz('erased_at'),
    // Personal data: for the receipt and the team link only, never shown publicly.
    captainEmail: text('captain_email'),
    // The language the captain registered in (src/shared/i18n/locales.ts): their mail is written in it.
    language: text('language').notNull().default('en'),
    // SHA-256 of the key in the captain's private team link (teams/team-link.ts); rotating it replaces it.
    teamLinkHash: text('team_link_hash'),
    // The captain withdrew the team (its status is then removed or refunded, written by teams/lifecycle/).
    withdrawnAt: tstz('withdrawn_at'),
    // Tournament day, written by teams/lifecycle/tournament-day.ts: checked in (by 'captain' or the organizer's username), or a no-show at the close.
    checkedInAt: tstz('checked_in_at'),
    checkedInBy: text('checked_in_by'),
    noShowAt: tstz('no_show_at'),
    // The waitlist (waitlist/service.ts): joined when the tournament was full; the offer of a freed spot, to claim until it expires.
    waitlistedAt: tstz('waitlisted_at'),
    // The waitlist's order: joins in the same millisecond still queue one after the other.
    waitlistOrder: bigserial('waitlist_order', { mode: 'number' }).notNull(),
    offeredAt: tstz('offered_at'),
    offerExpiresAt: tstz('offer_expires_at'),
    // Registered again for another cup (teams/register-again.ts): the registration it came from, and
    // the first registration's id shared by all of them (null on a team never registered again).
    // No foreign keys: rows are never deleted, and a restore inserts a table's rows in no set order.
    previousTeamId: uuid('previous_team_id'),
    lineageId: uuid('lineage_id'),
    // Personal data: the captain's Discord account, connected at step 2 (discord/connect-captain.ts), and
    // when the bot added them to (or found them in) the server; null while that could not be done.
    discordUserId: text('discord_user_id'),
    discordGuildJoinedAt: tstz('discord_guild_joined_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teams_name_key_per_tournament')
      .on(t.tournamentId, t.nameKey)
      .where(sql`released_at is null and erased_at is null`),
    // Kept from before the keys, for a row written without one (by an instance of the previous version during a rolling deploy).
    uniqueIndex('teams_name_per_tournament')
      .on(t.tournamentId, sql`lower(${t.name})`)
      .where(sql`released_at is null and erased_at is null`),
    index('teams_tournament').on(t.tournamentId, t.createdAt),
    index('teams_lineage')
      .on(t.lineageId)
      .where(sql`lineage_id is not null`),
    index('teams_waitlist')
      .on(t.tournamentId, t.waitlistOrder)
      .where(sql`payment_status = 'waitlisted'`),
    check('teams_payment_status', sql`payment_status in ('pending','completed','failed','expired','partially_refunded','refunded','removed','waitlisted')`),
  ],
);

/**
 * The prize pool split by placement (amounts in minor units, adding up to the pool), and each
 * payout the organizer made by hand and recorded: to whom, when, how, a reference.
 */
export const tournamentPrizes = pgTable(
  'tournament_prizes',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    placement: smallint('placement').notNull(),
    amount: integer('amount').notNull(),
    paidTo: text('paid_to'),
    paidAt: tstz('paid_at'),
    paidMethod: text('paid_method'),
    paidReference: text('paid_reference'),
    recordedAt: tstz('recorded_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.placement], name: 'tournament_prizes_pkey' }),
    check('tournament_prizes_placement', sql`placement >= 1`),
    check('tournament_prizes_amount', sql`amount >= 0`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    riotId: text('riot_id').notNull(),
    // What `riot_id` is compared on (shared/look-alike.ts), as `teams.name_key` is for the name.
    riotIdKey: text('riot_id_key'),
    role: text('role').notNull(),
    position: integer('position').notNull(),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    uniqueIndex('team_members_riot_id_key_per_tournament')
      .on(t.tournamentId, t.riotIdKey)
      .where(sql`released = false`),
    // Kept from before the keys, as teams_name_per_tournament is.
    uniqueIndex('team_members_riot_id_per_tournament')
      .on(t.tournamentId, sql`lower(${t.riotId})`)
      .where(sql`released = false`),
    index('team_members_team').on(t.teamId, t.position),
    check('team_members_role', sql`role in ('Captain','Player','Substitute')`),
  ],
);

export const champions = pgTable('champions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tournamentId: uuid('tournament_id').references(() => tournaments.id, { onDelete: 'set null' }),
  teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
  placement: integer('placement').notNull().default(1),
  prizeAmount: text('prize_amount'),
  currency: text('currency').notNull().default('USD'),
  teamName: text('team_name').notNull(),
  teamLogoUrl: text('team_logo_url'),
  playerNames: jsonb('player_names').$type<string[]>().notNull().default([]),
  highlights: jsonb('highlights').$type<{ title: string; url: string; type: 'youtube' | 'twitch' }[]>().notNull().default([]),
  teamQuote: text('team_quote'),
  tournamentName: text('tournament_name').notNull(),
  tournamentDate: tstz('tournament_date').notNull(),
  createdAt: createdAt(),
});

export const adminUsers = pgTable('admin_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>().notNull().default('owner'),
  createdAt: createdAt(),
  disabledAt: tstz('disabled_at'),
  lastSignInAt: tstz('last_sign_in_at'),
  // The enrolled TOTP secret; the pending one counts only after its first correct code.
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  // The last 30 s step a code was accepted for: a code is never accepted twice.
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  // The Discord account the staff member linked (discord/link-staff.ts), given the staff role: personal data, cleared by unlinking.
  discordUserId: text('discord_user_id'),
  discordUsername: text('discord_username'),
});

/** Single-use codes for a lost authenticator, stored as sha256 (they are random, not passwords). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [index('recovery_codes_user').on(t.userId)],
);

/** Single-use links that let someone pick a username and password for an account with a given role. */
export const accountInvites = pgTable(
  'account_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    email: text('email'),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [uniqueIndex('account_invites_token').on(t.tokenHash)],
);

/** A right password for an account with two-factor on: the code still to come, for 5 minutes. */
export const signInChallenges = pgTable('sign_in_challenges', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  expiresAt: tstz('expires_at').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    // sha256 of the cookie token: a leaked table gives no usable session.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    // What the owner sees in their list of sessions, and ends one by.
    publicId: uuid('public_id').notNull().defaultRandom(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    // When this session last proved the second factor: money actions ask again after 15 minutes.
    secondFactorAt: tstz('second_factor_at'),
  },
  (t) => [index('sessions_user').on(t.userId), uniqueIndex('sessions_public_id').on(t.publicId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** Filed in the admin's inbox; the contact form's honeypot files a message as spam at once. */
    status: text('status').$type<ContactMessageStatus>().notNull().default('new'),
    repliedAt: tstz('replied_at'),
  },
  (t) => [check('contact_messages_status', sql`status in ('new', 'handled', 'spam')`), index('contact_messages_status_created').on(t.status, t.createdAt)],
);

export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** The plain-text part (every message has one). */
    body: text('body').notNull(),
    /** The HTML part, when the message has one (the captain's mail, mail/templates/). */
    html: text('html'),
    /** The team a message to its captain is about: the privacy export and erasure find its mail by this. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** Names the event a message tells of ("receipt:<payment>"): the same event twice enqueues one message. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    sentAt: tstz('sent_at'),
    /** Failed deliveries so far, the last one's reason, and when the sender gave up (the owner may retry). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: tstz('failed_at'),
  },
  (t) => [uniqueIndex('outbox_dedupe_key').on(t.dedupeKey), index('outbox_team').on(t.teamId)],
);

export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * The demo payment provider's own ledger: Stripe-shaped payment intents that move no money.
 * Only the demo adapter reads or writes it; with Stripe keys it stays empty.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    teamId: uuid('team_id').notNull(),
    tournamentId: uuid('tournament_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requires_payment_method'),
    lastError: text('last_error'),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    // Paid with Stripe's test card 4000 0000 0000 5126, whose refunds fail: how the demo shows a failed refund.
    refundsFail: boolean('refunds_fail').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('demo_payments_idempotency_key').on(t.idempotencyKey), uniqueIndex('demo_payments_client_secret').on(t.clientSecret)],
);

/** The demo provider's refunds, Stripe-shaped; one per idempotency key, as Stripe keeps them. */
export const demoRefunds = pgTable(
  'demo_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    paymentId: text('payment_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('demo_refunds_idempotency_key').on(t.idempotencyKey)],
);

export const objects = pgTable('objects', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tstz('reset_at').notNull(),
});

/**
 * Who did what in the back-office, written in the same transaction as the change it records.
 * Append-only: a trigger (migration 0003) refuses UPDATE and DELETE; only a restore truncates it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    // A sequence, not a uuid: the order of events and the Activity tab's cursor.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    // Null for a failed sign-in. No foreign key: an entry outlives the account, and `actor` keeps its name.
    actorId: uuid('actor_id'),
    actor: text('actor').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    tournamentId: uuid('tournament_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_tournament').on(t.tournamentId, t.id)],
);

/**
 * Money going back to a captain, one row per refund asked of the provider. The idempotency key is
 * stored before the provider is called, so a retry (a double click, a cancel sent twice, a crash
 * between the call and its answer) asks again under the same key and Stripe answers the first refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id),
    tournamentId: uuid('tournament_id').notNull(),
    paymentRef: text('payment_ref').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** withdrawal (the policy), cancellation, custom, or automatic (a late or outdated payment). */
    kind: text('kind').$type<RefundKind>().notNull(),
    reason: text('reason'),
    requestedBy: text('requested_by').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    status: text('status').$type<RefundStatus>().notNull().default('requested'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_provider_refund_id').on(t.providerRefundId),
    index('refunds_team').on(t.teamId),
    check('refunds_amount', sql`amount > 0`),
    check('refunds_status', sql`status in ('requested','pending','succeeded','failed')`),
  ],
);

/**
 * A captain's change of Riot IDs after registration, shown to the organizer. The Riot IDs live
 * here, not in the append-only audit log (which keeps only this row's id), so they can be erased.
 */
export const rosterChanges = pgTable(
  'roster_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    tournamentId: uuid('tournament_id').notNull(),
    at: tstz('at').notNull().defaultNow(),
    /** 'captain' (through the team link) or the organizer's username. */
    changedBy: text('changed_by').notNull(),
    before: jsonb('before').$type<RosterSnapshot>().notNull(),
    after: jsonb('after').$type<RosterSnapshot>().notNull(),
  },
  (t) => [index('roster_changes_team').on(t.teamId, t.at)],
);

/** Players 2 to 5 and the substitutes, as a roster change records them. */
export interface RosterSnapshot {
  players: string[];
  substitutes: string[];
}

/**
 * A tournament's bracket: the seeding it was generated with. The matches and their results hang
 * off it; shared/bracket derives everything else, so a corrected result needs no cascade here.
 */
export const brackets = pgTable(
  'brackets',
  {
    tournamentId: uuid('tournament_id')
      .primaryKey()
      .references(() => tournaments.id),
    /** Team ids, seed 1 first. */
    teamIds: jsonb('team_ids').$type<string[]>().notNull(),
    seedingMethod: text('seeding_method').$type<SeedingMethod>().notNull(),
    thirdPlace: boolean('third_place').notNull(),
    /** The format of the (first) stage, and its options with the playoff that may follow it. */
    format: text('format').$type<BracketFormat>().notNull().default('single_elimination'),
    formatOptions: jsonb('format_options').$type<FormatOptions>().notNull().default({}),
    /** The organizer drew the playoff: its teams follow from the first stage's standings. */
    playoffDrawnAt: tstz('playoff_drawn_at'),
    /** What the draw was asked for: every match's best-of and the final's (each match keeps its own, see matches.best_of). */
    bestOf: smallint('best_of').$type<BestOf>().notNull().default(1),
    finalBestOf: smallint('final_best_of').$type<BestOf>().notNull().default(1),
    /** Its captains run the map veto on the site; false for a bracket drawn before the veto existed. */
    mapVeto: boolean('map_veto').notNull().default(true),
    createdAt: createdAt(),
    /** The organizer confirmed the final: champion rows were written, once. */
    confirmedAt: tstz('confirmed_at'),
  },
  () => [
    check('brackets_seeding_method', sql`seeding_method in ('registration','random','manual')`),
    check('brackets_format', sql`format in ('single_elimination','double_elimination','round_robin','swiss')`),
  ],
);

/** One row per match of the bracket (its id is the API's match id); a result is its winner and the two teams it was entered for. */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => brackets.tournamentId, { onDelete: 'cascade' }),
    /** The bracket module's match key (r1m1, ..., third-place). */
    key: text('key').notNull(),
    team1Id: uuid('team1_id'),
    team2Id: uuid('team2_id'),
    winnerTeamId: uuid('winner_team_id'),
    score: text('score'),
    /** The series: its best-of, the maps played in order with their rounds, a forfeit (no maps). */
    bestOf: smallint('best_of').$type<BestOf>().notNull().default(1),
    maps: jsonb('maps').$type<MapResultInput[]>(),
    forfeit: boolean('forfeit').notNull().default(false),
    /** The map veto: the teams it is run for and its log (shared/match/veto.ts replays it); null before the first action. */
    veto: jsonb('veto').$type<StoredVeto>(),
    /** The organizer's start time; null: derived (match-view.ts `startsAtOf`). */
    startsAt: tstz('starts_at'),
    /** The ready check: when each team's captain said ready (only entries for the teams the match has now count). */
    ready: jsonb('ready').$type<StoredReady[]>(),
    /** The captains' result report (shared/match/report-states.ts); written only by matches/match-reports.ts. */
    report: jsonb('report').$type<StoredReport>(),
    forfeitClaim: jsonb('forfeit_claim').$type<StoredForfeitClaim>(),
    note: text('note'),
    /** A Twitch channel or a YouTube video for this match (shared/schemas/stream.ts); null: the tournament's. */
    streamUrl: text('stream_url'),
    enteredAt: tstz('entered_at'),
    enteredBy: text('entered_by'),
  },
  (t) => [uniqueIndex('matches_key_per_tournament').on(t.tournamentId, t.key)],
);

/** Slugs a tournament had before: an old link to its page redirects to the current slug. */
export const tournamentOldSlugs = pgTable('tournament_old_slugs', {
  slug: text('slug').primaryKey(),
  tournamentId: uuid('tournament_id')
    .notNull()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  replacedAt: tstz('replaced_at').notNull().defaultNow(),
});

/** The organizer's site settings (one row): only the fields they set; the environment gives the others. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    values: jsonb('values').$type<Partial<SiteSettingsInput>>().notNull().default({}),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  () => [check('site_settings_one_row', sql`id = 1`)],
);

/**
 * Discord announcements waiting to be posted (discord/announcer.ts): written when the news happens,
 * posted by the sender, retried after a failure or a 429's retry_after. The key posts a piece of
 * news once (one "registration open" per tournament, one post per result entered).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: tstz('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('announcements_dedupe_key').on(t.dedupeKey)],
);

/**
 * A Discord authorization in progress (discord/connect-captain.ts): the SHA-256 of its `state`, the
 * team it will connect, its PKCE verifier and where the captain goes back to. Used once (deleted
 * when the captain comes back), short-lived (expired rows are refused and swept).
 */
export const discordAuthorizations = pgTable(
  'discord_authorizations',
  {
    stateHash: text('state_hash').primaryKey(),
    teamId: uuid('team_id').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnPath: text('return_path').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('discord_authorizations_expires').on(t.expiresAt)],
);

/**
 * What a Discord job does (discord/outbox.ts): the cup's captain role created, given to a captain,
 * taken away; the cup's category created, a match's channel created, a step posted in it, archived;
 * a channel and the category deleted, once the cup's retention ends or the organizer cleans up (discord/match-channels.ts);
 * the staff role created, given to a staff account, taken away (discord/staff-role.ts).
 */
export type DiscordJobKind = CupJobKind | StaffJobKind;
export type CupJobKind =
  | 'create-role'
  | 'add-role'
  | 'remove-role'
  | 'create-category'
  | 'create-channel'
  | 'post-step'
  | 'archive-channel'
  | 'delete-channel'
  | 'delete-category'
  | 'add-staff-overwrite';
/** The server's one staff role (discord/staff-role.ts): created once, given to and taken from a staff account; no cup. */
export type StaffJobKind = 'create-staff-role' | 'add-staff-role' | 'remove-staff-role';
export const staffJobKinds = ['create-staff-role', 'add-staff-role', 'remove-staff-role'] as const satisfies readonly StaffJobKind[];

/**
 * Discord's side of the site as an outbox (discord/outbox.ts): each job stored once under its key,
 * in the transaction of the change that asks for it, and sent later, in `seq` order per team (a
 * role is given before it is taken away). The captain's account id is kept only until the job is
 * sent, and cleared by an erasure. A job that failed too often stays with its last error.
 */
export const discordJobs = pgTable(
  'discord_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    jobKey: text('job_key').notNull(),
    kind: text('kind').$type<DiscordJobKind>().notNull(),
    /** Every job is a cup's but the staff role's (a check says so). */
    tournamentId: uuid('tournament_id').references(() => tournaments.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** A staff role job's account: an account's jobs are sent in order (given before taken away). */
    adminUserId: uuid('admin_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** A match channel's job: a match's jobs are sent in order (created before archived). */
    matchId: uuid('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    discordUserId: text('discord_user_id'),
    createdAt: createdAt(),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: tstz('claimed_at'),
    doneAt: tstz('done_at'),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('discord_jobs_job_key').on(t.jobKey),
    index('discord_jobs_due')
      .on(t.seq)
      .where(sql`done_at is null`),
    index('discord_jobs_team').on(t.teamId),
    index('discord_jobs_match').on(t.matchId),
    check(
      'discord_jobs_kind',
      sql`kind in ('create-role', 'add-role', 'remove-role', 'create-category', 'create-channel', 'post-step', 'archive-channel', 'delete-channel', 'delete-category', 'add-staff-overwrite', 'create-staff-role', 'add-staff-role', 'remove-staff-role')`,
    ),
    check('discord_jobs_cup', sql`tournament_id is not null or kind in ('create-staff-role', 'add-staff-role', 'remove-staff-role')`),
    index('discord_jobs_admin_user').on(t.adminUserId),
  ],
);

/** The captain role each cup has on the Discord server (discord/cup-roles.ts), created once by its job. */
export const discordCupRoles = pgTable('discord_cup_roles', {
  tournamentId: uuid('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  roleId: text('role_id').notNull(),
  createdAt: createdAt(),
});

/** The server's one staff role (discord/staff-role.ts), created once by its job: a single row. */
export const discordStaffRole = pgTable(
  'discord_staff_role',
  {
    id: boolean('id').primaryKey().default(true),
    roleId: text('role_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('discord_staff_role_single', sql`${t.id}`)],
);

/** The category each cup's match channels are under on the Discord server (discord/match-channels.ts), created once by its job. */
export const discordCupCategories = pgTable('discord_cup_categories', {
  tournamentId: uuid('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  categoryId: text('category_id').notNull(),
  createdAt: createdAt(),
});

/**
 * A match's private channel (discord/match-channels.ts), one per match and pair of teams (a
 * corrected earlier result that changes the teams makes another); archived (read-only) once final,
 * and the row deleted with the channel (the category's row with the category). No foreign key to
 * the match: a redraw deletes the matches, and the row stays until its channel is deleted.
 */
export const discordMatchChannels = pgTable(
  'discord_match_channels',
  {
    matchId: uuid('match_id').notNull(),
    team1Id: uuid('team1_id').notNull(),
    team2Id: uuid('team2_id').notNull(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    channelId: text('channel_id').notNull(),
    createdAt: createdAt(),
    /** When its first message (the match page link) was posted: a retry after a failed post posts it, never a second channel. */
    greetedAt: tstz('greeted_at'),
    /** The match time the channel was last told (its first message, then each change): a change is posted once. */
    toldStartsAt: tstz('told_starts_at'),
    archivedAt: tstz('archived_at'),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.team1Id, t.team2Id], name: 'discord_match_channels_pkey' })],
);

/** Why a team's data was erased: its captain or the owner asked, or its retention period ended. */
export type ErasureReason = 'request' | 'retention';

/**
 * Every erasure, by team id and time (nothing personal), written in the erasure's transaction
 * (privacy/erasure.ts). A restore keeps these rows and erases those teams again (ops/backup.ts),
 * so a backup taken before an erasure cannot bring the data back. No foreign key: a row outlives
 * the team's row.
 */
export const erasureLedger = pgTable(
  'erasure_ledger',
  {
    teamId: uuid('team_id').primaryKey(),
    erasedAt: tstz('erased_at').notNull(),
    reason: text('reason').$type<ErasureReason>().notNull(),
  },
  () => [check('erasure_ledger_reason', sql`reason in ('request', 'retention')`)],
);
