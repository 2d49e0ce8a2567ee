import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { announcements } from '../db/schema.js';

type Row = typeof announcements.$inferSelect;

/** Attempts before an announcement is given up (it stays in the table with its last error). */
export const maxAnnouncementAttempts = 8;
/** After a failure that is not a 429: 30 s, 1 min, 2 min, … capped at 30 min. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 30 * 60_000);

/**
 * Team and tournament names are user text: Discord markdown in them is shown, not applied. Discord
 * drops a backslash before any such character: inline markup, a quote, a mention, role, channel or
 * timestamp (`<@…>`, `<@&…>`, `<#…>`, `<t:…>`), and at a line's start a heading (`# `, `-# `), a
 * list (`- `, `1. `).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\*_~`|<>[\]])/g, '\\$1')
    .replace(/^(\s*)([#-])/gm, '$1\\$2')
    .replace(/^(\s*\d+)\.(?=\s)/gm, '$1\\.');
}

/**
 * Every form in which user text can sit in a stored post: escaped (as the news write it) and as
 * written. The escaped form comes first: the raw text can be part of it ("*a" is inside "\*a").
 */
export function announcedForms(text: string): string[] {
  const escaped = escapeMarkdown(text);
  return escaped === text ? [text] : [escaped, text];
}

/** Seconds Discord asks us to wait on a 429: the body's retry_after, else the Retry-After header, else 1. */
async function retryAfterMs(response: Response): Promise<number> {
  const body = (await response.json().catch(() => null)) as { retry_after?: unknown } | null;
  const seconds = typeof body?.retry_after === 'number' ? body.retry_after : Number(response.headers.get('retry-after') ?? 1);
  return Math.max(0, Number.isFinite(seconds) ? seconds : 1) * 1000;
}

/**
 * Tournament news posted to a Discord channel through its webhook (DISCORD_WEBHOOK_URL), through
 * an outbox: `announce` stores the post and returns, so a request never waits for Discord; the
 * sender posts it, and a failure or a 429 puts it back with its next attempt (retry_after
 * honoured). `allowed_mentions` is empty: a team named "@everyone" pings no one. Without a
 * webhook nothing is stored.
 */
export function createDiscordAnnouncer({
  db,
  webhookUrl,
  now,
  log,
}: {
  db: Db;
  webhookUrl: string | null;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void };
}) {
  let running: Promise<number> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;

  async function claimNext(at: Date): Promise<Row | null> {
    const [claimed] = await queryRows<{ id: string }>(
      db,
      sql`update ${announcements} set sent_at = ${at.toISOString()}::timestamptz, attempts = attempts + 1
          where id = (select id from ${announcements} where sent_at is null and attempts < ${maxAnnouncementAttempts} and next_attempt_at <= ${at.toISOString()}::timestamptz
                      order by created_at, id limit 1 for update skip locked)
          returning id`,
    );
    if (!claimed) return null;
    const [row] = await db.select().from(announcements).where(eq(announcements.id, claimed.id));
    return row ?? null;
  }

  async function postBatch(limit: number): Promise<number> {
    if (!webhookUrl) return 0;
    let posted = 0;
    for (let i = 0; i < limit; i++) {
      const at = now();
      const row = await claimNext(at);
      if (!row) break;
      let retryInMs: number;
      let problem: string;
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ content: row.content, allowed_mentions: { parse: [] } }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) {
          posted++;
          continue;
        }
        problem = `HTTP ${response.status}`;
        // A 429 is not the post's fault: it does not count as an attempt.
        retryInMs = response.status === 429 ? await retryAfterMs(response) : backoffMs(row.attempts);
        if (response.status === 429) row.attempts -= 1;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
        retryInMs = backoffMs(row.attempts);
      }
      await db
        .update(announcements)
        .set({ sentAt: null, attempts: row.attempts, nextAttemptAt: new Date(at.getTime() + retryInMs), lastError: problem.slice(0, 500) })
        .where(eq(announcements.id, row.id));
      log.error({ announcementId: row.id, problem }, 'Discord announcement not posted; it will be retried');
      // Discord is limiting or down: the rest waits for the next run, as soon as the wait is over.
      retryTimer ??= setTimeout(() => {
        retryTimer = null;
        void announcer.flush().catch((error: unknown) => log.error({ err: error }, 'Discord announcements flush failed'));
      }, retryInMs + 10);
      retryTimer.unref();
      break;
    }
    return posted;
  }

  const announcer = {
    isEnabled: webhookUrl !== null,

    /** Stops the pending retry (app shutdown). */
    close() {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    },

    /** Posts what is due; concurrent calls share one run. Returns how many were posted. */
    flush(limit = 10): Promise<number> {
      running ??= postBatch(limit).finally(() => (running = null));
      return running;
    },

    /**
     * Stores a post (once per `key`) and starts the sender without waiting for it. Never throws:
     * the news happened whether or not Discord hears of it.
     */
    async announce(key: string, content: string): Promise<void> {
      if (!webhookUrl) return;
      try {
        await db
          .insert(announcements)
          .values({ dedupeKey: key, content: content.slice(0, 2000), createdAt: now(), nextAttemptAt: now() })
          .onConflictDoNothing();
      } catch (error) {
        log.error({ err: error, key }, 'Discord announcement not stored');
        return;
      }
      void announcer.flush().catch((error: unknown) => log.error({ err: error }, 'Discord announcements flush failed'));
    },
  };
  return announcer;
}

export type DiscordAnnouncer = ReturnType<typeof createDiscordAnnouncer>;
