import { z } from 'zod';
import { text } from './common.js';
import { newPasswordField } from './password-rules.js';
import { msg } from '../i18n/msg.js';

export const loginSchema = z.object({
  username: text(msg('Username is required')).trim().min(1, msg('Username is required')).max(100, msg('Username must be at most 100 characters')),
  password: text(msg('Password is required')).min(1, msg('Password is required')).max(200, msg('Password must be at most 200 characters')),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The signed-in account: its role decides the tabs; an account ADMIN_REQUIRE_2FA covers must enrol before anything else. */
export const authUserSchema = z.object({
  username: z.string(),
  role: z.string(),
  twoFactorEnabled: z.boolean(),
  mustEnrolTwoFactor: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** A right password for an account with two-factor on: no session yet, a code comes next. */
export const twoFactorChallengeSchema = z.object({ twoFactorRequired: z.literal(true) });
export const loginResultSchema = z.union([authUserSchema, twoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A code from the authenticator app (6 digits) or one of the recovery codes. */
export const twoFactorCodeSchema = z.object({
  code: text(msg('Enter the code')).trim().min(1, msg('Enter the code')).max(20, msg('That code is not right')),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/** Turning two-factor on: the first code from the app, and the account's password (a session alone is not enough). */
export const twoFactorEnableSchema = twoFactorCodeSchema.extend({
  currentPassword: text(msg('Enter your password')).min(1, msg('Enter your password')).max(200, msg('Password must be at most 200 characters')),
});
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>;

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** First run (no organizer account yet): whether the setup page is the way in. */
export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** The first owner account, claimed with the one-time code the site printed at start-up. */
export const setupSchema = z.object({
  code: text(msg('Setup code is required')).trim().min(1, msg('Setup code is required')).max(100, msg('Setup code must be at most 100 characters')),
  username: text(msg('Username is required')).trim().min(1, msg('Username is required')).max(100, msg('Username must be at most 100 characters')),
  password: newPasswordField(),
});
export type SetupInput = z.infer<typeof setupSchema>;
