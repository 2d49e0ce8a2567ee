import { asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { erasureLedger, teams } from '../db/schema.js';
import { recordAudit, systemActor } from '../audit/log.js';
import { eraseTeamRows } from './erasure.js';

/**
 * Erases again, with the same function, each team the erasure ledger names whose data is back: a
 * restore of a backup taken before its erasure. The restore runs this in its own transaction, so
 * the restored data is never served. Returns the teams erased again and their logos' object keys
 * (the first erasure deleted those objects, unless the storage was restored too).
 */
export async function eraseAgainFromLedger(tx: Tx, at: Date): Promise<{ teamIds: string[]; logoKeys: string[] }> {
  const due = await tx
    .select({ team: teams, erasedAt: erasureLedger.erasedAt, reason: erasureLedger.reason })
    .from(erasureLedger)
    .innerJoin(teams, eq(teams.id, erasureLedger.teamId))
    .where(isNull(teams.erasedAt))
    .orderBy(asc(erasureLedger.erasedAt));
  const logoKeys: string[] = [];
  for (const { team, erasedAt, reason } of due) {
    logoKeys.push(...(await eraseTeamRows(tx, team, { at: erasedAt, reason })));
    await recordAudit(
      tx,
      systemActor('restore'),
      { action: 'team.erase', targetType: 'team', targetId: team.id, tournamentId: team.tournamentId, reason: 'Erased again: the restored backup predates its erasure' },
      at,
    );
  }
  return { teamIds: due.map(({ team }) => team.id), logoKeys };
}
