import { asc, eq, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface MailTransport {
  sendMail(message: { from: string; to: string; replyTo?: string; subject: string; text: string }): Promise<unknown>;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  return nodemailer.createTransport(smtpUrl);
}

/**
 * Delivers queued mail. Rows are claimed with SKIP LOCKED inside a transaction, so several app
 * processes can flush at once without sending a message twice; a failed send stays queued.
 */
export function createOutboxSender(db: Db, transport: MailTransport, from: string, log: { error: (obj: object, msg: string) => void }) {
  let running: Promise<number> | null = null;

  async function flushBatch(limit: number): Promise<number> {
    return db.transaction(async (tx) => {
      const batch = await tx.select().from(outbox).where(isNull(outbox.sentAt)).orderBy(asc(outbox.createdAt)).limit(limit).for('update', { skipLocked: true });
      let sent = 0;
      for (const mail of batch) {
        try {
          await transport.sendMail({ from, to: mail.to, replyTo: mail.replyTo ?? undefined, subject: mail.subject, text: mail.body });
          await tx.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, mail.id));
          sent++;
        } catch (error) {
          log.error({ err: error, mailId: mail.id }, 'mail delivery failed; it stays queued');
        }
      }
      return sent;
    });
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
