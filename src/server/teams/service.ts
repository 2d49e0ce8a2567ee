import type { Locale } from '../../shared/i18n/locales.js';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { computeCapacity, type Capacity } from '../../shared/capacity.js';
import { legalTextsVersion } from '../../shared/legal-version.js';
import { lookAlikeKey } from '../../shared/look-alike.js';
import { registrationRefusal, type RegistrationRefusal } from '../../shared/tournament-phase.js';
import { toMinorUnits } from '../../shared/money.js';
import type { Team, teamCreateSchema } from '../../shared/schemas/team.js';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.js';
import { findRosterConflict } from './lifecycle/roster.js';
import { awaitingOffer, confirmed, holdsSpot, waiting } from './lifecycle/rules.js';
import { countHeld, hasSpotsToFree, lockTournament, repairHeldCounts } from './lifecycle/spots.js';
import { createRegistrationBatcher } from './registration-batcher.js';
import { initialStatus, releaseAllExpiredHolds, waitlistedStatus } from './lifecycle/transitions.js';
import { teamMembers, teams, tournaments } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { conflict, notFound } from '../http/errors.js';
import { createLookAlikeKeyFiller } from './look-alike-keys.js';
import { repeatedRiotIdError, repeatedRiotIdIndex, riotIdIndexOfKey, rosterFieldPath, takenNameError, takenRiotIdError } from './roster-conflicts.js';
import { requireEventHub, type EventHub } from '../events/hub.js';
import { afterCommit } from '../http/public-data.js';
import { msg } from '../../shared/i18n/msg.js';

type TeamCreateValues = z.output<typeof teamCreateSchema>;
type TeamRow = typeof teams.$inferSelect;
/**
 * A team registered again for another cup (register-again.ts): where it came from, and the captain's
 * Discord account connected there (so "My Teams" lists the new one too). None on a first registration.
 */
export type Lineage = { previousTeamId: string; lineageId: string; discordUserId: string | null; discordGuildJoinedAt: Date | null } | Record<string, never>;

/** Consent is recorded only when given: with its time and the version of the legal texts the captain saw. */
function consentOf(input: TeamCreateValues, at: Date) {
  return {
    termsAcceptedAt: input.acceptedTerms ? at : null,
    termsVersion: input.acceptedTerms ? legalTextsVersion : null,
    ageConfirmedAt: input.ageConfirmed ? at : null,
  };
}

/** What a captain is told when the tournament's phase refuses a registration (shared/tournament-phase.ts). */
const refusalMessages: Record<RegistrationRefusal, string> = {
  cancelled: msg('This tournament was cancelled'),
  not_live: msg('This tournament is not accepting registrations'),
  switched_off: msg('Registration is closed for this tournament'),
  past_deadline: msg('The registration deadline for this tournament has passed'),
};

function assertAcceptsRegistrations(tournament: typeof tournaments.$inferSelect, at: Date): void {
  const refusal = registrationRefusal(tournament, at);
  if (refusal) throw conflict(refusalMessages[refusal]);
}

/** What registration needs of the waitlist: expired holds released and freed spots offered (waitlist/service.ts). */
export interface FreedSpots {
  offerFreedSpots(tournamentId: string): Promise<unknown>;
}

function assertDistinctRiotIds(input: TeamCreateValues): void {
  const repeated = repeatedRiotIdIndex(riotIdsOf(input));
  if (repeated >= 0) throw repeatedRiotIdError(rosterFieldPath(repeated, input.players.length));
}

const isFree = (tournament: typeof tournaments.$inferSelect) => toMinorUnits(tournament.entryFee) === 0;

/**
 * Who may act for a new team and how to write to its captain: the registering browser's owner token
 * and the team link (hashes; null: nobody can), and the language the captain registered in (their
 * mail's; English when not given).
 */
export interface TeamOrigin {
  ownerTokenHash: string | null;
  teamLinkHash: string | null;
  language?: Locale;
}

/** A new team's row (registration or waitlist), its tournament aside. */
function teamValues(
  tournament: typeof tournaments.$inferSelect,
  input: TeamCreateValues,
  hashes: TeamOrigin,
  status: ReturnType<typeof initialStatus> | ReturnType<typeof waitlistedStatus>,
  at: Date,
) {
  return {
    name: input.name,
    nameKey: lookAlikeKey(input.name),
    logoUrl: input.logoUrl,
    captainDiscord: input.captainDiscord,
    captainRiotId: input.captainRiotId,
    captainEmail: input.captainEmail,
    ...hashes,
    ...consentOf(input, at),
    currency: tournament.currency,
    ...status,
    createdAt: at,
  };
}

/** The roster's rows, each Riot ID with its look-alike key: the captain first, then the players, then the substitutes. */
function rosterOf(input: TeamCreateValues) {
  return [
    ...input.players.map((p, index) => ({ riotId: p.riotId, role: index === 0 ? 'Captain' : 'Player', position: index })),
    ...input.substitutes.map((s, index) => ({ riotId: s.riotId, role: 'Substitute', position: input.players.length + index })),
  ].map((member) => ({ ...member, riotIdKey: lookAlikeKey(member.riotId) }));
}

const riotIdsOf = (input: TeamCreateValues) => [...input.players, ...input.substitutes].map((p) => p.riotId);

/**
 * Two captains racing for one name or Riot ID both pass the checks; the unique indexes decide.
 * `explain` may throw the precise refusal (which field is taken) before the general one.
 */
async function insertUnique<T>(insert: () => Promise<T>, explain: () => Promise<void> = async () => {}): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await explain();
    throw conflict(msg('That team name or one of these Riot IDs is already registered for this tournament'));
  }
}

export function createTeamService(
  db: Db,
  now: () => Date,
  holdMinutes: number,
  events: EventHub,
  // Without a waitlist (scripts): expired holds are only released.
  spots: FreedSpots = { offerFreedSpots: (tournamentId) => releaseAllExpiredHolds(db, now(), tournamentId) },
) {
  const announce = afterCommit(requireEventHub(events, 'createTeamService'));
  const lookAlikeKeys = createLookAlikeKeyFiller(db);
  const batcher = createRegistrationBatcher({ db, now, readTournament: (id) => tournamentWithFreedSpots(id, now()), afterWrite: announce });
  async function liveTournament(id: string) {
    const [tournament] = await db
      .select()
      .from(tournaments)
      .where(and(eq(tournaments.id, id), isNull(tournaments.deletedAt)));
    if (!tournament) throw notFound('Tournament');
    return tournament;
  }

  /**
   * The tournament a registration counts on: expired holds give back their spots and a waiting team
   * is offered them before any newcomer. The common case, nothing to give back, is one query.
   */
  async function tournamentWithFreedSpots(id: string, at: Date) {
    const [row] = await db
      .select({ tournament: tournaments, hasSpotsToFree: hasSpotsToFree(tournaments.id, at) })
      .from(tournaments)
      .where(and(eq(tournaments.id, id), isNull(tournaments.deletedAt)));
    if (!row) throw notFound('Tournament');
    if (!row.hasSpotsToFree) return row.tournament;
    await spots.offerFreedSpots(id);
    return liveTournament(id);
  }

  /** A taken name or Riot ID is refused on its field, saying what to do (roster-conflicts.ts). */
  async function assertRosterFree(tournamentId: string, input: TeamCreateValues): Promise<void> {
    const riotIds = riotIdsOf(input);
    const taken = await findRosterConflict(db, { tournamentId, name: input.name, riotIds });
    if (taken?.kind === 'name') throw takenNameError(input.name);
    if (taken?.kind === 'riotId') {
      const index = riotIdIndexOfKey(riotIds, taken.key);
      throw takenRiotIdError(taken.riotId, index >= 0 ? rosterFieldPath(index, input.players.length) : null);
    }
  }

  async function insertTeam(
    tx: Tx,
    tournament: typeof tournaments.$inferSelect,
    input: TeamCreateValues,
    hashes: TeamOrigin,
    status: ReturnType<typeof waitlistedStatus>,
    at: Date,
    lineage: Lineage,
  ): Promise<TeamRow> {
    const [team] = await tx
      .insert(teams)
      .values({ ...teamValues(tournament, input, hashes, status, at), ...lineage, tournamentId: tournament.id })
      .returning();
    await tx.insert(teamMembers).values(rosterOf(input).map((m) => ({ ...m, teamId: team.id, tournamentId: tournament.id })));
    return team;
  }

  async function toTeams(rows: TeamRow[], isAdmin: boolean): Promise<Team[]> {
    if (!rows.length) return [];
    const members = await db
      .select()
      .from(teamMembers)
      .where(
        inArray(
          teamMembers.teamId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(teamMembers.position));
    return rows.map((row) => {
      const own = members.filter((m) => m.teamId === row.id);
      const team: Team = {
        id: row.id,
        tournamentId: row.tournamentId,
        name: row.name,
        logoUrl: row.logoUrl,
        captainRiotId: row.captainRiotId,
        players: own.filter((m) => m.role !== 'Substitute').map((m) => ({ riotId: m.riotId, role: m.role })),
        substitutes: own.filter((m) => m.role === 'Substitute').map((m) => ({ riotId: m.riotId })),
        paymentStatus: row.paymentStatus,
        createdAt: row.createdAt.toISOString(),
      };
      if (isAdmin) {
        Object.assign(team, {
          captainDiscord: row.captainDiscord,
          captainEmail: row.captainEmail,
          withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
          amountPaid: row.amountPaid,
          amountRefunded: row.amountRefunded,
          currency: row.currency,
          paymentRef: row.paymentRef,
          paidAt: row.paidAt?.toISOString() ?? null,
          holdExpiresAt: row.holdExpiresAt?.toISOString() ?? null,
          erasedAt: row.erasedAt?.toISOString() ?? null,
          checkedInAt: row.checkedInAt?.toISOString() ?? null,
          checkedInBy: row.checkedInBy,
          noShowAt: row.noShowAt?.toISOString() ?? null,
          consent: {
            termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
            termsVersion: row.termsVersion,
            ageConfirmedAt: row.ageConfirmedAt?.toISOString() ?? null,
          },
        });
      }
      return team;
    });
  }

  return {
    /** Refuses the registrations still waiting for their batch: the app is closing. */
    closeBatches: batcher.close,
    /** Registered teams in order of registration; captain Discord and payment details only for an admin. */
    async list(tournamentId: string, { isAdmin }: { isAdmin: boolean }): Promise<Team[]> {
      const rows = await db
        .select()
        .from(teams)
        // The organizer also sees teams that paid and were since refunded or removed: their money is still to account for.
        .where(and(eq(teams.tournamentId, tournamentId), isAdmin ? or(holdsSpot.sql(now()), gt(teams.amountPaid, 0)) : holdsSpot.sql(now())))
        .orderBy(asc(teams.createdAt), asc(teams.id));
      return toTeams(rows, isAdmin);
    },

    async capacity(tournamentId: string): Promise<Capacity> {
      const [tournament] = await db
        .select({ maxTeams: tournaments.maxTeams })
        .from(tournaments)
        .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)));
      if (!tournament) throw notFound('Tournament');
      const at = now();
      // A team offered a spot from the waitlist counts as pending (its spot is kept), no longer as waiting.
      const [counts] = await db
        .select({
          confirmed: sql<number>`count(*) filter (where ${confirmed.sql(at)})::int`,
          waiting: sql<number>`count(*) filter (where ${awaitingOffer.sql(at)})::int`,
        })
        .from(teams)
        .where(eq(teams.tournamentId, tournamentId));
      return computeCapacity(await countHeld(db, tournamentId, at), tournament.maxTeams, counts);
    },

    /**
     * Creates a team holding a spot: the claim on the tournament's counter, the team and its roster
     * in one statement shared with the registrations that arrive with it (registration-batcher.ts,
     * lifecycle/spots.ts `registerWithSpots`), so concurrent registrations never exceed max_teams and
     * none holds the tournament's row for more than that statement. `ownerTokenHash` is what lets the
     * registering browser pay (teams/team-owner.ts); `teamLinkHash` is the captain's team link
     * (teams/team-link.ts), the same right from any device. Null: nobody can.
     */
    async register(
      input: TeamCreateValues,
      origin: TeamOrigin,
      lineage: Lineage = {},
    ): Promise<{ id: string; paymentStatus: Team['paymentStatus']; holdExpiresAt: string | null }> {
      assertDistinctRiotIds(input);
      const at = now();
      // The team is written with the fee and currency its batch read; if the organizer changed them
      // before the claim (which checks them), the registration starts over with the new ones.
      for (;;) {
        let status = initialStatus({ isFree: false, at, holdMinutes });
        const { outcome, id, tournament } = await batcher.claim({
          tournamentId: input.tournamentId,
          prepare: (current) => {
            assertAcceptsRegistrations(current, at);
            // Fast refusal of a full tournament; the claim decides.
            if (current.held >= current.maxTeams) throw conflict(msg('This tournament is full'));
            status = initialStatus({ isFree: isFree(current), at, holdMinutes });
            return { team: { ...teamValues(current, input, origin, status, at), ...lineage }, roster: rosterOf(input) };
          },
        });
        if (outcome === 'registered') return { id, paymentStatus: status.paymentStatus, holdExpiresAt: status.holdExpiresAt?.toISOString() ?? null };
        // Only now is the roster looked up, to say which field is taken.
        if (outcome === 'taken') {
          await assertRosterFree(tournament.id, input);
          throw conflict(msg('That team name or one of these Riot IDs is already registered for this tournament'));
        }
        if (outcome === 'full') throw conflict(msg('This tournament is full'));
        const fresh = await liveTournament(tournament.id);
        assertAcceptsRegistrations(fresh, at);
        if (fresh.entryFee === tournament.entryFee && fresh.currency === tournament.currency) throw conflict(msg('This tournament is full'));
      }
    },

    /**
     * Puts a team on the waitlist of a full tournament (the step 1 form, no payment): it holds no
     * spot, but its name and Riot IDs are held as a registration's are. Under the tournament's lock,
     * like a registration, so "full" is decided on the same count.
     */
    async joinWaitlist(
      input: TeamCreateValues,
      origin: TeamOrigin & { teamLinkHash: string },
      lineage: Lineage = {},
    ): Promise<{ id: string; position: number }> {
      assertDistinctRiotIds(input);
      const at = now();
      const current = await liveTournament(input.tournamentId);
      assertAcceptsRegistrations(current, at);
      await spots.offerFreedSpots(current.id);
      await assertRosterFree(current.id, input);
      return insertUnique(() =>
        announce(db.transaction(async (tx) => {
          // Full on the counter registration claims on, read under the lock that claims wait for.
          const tournament = await lockTournament(tx, input.tournamentId);
          if (!tournament || tournament.deletedAt) throw notFound('Tournament');
          assertAcceptsRegistrations(tournament, at);
          if (tournament.held < tournament.maxTeams) throw conflict(msg('This tournament is not full: register your team instead of joining the waitlist'));
          const team = await insertTeam(tx, tournament, input, origin, waitlistedStatus(at), at, lineage);
          const [ahead] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(teams)
            .where(and(eq(teams.tournamentId, tournament.id), waiting.sql(at)));
          return { id: team.id, position: ahead.n };
        })),
      );
    },

    /** Before the server takes requests, and in the sweep: the look-alike keys of rows written without one (look-alike-keys.ts). */
    fillLookAlikeKeys: () => lookAlikeKeys.fill(),

    /** The sweep's check that each tournament's held spots match its teams (repaired when not): the drifts found. */
    checkHeldSpots: () => repairHeldCounts(db),

    async get(id: string): Promise<TeamRow> {
      const [row] = await db.select().from(teams).where(eq(teams.id, id));
      if (!row) throw notFound('Team');
      return row;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
