import type { ContactInput } from '../../shared/schemas/contact.js';
import type { Db } from '../db/client.js';
import { contactMessages } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

export function createContactService(db: Db, mailer: Mailer, supportEmail: string) {
  return {
    /** Stores the message and queues it to the support address, with the sender as reply-to. */
    async submit(input: ContactInput): Promise<void> {
      await db.insert(contactMessages).values(input);
      await mailer.enqueue({
        to: supportEmail,
        replyTo: input.email,
        subject: `[Contact] ${input.subject}`,
        body: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
