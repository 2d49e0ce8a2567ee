import type { Db, Tx } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  /** The plain-text part. */
  body: string;
  /** The HTML part, sent beside the text when given. */
  html?: string;
  /** The team the message is about (privacy export and erasure). */
  teamId?: string;
  /** The event the message tells of: a second message with the same key is not queued. */
  dedupeKey?: string;
}

/** Every message is written to the outbox table; a sender (SMTP when configured) delivers from there. */
export interface Mailer {
  /**
   * Queues a message, inside `executor`'s transaction when given (so it is queued exactly when the
   * change it tells of commits). Returns false when a message with the same key was already queued.
   */
  enqueue(mail: OutgoingMail, executor?: Db | Tx): Promise<boolean>;
}

export function createOutboxMailer(db: Db, log: (message: string) => void): Mailer {
  return {
    async enqueue(mail, executor = db) {
      const queued = await executor
        .insert(outbox)
        .values({
          to: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          body: mail.body,
          html: mail.html ?? null,
          teamId: mail.teamId ?? null,
          dedupeKey: mail.dedupeKey ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: outbox.id });
      // The subject, not the address: the log outlives a team's erasure.
      if (queued.length) log(`mail queued: ${mail.subject}`);
      return queued.length > 0;
    },
  };
}
