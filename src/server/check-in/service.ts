import { eq } from 'drizzle-orm';
import { checkInMessages, checkInState, checkInWindow } from '../../shared/check-in.js';
import type { CheckInStatus } from '../../shared/schemas/team-page.js';
import { fieldFixedMessages, isFieldFixed, type BracketProgress } from '../../shared/tournament-phase.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { brackets, teams, tournaments } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { confirmed } from '../teams/lifecycle/rules.js';
import { checkInTeam, markNoShows, undoCheckIn } from '../teams/lifecycle/tournament-day.js';
import { bracketProgress } from '../tournaments/phase.js';

type TeamRow = typeof teams.$inferSelect;
type TournamentRow = typeof tournaments.$inferSelect;

/**
 * A team's check-in as of `at`. The close is checked here too, so a team reads as a no-show the
 * moment check-in closes, before the sweep has written it. A drawn bracket closes it at once.
 */
export function checkInStatusOf(team: TeamRow, tournament: TournamentRow, at: Date, bracket: BracketProgress = 'none'): CheckInStatus {
  const windowState = checkInState(tournament, at);
  const state = windowState !== 'off' && isFieldFixed(bracket) ? 'closed' : windowState;
  const { opensAt, closesAt } = checkInWindow(tournament);
  const isNoShow = team.noShowAt !== null || (state === 'closed' && team.checkedInAt === null && confirmed.holds(team, at));
  return {
    state,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    checkedInAt: team.checkedInAt?.toISOString() ?? null,
    isNoShow,
    canCheckIn: state === 'open' && confirmed.holds(team, at) && team.checkedInAt === null && !isNoShow,
  };
}

/** Check-in on tournament day: by the captain through the team link while the window is open, or by the organizer until it closes. */
export function createCheckInService(db: Db, now: () => Date) {
  async function checkIn(teamId: string, actor: Actor, { by, mayOpenEarly }: { by: string; mayOpenEarly: boolean }): Promise<CheckInStatus> {
    return db.transaction(async (tx) => {
      const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
      if (!team) throw notFound('Team');
      const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, team.tournamentId));
      const at = now();
      const bracket = await bracketProgress(tx, team.tournamentId);
      const status = checkInStatusOf(team, tournament, at, bracket);
      if (status.checkedInAt) return status;
      // The bracket holds the teams checked in at the draw: a later check-in would be told it plays.
      if (status.state !== 'off' && isFieldFixed(bracket)) throw conflict(fieldFixedMessages.checkIn);
      if (status.state === 'off') throw conflict(checkInMessages.off);
      if (status.state === 'closed') throw conflict(checkInMessages.closed);
      if (status.state === 'not_open' && !mayOpenEarly) throw conflict(checkInMessages.notOpen);
      const checkedIn = await checkInTeam(tx, teamId, by, at);
      if (!checkedIn) throw conflict(team.noShowAt ? checkInMessages.closed : checkInMessages.notConfirmed);
      await recordAudit(tx, actor, { action: 'team.check_in', targetType: 'team', targetId: teamId, tournamentId: team.tournamentId, after: { by } }, at);
      return checkInStatusOf(checkedIn, tournament, at, bracket);
    });
  }

  return {
    /** The captain, through the team link: only while the window is open. */
    byCaptain: (teamId: string, actor: Actor) => checkIn(teamId, actor, { by: 'captain', mayOpenEarly: false }),

    /** The organizer: from before the window opens until it closes. */
    byOrganizer: (teamId: string, actor: Actor) => checkIn(teamId, actor, { by: actor.username, mayOpenEarly: true }),

    /**
     * The organizer takes back a check-in they made by mistake, until the bracket is drawn (it is
     * drawn from the checked-in teams) and while check-in is still open to do it again.
     */
    async undoByOrganizer(teamId: string, actor: Actor): Promise<CheckInStatus> {
      return db.transaction(async (tx) => {
        const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
        if (!team) throw notFound('Team');
        const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, team.tournamentId));
        const at = now();
        if (!team.checkedInAt) return checkInStatusOf(team, tournament, at);
        const [drawn] = await tx.select({ id: brackets.tournamentId }).from(brackets).where(eq(brackets.tournamentId, team.tournamentId));
        if (drawn) throw conflict(checkInMessages.bracketDrawn);
        if (checkInState(tournament, at) === 'closed') throw conflict(checkInMessages.closed);
        const undone = await undoCheckIn(tx, teamId);
        if (!undone) throw conflict(checkInMessages.captainCheckedIn);
        await recordAudit(tx, actor, { action: 'team.check_in_undo', targetType: 'team', targetId: teamId, tournamentId: team.tournamentId, before: { by: team.checkedInBy } }, at);
        return checkInStatusOf(undone, tournament, at);
      });
    },

    /** The minute sweep: check-ins that have closed turn their missing teams into no-shows. */
    sweepNoShows: () => markNoShows(db, now()),
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
