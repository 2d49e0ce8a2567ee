import { z } from 'zod';
import { text } from './common.js';
import { msg } from '../i18n/msg.js';

/** Where a contact message is filed in the admin's inbox. */
export const contactMessageStatuses = ['new', 'handled', 'spam'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];
export const contactMessageStatusSchema = z.enum(contactMessageStatuses, { error: msg('Status must be new, handled or spam') });

export const inboxQuerySchema = z.object({ status: contactMessageStatusSchema.default('new') });
export const messageStatusInputSchema = z.object({ status: contactMessageStatusSchema });
export type MessageStatusInput = z.infer<typeof messageStatusInputSchema>;

export const messageReplySchema = z.object({
  message: text(msg('Reply must be at least 2 characters')).trim().min(2, msg('Reply must be at least 2 characters')).max(5000, msg('Reply must be at most 5000 characters')),
});
export type MessageReplyInput = z.infer<typeof messageReplySchema>;

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: contactMessageStatusSchema,
  receivedAt: z.string(),
  repliedAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const inboxSchema = z.object({
  messages: z.array(contactMessageSchema),
  counts: z.object({ new: z.number().int(), handled: z.number().int(), spam: z.number().int() }),
  /** Whether a reply can go through the site's mail (SMTP configured); otherwise the admin offers a mailto: link. */
  replyByMail: z.boolean(),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** Mail the sender gave up on after its attempts, for the owner to see and retry. */
export const failedMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  queuedAt: z.string(),
  failedAt: z.string(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;
