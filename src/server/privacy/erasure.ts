import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { lookAlikeKey } from '../../shared/look-alike.js';
import { queryRows, type Tx } from '../db/client.js';
import { announcements, champions, contactMessages, discordAuthorizations, discordJobs, erasureLedger, matches, outbox, rosterChanges, teamMembers, teams, type ErasureReason } from '../db/schema.js';
import { announcedForms } from '../discord/announcer.js';
import { markErased } from '../teams/lifecycle/erasure.js';

/** What an erased team and its players are called wherever they were shown. */
export const erasedNames = { team: 'Removed team', player: 'Removed player', captainDiscord: 'Removed', disputeReason: 'Removed' } as const;

type TeamRow = typeof teams.$inferSelect;

/**
 * Overwrites a team's personal data in the same transaction: the team's name, logo, captain's
 * Discord, Riot ID and e-mail, every player's Riot ID, the team link and owner tokens, its roster
 * changes, the mail sent to the captain, the stored Discord announcements, the Discord account id
 * its Discord jobs carry (privacy/service.ts then asks for the role's removal), the champion rows
 * that name its players, and the reason and screenshots of the disputes it opened. On the captain's (or owner's) request, the contact messages sent from the
 * captain's address go too, with their copies in the mail queue; the retention sweep leaves those
 * to their own period. Amounts, dates, statuses and payment references stay (accounting keeps
 * them). The audit log needs nothing: its rows carry ids, never names (audit/log.ts). The erasure
 * ledger gets the team's id, so a restore erases it again. Returns the object keys of its logo and
 * screenshots, which the caller deletes from storage once the transaction has committed.
 */
export async function eraseTeamRows(tx: Tx, team: TeamRow, { at, reason }: { at: Date; reason: ErasureReason }): Promise<string[]> {
  const screenshotKeys = await eraseDisputesBy(tx, team.id);
  const logoKey = await eraseTeamRowsKeepingLogo(tx, team, { at, reason });
  return [...(logoKey ? [logoKey] : []), ...screenshotKeys];
}

/** What a team wrote and uploaded to dispute a result: replaced, the dispute itself (who, when) kept. Returns the object keys only it used. */
async function eraseDisputesBy(tx: Tx, teamId: string): Promise<string[]> {
  // Locked: a staff ruling written meanwhile is not overwritten with the report as read before it.
  const disputed = await tx
    .select({ id: matches.id, report: matches.report })
    .from(matches)
    .where(sql`${matches.report}->'dispute'->>'teamId' = ${teamId}`)
    .for('update');
  const urls = new Set<string>();
  for (const { id, report } of disputed) {
    if (!report?.dispute) continue;
    for (const url of report.dispute.evidence) if (url.startsWith('/objects/')) urls.add(url);
    await tx
      .update(matches)
      .set({ report: { ...report, dispute: { ...report.dispute, reason: erasedNames.disputeReason, evidence: [] } } })
      .where(eq(matches.id, id));
  }
  const keys: string[] = [];
  for (const url of urls) if (!(await isShownElsewhere(tx, url))) keys.push(url.slice('/objects/'.length));
  return keys;
}

/**
 * Whether an uploaded image is still shown somewhere once the disputes are erased: a screenshot is
 * any public upload, so a captain may have cited a team's logo, a champion's or the site's own.
 */
async function isShownElsewhere(tx: Tx, url: string): Promise<boolean> {
  const pattern = `%${url.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`select 1 as found where exists (select 1 from teams where logo_url = ${url})
      or exists (select 1 from champions where row_to_json(champions)::text like ${pattern})
      or exists (select 1 from tournaments where row_to_json(tournaments)::text like ${pattern})
      or exists (select 1 from site_settings where "values"::text like ${pattern})
      or exists (select 1 from matches where report::text like ${pattern})`,
  );
  return rows.length > 0;
}

async function eraseTeamRowsKeepingLogo(tx: Tx, team: TeamRow, { at, reason }: { at: Date; reason: ErasureReason }): Promise<string | null> {
  await tx.insert(erasureLedger).values({ teamId: team.id, erasedAt: at, reason }).onConflictDoNothing();
  const members = await tx.select({ riotId: teamMembers.riotId }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
  // Discord announcements name the team (and a champion's players): the stored copies are redacted; their keys stay so nothing is posted twice.
  // Each name is looked for as written and as the announcer escapes it (a team "A_B" is stored as "A\_B").
  for (const [name, replacement] of [[team.name, erasedNames.team], ...members.map((m) => [m.riotId, erasedNames.player] as const)] as const) {
    for (const form of announcedForms(name)) {
      await tx.update(announcements).set({ content: sql`replace(${announcements.content}, ${form}::text, ${replacement}::text)` }).where(sql`position(${form}::text in ${announcements.content}) > 0`);
    }
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
      // The Discord account connected at step 2 (discord/connect-captain.ts).
      discordUserId: null,
      discordGuildJoinedAt: null,
      ownerTokenHash: null,
      teamLinkHash: null,
    })
    .where(eq(teams.id, team.id));
  // A Discord connection still in progress would store the account again.
  await tx.delete(discordAuthorizations).where(eq(discordAuthorizations.teamId, team.id));
  // Discord jobs waiting to be sent name the account: a grant not sent yet is then skipped (the removal the erasure asks for gets the id back).
  await tx.update(discordJobs).set({ discordUserId: null }).where(eq(discordJobs.teamId, team.id));
  // Roster changes are Riot IDs before and after: nothing in them survives an erasure.
  await tx.delete(rosterChanges).where(eq(rosterChanges.teamId, team.id));
  // Mail to the captain (receipts, the team link, the roster) carries the address, the team's names and Riot IDs.
  await tx.delete(outbox).where(eq(outbox.teamId, team.id));
  if (reason === 'request' && team.captainEmail) await deleteContactMessagesFrom(tx, team.captainEmail);
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
  if (!team.logoUrl?.startsWith('/objects/')) return null;
  // A team that registered again for another cup shows the same logo there: that registration keeps it.
  const [sharedWith] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.logoUrl, team.logoUrl), ne(teams.id, team.id), isNull(teams.erasedAt)))
    .limit(1);
  return sharedWith ? null : team.logoUrl.slice('/objects/'.length);
}

/** What someone wrote through the contact form from `address`, and the mail that carried it or answered it. */
async function deleteContactMessagesFrom(tx: Tx, address: string): Promise<void> {
  const sameAddress = (column: AnyPgColumn) => sql`lower(${column}) = lower(${address})`;
  await tx.delete(contactMessages).where(sameAddress(contactMessages.email));
  // The copy sent to the support address (reply-to: the sender) and the organizer's answers; mail about another team stays with it.
  await tx.delete(outbox).where(and(isNull(outbox.teamId), or(sameAddress(outbox.to), sameAddress(outbox.replyTo))));
}
