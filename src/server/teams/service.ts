import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { computeCapacity, type Capacity } from '../../shared/capacity.js';
import { legalTextsVersion } from '../../shared/legal-version.js';
import { toMinorUnits } from '../../shared/money.js';
import type { Team, teamCreateSchema } from '../../shared/schemas/team.js';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { countHeld, findRosterConflict, holdsSpot, initialStatus, releaseExpiredHolds } from './lifecycle.js';
import { teamMembers, teams, tournaments } from '../db/schema.js';
import { AppError, conflict, notFound } from '../http/errors.js';

type TeamCreateValues = z.output<typeof teamCreateSchema>;
type TeamRow = typeof teams.$inferSelect;

/** Consent is recorded only when given: with its time and the version of the legal texts the captain saw. */
function consentOf(input: TeamCreateValues, at: Date) {
  return {
    termsAcceptedAt: input.acceptedTerms ? at : null,
    termsVersion: input.acceptedTerms ? legalTextsVersion : null,
    ageConfirmedAt: input.ageConfirmed ? at : null,
  };
}

function assertAcceptsRegistrations(tournament: typeof tournaments.$inferSelect, at: Date): void {
  if (tournament.cancelledAt) throw conflict('This tournament was cancelled');
  if (tournament.status !== 'active') throw conflict('This tournament is not accepting registrations');
  if (!tournament.registrationOpen) throw conflict('Registration is closed for this tournament');
  if (tournament.registrationCloses.getTime() <= at.getTime()) throw conflict('The registration deadline for this tournament has passed');
}

export function createTeamService(db: Db, now: () => Date, holdMinutes: number) {

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
    /** Registered teams in order of registration; captain Discord and payment details only for an admin. */
    async list(tournamentId: string, { isAdmin }: { isAdmin: boolean }): Promise<Team[]> {
      const rows = await db
        .select()
        .from(teams)
        // The organizer also sees teams that paid and were since refunded or removed: their money is still to account for.
        .where(and(eq(teams.tournamentId, tournamentId), isAdmin ? or(holdsSpot(now()), gt(teams.amountPaid, 0)) : holdsSpot(now())))
        .orderBy(asc(teams.createdAt), asc(teams.id));
      return toTeams(rows, isAdmin);
    },

    async capacity(tournamentId: string): Promise<Capacity> {
      const [tournament] = await db
        .select({ maxTeams: tournaments.maxTeams })
        .from(tournaments)
        .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.deletedAt)));
      if (!tournament) throw notFound('Tournament');
      return computeCapacity(await countHeld(db, tournamentId, now()), tournament.maxTeams);
    },

    /**
     * Creates a team holding a spot. The tournament row is locked for the whole check-and-insert,
     * so concurrent registrations for the last spots can never exceed max_teams. `ownerTokenHash`
     * is what lets the registering browser pay (payments/team-owner.ts); `teamLinkHash` is the
     * captain's team link (teams/team-link.ts), the same right from any device. Null: nobody can.
     */
    async register(
      input: TeamCreateValues,
      { ownerTokenHash, teamLinkHash }: { ownerTokenHash: string | null; teamLinkHash: string | null },
    ): Promise<{ id: string; paymentStatus: Team['paymentStatus']; holdExpiresAt: string | null }> {
      const riotIds = [...input.players, ...input.substitutes].map((p) => p.riotId.toLowerCase());
      const repeated = riotIds.find((id, index) => riotIds.indexOf(id) !== index);
      if (repeated) {
        throw new AppError('validation', 'Each player must have a different Riot ID', [
          { path: 'players', message: 'Each player must have a different Riot ID' },
        ]);
      }
      const at = now();
      // Checks that need no lock come first, so a burst of captains queues on the tournament row
      // only for the count-and-insert that must be serialised.
      const [current] = await db
        .select()
        .from(tournaments)
        .where(and(eq(tournaments.id, input.tournamentId), isNull(tournaments.deletedAt)));
      if (!current) throw notFound('Tournament');
      assertAcceptsRegistrations(current, at);
      await db.transaction((tx) => releaseExpiredHolds(tx, at, current.id));
      if ((await countHeld(db, current.id, at)) >= current.maxTeams) throw conflict('This tournament is full');
      const taken = await findRosterConflict(db, { tournamentId: current.id, name: input.name, riotIds });
      if (taken?.kind === 'name') throw conflict(`A team named "${input.name}" is already registered for this tournament`);
      if (taken?.kind === 'riotId') throw conflict(`Riot ID "${taken.riotId}" is already on a team in this tournament`);

      try {
        return await db.transaction(async (tx) => {
          // The lock: re-read the tournament (an organizer may have just closed it) and count again.
          const [tournament] = await tx
            .select()
            .from(tournaments)
            .where(and(eq(tournaments.id, input.tournamentId), isNull(tournaments.deletedAt)))
            .for('update');
          if (!tournament) throw notFound('Tournament');
          assertAcceptsRegistrations(tournament, at);
          if ((await countHeld(tx, tournament.id, at)) >= tournament.maxTeams) throw conflict('This tournament is full');

          const isFree = toMinorUnits(tournament.entryFee) === 0;
          const [team] = await tx
            .insert(teams)
            .values({
              tournamentId: tournament.id,
              name: input.name,
              logoUrl: input.logoUrl,
              captainDiscord: input.captainDiscord,
              captainRiotId: input.captainRiotId,
              captainEmail: input.captainEmail,
              ownerTokenHash,
              ...consentOf(input, at),
              teamLinkHash,
              currency: tournament.currency,
              ...initialStatus({ isFree, at, holdMinutes }),
              createdAt: at,
            })
            .returning();
          const roster = [
            ...input.players.map((p, index) => ({ riotId: p.riotId, role: index === 0 ? 'Captain' : 'Player', position: index })),
            ...input.substitutes.map((s, index) => ({ riotId: s.riotId, role: 'Substitute', position: input.players.length + index })),
          ];
          await tx.insert(teamMembers).values(roster.map((m) => ({ ...m, teamId: team.id, tournamentId: tournament.id })));
          return { id: team.id, paymentStatus: team.paymentStatus, holdExpiresAt: team.holdExpiresAt?.toISOString() ?? null };
        });
      } catch (error) {
        // Two captains racing for one name or Riot ID both pass the checks above; the unique indexes decide.
        if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
          throw conflict('That team name or one of these Riot IDs is already registered for this tournament');
        }
        throw error;
      }
    },

    async get(id: string): Promise<TeamRow> {
      const [row] = await db.select().from(teams).where(eq(teams.id, id));
      if (!row) throw notFound('Team');
      return row;
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
