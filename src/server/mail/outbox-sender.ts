import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { queryRows, type Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface MailTransport {
  sendMail(message: { from: string; to: string; replyTo?: string; subject: string; text: string; html?: string }): Promise<unknown>;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(smtpUrl);
}

/** When the sender stops retrying a message and sets it aside (the owner sees it in the inbox and may retry it). */
export const deliveryPolicy = { attempts: 5, giveUpAfterMs: 60 * 60 * 1000 } as const;

/** An SMTP 5xx answer: the server will not take this message, however often it is sent. */
function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/**
 * Delivers queued mail. Each message is claimed with one statement (FOR UPDATE SKIP LOCKED, marking
 * it sent), so several app processes never send it twice and no transaction stays open while SMTP
 * talks; a failed send puts it back in the queue. A crash mid-send loses that one message rather
 * than sending it twice.
 */
export function createOutboxSender(db: Db, transport: MailTransport, from: string, log: { error: (obj: object, msg: string) => void }) {
  let running: Promise<number> | null = null;

  async function claimNext(): Promise<typeof outbox.$inferSelect | null> {
    const [claimed] = await queryRows<{ id: string }>(
      db,
      sql`update ${outbox} set sent_at = now() where id = (select id from ${outbox} where sent_at is null and failed_at is null order by created_at limit 1 for update skip locked) returning id`,
    );
    if (!claimed) return null;
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, claimed.id));
    return mail ?? null;
  }

  async function flushBatch(limit: number): Promise<number> {
    let sent = 0;
    for (let i = 0; i < limit; i++) {
      const mail = await claimNext();
      if (!mail) break;
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          replyTo: mail.replyTo ?? undefined,
          subject: mail.subject,
          text: mail.body,
          // Both parts: nodemailer sends them as multipart/alternative, and a client shows the one it can.
          html: mail.html ?? undefined,
        });
        sent++;
      } catch (error) {
        const permanent = isPermanentFailure(error);
        // Transient failures stay queued; the sender gives up on a message only after several attempts over an hour
        // (an outage must not bury the queue), or at once when the server refuses it for good (5xx).
        await db
          .update(outbox)
          .set({
            sentAt: null,
            attempts: sql`${outbox.attempts} + 1`,
            lastError: describeFailure(error),
            failedAt: permanent
              ? sql`now()`
              : sql`case when ${outbox.attempts} + 1 >= ${deliveryPolicy.attempts} and ${outbox.createdAt} < now() - make_interval(secs => ${deliveryPolicy.giveUpAfterMs / 1000}) then now() end`,
          })
          .where(eq(outbox.id, mail.id));
        log.error({ err: error, mailId: mail.id }, permanent ? 'mail refused by the server; set aside for the owner' : 'mail delivery failed; it stays queued');
        // A refused message says nothing about the others; otherwise the server is likely down: leave the rest for the next flush.
        if (permanent) continue;
        break;
      }
    }
    return sent;
  }

  return {
    /** Sends what is queued; concurrent calls share one run. Returns how many were sent. */
    flush(limit = 20): Promise<number> {
      running ??= flushBatch(limit).finally(() => (running = null));
      return running;
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
