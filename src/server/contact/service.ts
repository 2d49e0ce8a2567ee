import type { ContactInput } from '../../shared/schemas/contact.js';
import type { Db } from '../db/client.js';
import { contactMessages } from '../db/schema.js';
import type { Mailer } from '../mail/mailer.js';

/** `supportEmail`: where messages go, read at each message (the organizer may change it in the site settings). */
export function createContactService(db: Db, mailer: Mailer, supportEmail: () => Promise<string>) {
  return {
    /**
     * Stores the message for the inbox and queues it to the support address, with the sender as reply-to.
     * A filled honeypot is answered the same way (a bot learns nothing) but filed as spam and not mailed.
     */
    async submit({ website, ...message }: ContactInput): Promise<void> {
      const isSpam = !!website?.trim();
      await db.insert(contactMessages).values({ ...message, status: isSpam ? 'spam' : 'new' });
      if (isSpam) return;
      await mailer.enqueue({
        to: await supportEmail(),
        replyTo: message.email,
        subject: `[Contact] ${message.subject}`,
        body: `From: ${message.name} <${message.email}>\n\n${message.message}`,
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
