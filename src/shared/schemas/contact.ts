import { z } from 'zod';
import { text } from './common.js';

/** The contact form's e-mail rule, also the captain's e-mail on the registration form. */
export const emailAddress = () => z.email({ error: 'Please enter a valid email address' }).max(254, 'Please enter a valid email address');

export const contactSchema = z.object({
  name: text('Name must be at least 2 characters').trim().min(2, 'Name must be at least 2 characters').max(100, 'Name must be at most 100 characters'),
  email: emailAddress(),
  subject: text('Subject must be at least 5 characters').trim().min(5, 'Subject must be at least 5 characters').max(200, 'Subject must be at most 200 characters'),
  message: text('Message must be at least 20 characters').trim().min(20, 'Message must be at least 20 characters').max(5000, 'Message must be at most 5000 characters'),
  /** The honeypot: hidden from people, filled in by form-filling bots. A filled one is accepted and filed as spam. */
  website: z.string().max(500).optional(),
});
export type ContactInput = z.infer<typeof contactSchema>;
