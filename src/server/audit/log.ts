import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditPage } from '../../shared/schemas/audit.js';
import type { Db, Tx } from '../db/client.js';
import { auditLog, champions, teams, tournaments } from '../db/schema.js';

/** Who is acting: the signed-in organizer (or the name tried at a failed sign-in) and the request it came in. */
export interface Actor {
  userId: string | null;
  username: string;
  requestId: string;
}

/** Work done outside any request (the demo seed, a command-line script), named for what did it. */
export const systemActor = (name: string): Actor => ({ userId: null, username: name, requestId: '' });

export interface AuditRecord {
  action: AuditAction;
  targetType?: 'tournament' | 'team' | 'champion' | 'upload' | 'session' | 'message' | 'mail' | 'account' | 'invite';
  targetId?: string | null;
  tournamentId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Appends one entry. Pass the transaction that makes the change, so the entry exists exactly when
 * the change does.
 */
export async function recordAudit(executor: Db | Tx, actor: Actor, record: AuditRecord, at: Date): Promise<void> {
  await executor.insert(auditLog).values({
    at,
    actorId: actor.userId,
    actor: actor.username,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    tournamentId: record.tournamentId ?? null,
    before: toJson(record.before),
    after: toJson(record.after),
    reason: record.reason ?? null,
    requestId: actor.requestId,
  });
}

/** Dates and other class instances become what the API shows for them. */
function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

export function createAuditLog(db: Db, now: () => Date) {
  return {
    /** An action that changes no row of ours (a file stored): recorded on its own. */
    record: (actor: Actor, record: AuditRecord) => recordAudit(db, actor, record, now()),

    /** Newest first; `before` is the id of the last entry already shown. */
    async list({ limit, before, tournamentId }: { limit: number; before?: number; tournamentId?: string }): Promise<AuditPage> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(before ? lt(auditLog.id, before) : undefined, tournamentId ? eq(auditLog.tournamentId, tournamentId) : undefined))
        .orderBy(desc(auditLog.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const names = await targetNames(db, page);
      const entries: AuditEntry[] = page.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actor,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        targetName: (row.targetId && names.get(`${row.targetType}:${row.targetId}`)) ?? null,
        tournamentId: row.tournamentId,
        before: row.before ?? null,
        after: row.after ?? null,
        reason: row.reason,
        requestId: row.requestId,
      }));
      return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1].id : null };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The current name of each team, champion and tournament the entries point to. Entries hold ids,
 * never names, so an erased team reads "Removed team" here and nowhere keeps the old one.
 */
async function targetNames(db: Db, rows: { targetType: string | null; targetId: string | null }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(rows.filter((r) => r.targetType === type && r.targetId && uuidPattern.test(r.targetId)).map((r) => r.targetId!))];
  const [teamIds, championIds, tournamentIds] = [idsOf('team'), idsOf('champion'), idsOf('tournament')];
  const [teamRows, championRows, tournamentRows] = await Promise.all([
    teamIds.length ? db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)) : [],
    championIds.length ? db.select({ id: champions.id, name: champions.teamName }).from(champions).where(inArray(champions.id, championIds)) : [],
    tournamentIds.length ? db.select({ id: tournaments.id, name: tournaments.name }).from(tournaments).where(inArray(tournaments.id, tournamentIds)) : [],
  ]);
  return new Map([
    ...teamRows.map((r) => [`team:${r.id}`, r.name] as const),
    ...championRows.map((r) => [`champion:${r.id}`, r.name] as const),
    ...tournamentRows.map((r) => [`tournament:${r.id}`, r.name] as const),
  ]);
}
