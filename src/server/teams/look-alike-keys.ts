import { and, eq, isNull } from 'drizzle-orm';
import { lookAlikeKey } from '../../shared/look-alike.js';
import type { Db } from '../db/client.js';
import { teamMembers, teams } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';

/** A row whose key another held row already has: a look-alike registered before the keys existed. */
export interface LookAlikeClash {
  teamId: string;
  text: string;
}

/**
 * Fills the look-alike keys (shared/look-alike.ts) of rows written without one: the rows from
 * before the keys existed (SQL cannot compute a key, so migration 0027 left them empty), and rows
 * an instance of the previous version writes during a rolling deploy. The server runs it before it
 * takes requests, then in its minute sweep. A row whose key another held team already has keeps
 * none: both teams stay registered, and `fill` returns the clash once, for the organizer to decide
 * (it is tried again each time, and filled once either team lets its name or Riot ID go).
 */
export function createLookAlikeKeyFiller(db: Db) {
  const reported = new Set<string>();

  async function fillOne(update: () => Promise<unknown>, clash: LookAlikeClash, clashes: LookAlikeClash[]): Promise<boolean> {
    try {
      await update();
      return true;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const id = `${clash.teamId}\n${clash.text}`;
      if (!reported.has(id)) clashes.push(clash);
      reported.add(id);
      return false;
    }
  }

  return {
    async fill(): Promise<{ filled: number; clashes: LookAlikeClash[] }> {
      const clashes: LookAlikeClash[] = [];
      let filled = 0;
      const names = await db.select({ id: teams.id, name: teams.name }).from(teams).where(isNull(teams.nameKey));
      for (const row of names) {
        const update = () =>
          db
            .update(teams)
            .set({ nameKey: lookAlikeKey(row.name) })
            .where(and(eq(teams.id, row.id), isNull(teams.nameKey)));
        if (await fillOne(update, { teamId: row.id, text: row.name }, clashes)) filled++;
      }
      const riotIds = await db
        .selectDistinct({ teamId: teamMembers.teamId, riotId: teamMembers.riotId })
        .from(teamMembers)
        .where(isNull(teamMembers.riotIdKey));
      for (const row of riotIds) {
        const update = () =>
          db
            .update(teamMembers)
            .set({ riotIdKey: lookAlikeKey(row.riotId) })
            .where(and(eq(teamMembers.teamId, row.teamId), eq(teamMembers.riotId, row.riotId), isNull(teamMembers.riotIdKey)));
        if (await fillOne(update, { teamId: row.teamId, text: row.riotId }, clashes)) filled++;
      }
      return { filled, clashes };
    },
  };
}
