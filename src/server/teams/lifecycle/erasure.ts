import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { teams } from '../../db/schema.js';
import { releaseRoster } from './roster.js';
import { holdsSpot } from './rules.js';
import type { TeamRow } from './spots.js';

/**
 * Whether a captain must withdraw before the team's data can be erased: it still holds a spot in a
 * tournament that has not started. After the start the result is history and erasure may go ahead.
 */
export function mustWithdrawBeforeErasure(team: TeamRow, tournament: { tournamentDate: Date }, at: Date): boolean {
  return holdsSpot.holds(team, at) && tournament.tournamentDate.getTime() > at.getTime();
}

/**
 * A team's data erased: its Riot IDs are no longer held by anyone (they are gone), its status and
 * money stay as they were (an erasure does not change whether a spot is kept).
 */
export async function markErased(tx: Tx, teamId: string, at: Date): Promise<void> {
  await tx.update(teams).set({ erasedAt: at }).where(eq(teams.id, teamId));
  await releaseRoster(tx, [teamId]);
}
