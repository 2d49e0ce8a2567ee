import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { teams, tournaments } from '../../db/schema.js';
import { confirmed } from './rules.js';
import type { Executor, TeamRow } from './spots.js';

/**
 * Tournament day: the status stays, `checked_in_at` and `no_show_at` record it, and no spot moves.
 *
 * | from                  | event                                                  | then |
 * |-----------------------|--------------------------------------------------------|------|
 * | confirmed             | the captain (team link) or the organizer checks in     | checked in: plays |
 * | confirmed             | check-in closes without a check-in                     | no-show: out of the bracket, no refund |
 */

/** Confirmed reads no clock. */
const isConfirmed = confirmed.sql(new Date(0));

/**
 * The teams that play on the day, in registration order: confirmed, not marked no-show, and
 * checked in when the tournament has a check-in.
 */
export async function listPlayingTeams(executor: Executor, tournament: { id: string; checkInEnabled: boolean }): Promise<TeamRow[]> {
  return executor
    .select()
    .from(teams)
    .where(
      and(eq(teams.tournamentId, tournament.id), isConfirmed, isNull(teams.noShowAt), tournament.checkInEnabled ? isNotNull(teams.checkedInAt) : undefined),
    )
    .orderBy(teams.createdAt, teams.id);
}

/** A confirmed team checks in (`by`: 'captain' or the organizer's username). Null when it cannot (not confirmed, a no-show, already in). */
export async function checkInTeam(executor: Executor, teamId: string, by: string, at: Date): Promise<TeamRow | null> {
  const [row] = await executor
    .update(teams)
    .set({ checkedInAt: at, checkedInBy: by })
    .where(and(eq(teams.id, teamId), isConfirmed, isNull(teams.noShowAt), isNull(teams.checkedInAt)))
    .returning();
  return row ?? null;
}

/** Takes back an organizer's check-in (the captain's own stays); null when there was none to take back. */
export async function undoCheckIn(executor: Executor, teamId: string): Promise<TeamRow | null> {
  const [row] = await executor
    .update(teams)
    .set({ checkedInAt: null, checkedInBy: null })
    .where(and(eq(teams.id, teamId), isNotNull(teams.checkedInAt), or(isNull(teams.checkedInBy), ne(teams.checkedInBy, 'captain'))))
    .returning();
  return row ?? null;
}

/**
 * At the close of check-in, confirmed teams that did not check in become no-shows (no refund, as
 * the policy says). The close is the tournament's own or its start (shared/check-in.ts, in SQL here).
 * Reads do not wait for this: listPlayingTeams leaves out a team that has not checked in anyway.
 */
export async function markNoShows(executor: Executor, at: Date, tournamentId?: string): Promise<number> {
  const closed = executor
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        tournamentId ? eq(tournaments.id, tournamentId) : undefined,
        eq(tournaments.checkInEnabled, true),
        lte(sql`coalesce(${tournaments.checkInClosesAt}, ${tournaments.tournamentDate})`, at),
      ),
    );
  const marked = await executor
    .update(teams)
    .set({ noShowAt: at })
    .where(and(inArray(teams.tournamentId, closed), isConfirmed, isNull(teams.checkedInAt), isNull(teams.noShowAt)))
    .returning({ id: teams.id });
  return marked.length;
}
