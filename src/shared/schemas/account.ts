import { z } from 'zod';
import { text } from './common.js';
import { newPasswordField } from './password-rules.js';
import { msg } from '../i18n/msg.js';

/** An account's own password change: a new password needs the current one. */
export const passwordChangeSchema = z.object({
  currentPassword: text(msg('Current password is required')).min(1, msg('Current password is required')).max(200, msg('Password must be at most 200 characters')),
  newPassword: newPasswordField(msg('New password is required')),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The form asks for the new password twice; the API takes it once. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: text(msg('Repeat the new password')).min(1, msg('Repeat the new password')) })
  .refine((values) => values.confirmPassword === values.newPassword, { path: ['confirmPassword'], error: msg('The two new passwords differ') });
export type PasswordChangeFormInput = z.infer<typeof passwordChangeFormSchema>;

/** One of the signed-in account's sessions, as its owner sees it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  address: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

export const sessionsEndedSchema = z.object({ ended: z.number().int() });
