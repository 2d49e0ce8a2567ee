import { eq, sql } from 'drizzle-orm';
import { lookAlikeKey } from '../../shared/look-alike.js';
import type { Tx } from '../db/client.js';
import { announcements, champions, outbox, rosterChanges, teamMembers, teams } from '../db/schema.js';
import { markErased } from '../teams/lifecycle.js';

/** What an erased team and its players are called wherever they were shown. */
export const erasedNames = { team: 'Removed team', player: 'Removed player', captainDiscord: 'Removed' } as const;

type TeamRow = typeof teams.$inferSelect;

/**
 * Overwrites a team's personal data in the same transaction: the team's name, logo, captain's
 * Discord, Riot ID and e-mail, every player's Riot ID, the team link and owner tokens, its roster
 * changes, the mail sent to the captain, the stored Discord announcements, and the champion rows that name its players. Amounts, dates, statuses and payment references stay (accounting keeps them). The
 * audit log needs nothing: its rows carry ids, never names (audit/log.ts). Returns the logo's object
 * key, which the caller deletes from storage once the transaction has committed.
 */
export async function eraseTeamRows(tx: Tx, team: TeamRow, at: Date): Promise<string | null> {
  const members = await tx.select({ riotId: teamMembers.riotId }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
  // Discord announcements name the team (and a champion's players): the stored copies are redacted; their keys stay so nothing is posted twice.
  for (const [name, replacement] of [[team.name, erasedNames.team], ...members.map((m) => [m.riotId, erasedNames.player] as const)] as const) {
    await tx.update(announcements).set({ content: sql`replace(${announcements.content}, ${name}::text, ${replacement}::text)` }).where(sql`position(${name}::text in ${announcements.content}) > 0`);
  }
  // First give up the Riot IDs, so that five "Removed player" rows do not collide in the unique index.
  await markErased(tx, team.id, at);
  await tx
    .update(teams)
    .set({
      name: erasedNames.team,
      nameKey: lookAlikeKey(erasedNames.team),
      logoUrl: null,
      captainDiscord: erasedNames.captainDiscord,
      captainRiotId: erasedNames.player,
      captainEmail: null,
      ownerTokenHash: null,
      teamLinkHash: null,
    })
    .where(eq(teams.id, team.id));
  // Roster changes are Riot IDs before and after: nothing in them survives an erasure.
  await tx.delete(rosterChanges).where(eq(rosterChanges.teamId, team.id));
  // Mail to the captain (receipts, the team link, the roster) carries the address, the team's names and Riot IDs.
  await tx.delete(outbox).where(eq(outbox.teamId, team.id));
  await tx.update(teamMembers).set({ riotId: erasedNames.player, riotIdKey: lookAlikeKey(erasedNames.player) }).where(eq(teamMembers.teamId, team.id));
  await tx
    .update(champions)
    // As many "Removed player" as there were names: the roster's size is not personal.
    .set({
      teamName: erasedNames.team,
      teamLogoUrl: null,
      playerNames: sql`(select coalesce(jsonb_agg(${erasedNames.player}::text), '[]'::jsonb) from jsonb_array_elements(${champions.playerNames}))`,
      teamQuote: null,
    })
    .where(eq(champions.teamId, team.id));
  return team.logoUrl?.startsWith('/objects/') ? team.logoUrl.slice('/objects/'.length) : null;
}
