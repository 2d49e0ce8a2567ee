import type { ContactInput } from '../../shared/schemas/contact.js';
import type { Db } from '../db/client.js';
import { contactMessages } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

/** `supportEmail`: where messages go, read at each message (the organizer may change it in the site settings). */
export function createContactService(db: Db, mailer: Mailer, supportEmail: () => Promise<string>) {
  return {
    /** Stores the message and queues it to the support address, with the sender as reply-to. */
    async submit(input: ContactInput): Promise<void> {
      await db.insert(contactMessages).values(input);
      await mailer.enqueue({
        to: await supportEmail(),
        replyTo: input.email,
        subject: `[Contact] ${input.subject}`,
        body: `From: ${input.name} <${input.email}>\n\n${input.message}`,
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
