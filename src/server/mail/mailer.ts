import type { Db } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  body: string;
}

/** Every message is written to the outbox table; a sender (SMTP when configured) delivers from there. */
export interface Mailer {
  enqueue(mail: OutgoingMail): Promise<void>;
}

export function createOutboxMailer(db: Db, log: (message: string) => void): Mailer {
  return {
    async enqueue(mail) {
      await db.insert(outbox).values({ to: mail.to, replyTo: mail.replyTo ?? null, subject: mail.subject, body: mail.body });
      log(`mail queued to ${mail.to}: ${mail.subject}`);
    },
  };
}
