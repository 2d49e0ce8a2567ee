import { z } from 'zod';
import { text } from './common.js';

export const loginSchema = z.object({
  username: text('Username is required').trim().min(1, 'Username is required').max(100, 'Username must be at most 100 characters'),
  password: text('Password is required').min(1, 'Password is required').max(200, 'Password must be at most 200 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const authUserSchema = z.object({ username: z.string(), role: z.string() });
export type AuthUser = z.infer<typeof authUserSchema>;
