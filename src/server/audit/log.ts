import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditPage } from '../../shared/schemas/audit.js';
import type { Db, Tx } from '../db/client.js';
import { auditLog } from '../db/schema.js';

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
  targetType?: 'tournament' | 'team' | 'champion' | 'upload' | 'session';
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
      const entries: AuditEntry[] = rows.slice(0, limit).map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actor,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
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
