import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { ContactMessage, ContactMessageStatus, FailedMail, Inbox, MessageReplyInput } from '../../shared/schemas/inbox.js';
import { recordAudit, type Actor } from '../audit/log.js';
import type { Db } from '../db/client.js';
import { contactMessages, outbox } from '../db/schema.js';
import { AppError, notFound } from '../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { msg } from '../../shared/i18n/msg.js';

/** Newest first, one page: an inbox is read from the top. */
const PAGE_SIZE = 200;

/**
 * The organizers' inbox: contact messages filed as new, handled or spam, answered through
 * the site's mail when it is configured, and the mail the sender gave up on, to retry.
 */
export function createInbox(db: Db, deps: { mailer: Mailer; mailConfigured: boolean; supportEmail: () => Promise<string>; now: () => Date }) {
  const { mailer, mailConfigured, supportEmail, now } = deps;
  const toMessage = (row: typeof contactMessages.$inferSelect): ContactMessage => ({
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    receivedAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  });

  async function messageOf(id: string) {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw notFound('Message');
    return row;
  }

  return {
    async list(status: ContactMessageStatus): Promise<Inbox> {
      const [rows, counted] = await Promise.all([
        db.select().from(contactMessages).where(eq(contactMessages.status, status)).orderBy(desc(contactMessages.createdAt)).limit(PAGE_SIZE),
        db.select({ status: contactMessages.status, n: count() }).from(contactMessages).groupBy(contactMessages.status),
      ]);
      const counts = { new: 0, handled: 0, spam: 0 };
      for (const { status: s, n } of counted) counts[s] = Number(n);
      return { messages: rows.map(toMessage), counts, replyByMail: mailConfigured };
    },

    async setStatus(id: string, status: ContactMessageStatus, actor: Actor): Promise<ContactMessage> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ status: contactMessages.status }).from(contactMessages).where(eq(contactMessages.id, id)).for('update');
        if (!before) throw notFound('Message');
        const [row] = await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning();
        // Ids and statuses only: the message itself is personal data and stays out of the append-only log.
        if (before.status !== status) await recordAudit(tx, actor, { action: 'message.status', targetType: 'message', targetId: id, before, after: { status } }, now());
        return toMessage(row);
      });
    },

    /** Sends the reply from the site (reply-to: the support address) and files the message as handled. */
    async reply(id: string, input: MessageReplyInput, actor: Actor): Promise<ContactMessage> {
      if (!mailConfigured) throw new AppError('conflict', msg('Mail is not configured on this site: reply from your own mail program.'));
      const original = await messageOf(id);
      const quoted = original.message
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      const replyTo = await supportEmail();
      return db.transaction(async (tx) => {
        await mailer.enqueue({ to: original.email, replyTo, subject: `Re: ${original.subject}`, body: `${input.message}\n\n${original.name} wrote:\n${quoted}` }, tx);
        const [row] = await tx.update(contactMessages).set({ status: 'handled', repliedAt: now() }).where(eq(contactMessages.id, id)).returning();
        await recordAudit(tx, actor, { action: 'message.reply', targetType: 'message', targetId: id }, now());
        return toMessage(row);
      });
    },

    async failedMail(): Promise<FailedMail[]> {
      const rows = await db.select().from(outbox).where(isNotNull(outbox.failedAt)).orderBy(desc(outbox.failedAt)).limit(PAGE_SIZE);
      return rows.map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        error: row.lastError,
        attempts: row.attempts,
        queuedAt: row.createdAt.toISOString(),
        failedAt: row.failedAt!.toISOString(),
      }));
    },

    /** Puts a set-aside message back in the queue with fresh attempts; the sender picks it up on its next run. */
    async retryMail(id: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(outbox)
          .set({ failedAt: null, attempts: 0 })
          .where(and(eq(outbox.id, id), isNotNull(outbox.failedAt)))
          .returning({ id: outbox.id });
        if (!row) throw notFound('Undelivered mail');
        await recordAudit(tx, actor, { action: 'mail.retry', targetType: 'mail', targetId: id }, now());
      });
    },
  };
}

export type InboxService = ReturnType<typeof createInbox>;
