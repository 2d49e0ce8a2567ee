import { z } from 'zod';
import { text } from './common.js';

export const loginSchema = z.object({
  username: text('Username is required').trim().min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password is required').min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const authUserSchema = z.object({ username: z.string(), role: z.string() });
export type AuthUser = z.infer<typeof authUserSchema>;

/** First run (no organizer account yet): whether the setup page is the way in. */
export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** The first owner account, claimed with the one-time code the site printed at start-up. */
export const setupSchema = z.object({
  code: text('Setup code is required').trim().min(1, 'Setup code is required').max(100, 'Setup code must be at most 100 characters'),
  username: text('Username is required').trim().min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password is required').min(12, 'Password must be at least 12 characters').max(200, 'Password must be at most 200 characters'),
});
export type SetupInput = z.infer<typeof setupSchema>;
