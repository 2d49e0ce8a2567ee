import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { takesRegistrations } from '../../shared/tournament-phase.js';
import { cupFullMessage, type CupToRegisterAgain, type registerAgainSchema } from '../../shared/schemas/register-again.js';
import { teamCreateSchema } from '../../shared/schemas/team.js';
import type { Db } from '../db/client.js';
import { teamMembers, teams, tournaments } from '../db/schema.js';
import { AppError, conflict } from '../http/errors.js';
import { holdsSpot, notWithdrawn, waiting } from './lifecycle/rules.js';
import type { TeamOrigin, TeamService } from './service.js';
import { msg } from '../../shared/i18n/msg.js';

type TeamRow = typeof teams.$inferSelect;
type RegisterAgainValues = z.output<typeof registerAgainSchema>;

export const registerAgainMessages = {
  sameCup: msg('Your team is already registered for this cup'),
  erased: msg("This team's data was erased: register the team from the registration page"),
  alreadyIn: msg('Your team is already registered for this cup under another registration'),
} as const;

/** The lineage every registration of one team shares: the first registration's id. */
export const lineageOf = (team: Pick<TeamRow, 'id' | 'lineageId'>) => team.lineageId ?? team.id;

/** Every registration of the team `team` belongs to (itself included), oldest first. */
export async function registrationsOfLineage(db: Db, team: Pick<TeamRow, 'id' | 'lineageId'>) {
  const lineage = lineageOf(team);
  return db
    .select({ team: teams, tournamentName: tournaments.name, tournamentDate: tournaments.tournamentDate })
    .from(teams)
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .where(or(eq(teams.id, lineage), eq(teams.lineageId, lineage)))
    .orderBy(asc(teams.createdAt), asc(teams.id));
}

/**
 * Returning teams: the captain of a past or current cup registers the same team (name, logo,
 * captain, roster, each editable through the roster) for a cup open now, in one step. It goes
 * through the registration service with the new cup's id, so every check a first registration
 * passes applies (look-alike names and Riot IDs within that cup, capacity, the hold), and the
 * result is a separate team row with its own payment, refunds, data rights and team link; only
 * `previous_team_id` and the lineage tie it to the others (the data export lists each cup).
 */
export function createRegisterAgain(db: Db, now: () => Date, teamService: TeamService) {
  /** Tournaments where a registration of this lineage still counts: holding a spot or waiting. */
  async function cupsAlreadyIn(team: TeamRow): Promise<Set<string>> {
    const at = now();
    const rows = await registrationsOfLineage(db, team);
    return new Set(rows.filter(({ team: row }) => notWithdrawn.holds(row, at) && (holdsSpot.holds(row, at) || waiting.holds(row, at))).map(({ team: row }) => row.tournamentId));
  }

  return {
    /** The cups open for registration now, except the ones this team is already in; soonest first. */
    async openCups(team: TeamRow): Promise<CupToRegisterAgain[]> {
      const at = now();
      const [rows, alreadyIn] = await Promise.all([
        db.select().from(tournaments).where(and(isNull(tournaments.deletedAt), ne(tournaments.id, team.tournamentId))).orderBy(asc(tournaments.tournamentDate)),
        cupsAlreadyIn(team),
      ]);
      const open = rows.filter((row) => takesRegistrations(row, at) && !alreadyIn.has(row.id));
      return Promise.all(
        open.map(async (row) => {
          const capacity = await teamService.capacity(row.id);
          return {
            id: row.id,
            name: row.name,
            tournamentDate: row.tournamentDate.toISOString(),
            entryFee: row.entryFee,
            currency: row.currency,
            spotsLeft: capacity.spotsLeft,
            isFull: capacity.spotsLeft <= 0,
          };
        }),
      );
    },

    /**
     * The new registration, or its place on the new cup's waitlist when it is full and
     * `joinWaitlist` asks for it. A full cup without it is refused on `joinWaitlist`, which the
     * team page answers by offering the waitlist, as /register does for a full cup.
     */
    async register(source: TeamRow, values: RegisterAgainValues, hashes: TeamOrigin & { teamLinkHash: string }) {
      if (source.erasedAt) throw conflict(registerAgainMessages.erased);
      if (values.tournamentId === source.tournamentId) throw conflict(registerAgainMessages.sameCup);
      if ((await cupsAlreadyIn(source)).has(values.tournamentId)) throw conflict(registerAgainMessages.alreadyIn);
      const input = await teamInput(source, values);
      // The same captain: their Discord account, if connected, comes along (discord/my-teams.ts lists the new team with the old).
      const lineage = { previousTeamId: source.id, lineageId: lineageOf(source), discordUserId: source.discordUserId, discordGuildJoinedAt: source.discordGuildJoinedAt };
      if (values.joinWaitlist) {
        const joined = await teamService.joinWaitlist(input, hashes, lineage);
        return { id: joined.id, tournamentId: values.tournamentId, paymentStatus: 'waitlisted' as const, holdExpiresAt: null, waitlistPosition: joined.position };
      }
      try {
        const created = await teamService.register(input, hashes, lineage);
        return { ...created, tournamentId: values.tournamentId, waitlistPosition: null };
      } catch (error) {
        // The registration service's refusal of a full cup, said with the way on: its waitlist.
        if (error instanceof AppError && error.code === 'conflict' && error.message === msg('This tournament is full')) {
          throw new AppError('conflict', cupFullMessage, [{ path: 'joinWaitlist', message: cupFullMessage }]);
        }
        throw error;
      }
    },
  };

  /** The registration payload of the same team for another cup, validated as POST /api/teams validates it. */
  async function teamInput(source: TeamRow, values: RegisterAgainValues) {
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, source.id)).orderBy(asc(teamMembers.position));
    const players = members.filter((m) => m.role !== 'Substitute').map((m) => m.riotId);
    const substitutes = members.filter((m) => m.role === 'Substitute').map((m) => m.riotId);
    const roster = values.roster
      ? {
          players: [values.roster.player2RiotId, values.roster.player3RiotId, values.roster.player4RiotId, values.roster.player5RiotId],
          substitutes: [values.roster.sub1RiotId, values.roster.sub2RiotId].filter((id): id is string => !!id),
        }
      : { players: players.slice(1), substitutes };
    const parsed = teamCreateSchema.safeParse({
      tournamentId: values.tournamentId,
      name: source.name,
      logoUrl: source.logoUrl,
      captainDiscord: source.captainDiscord,
      captainRiotId: source.captainRiotId,
      captainEmail: source.captainEmail,
      players: [source.captainRiotId, ...roster.players].map((riotId) => ({ riotId })),
      substitutes: roster.substitutes.map((riotId) => ({ riotId })),
      acceptedTerms: values.acceptedTerms,
      ageConfirmed: values.ageConfirmed,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw new AppError('validation', issues[0]?.message ?? msg('Invalid team'), issues);
    }
    return parsed.data;
  }
}

export type RegisterAgain = ReturnType<typeof createRegisterAgain>;
