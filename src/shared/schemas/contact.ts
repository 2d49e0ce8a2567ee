import { z } from 'zod';
import { text } from './common.js';
import { msg } from '../i18n/msg.js';

/** The contact form's e-mail rule, also the captain's e-mail on the registration form. */
export const emailAddress = () => z.email({ error: msg('Please enter a valid email address') }).max(254, msg('Please enter a valid email address'));

export const contactSchema = z.object({
  name: text(msg('Name must be at least 2 characters')).trim().min(2, msg('Name must be at least 2 characters')).max(100, msg('Name must be at most 100 characters')),
  email: emailAddress(),
  subject: text(msg('Subject must be at least 5 characters')).trim().min(5, msg('Subject must be at least 5 characters')).max(200, msg('Subject must be at most 200 characters')),
  message: text(msg('Message must be at least 20 characters')).trim().min(20, msg('Message must be at least 20 characters')).max(5000, msg('Message must be at most 5000 characters')),
  /** The honeypot: hidden from people, filled in by form-filling bots. A filled one is accepted and filed as spam. */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.infer<typeof contactSchema>;
