import { z } from 'zod';
import { roles } from '../permissions.js';
import { text } from './common.js';
import { newPasswordField } from './password-rules.js';
import { msg } from '../i18n/msg.js';

/** The Accounts tab (owner): the organizing team's accounts and the invites not yet used. */
export const teamAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(roles),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  disabled: z.boolean(),
  /** The account linked a Discord account (it holds the staff role there): the owner sees who has. */
  discordLinked: z.boolean(),
  createdAt: z.string(),
});
export type TeamAccount = z.infer<typeof teamAccountSchema>;

export const openInviteSchema = z.object({
  id: z.string(),
  role: z.enum(roles),
  email: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type OpenInvite = z.infer<typeof openInviteSchema>;

export const organizingTeamSchema = z.object({ accounts: z.array(teamAccountSchema), invites: z.array(openInviteSchema) });
export type OrganizingTeam = z.infer<typeof organizingTeamSchema>;

const roleField = z.enum(roles, { error: msg('Choose a role') });

export const inviteInputSchema = z.object({
  role: roleField,
  // Optional: with an address (and mail configured) the link is also sent there.
  email: z.union([z.literal(''), z.email(msg('Enter a valid e-mail address')).max(200, msg('E-mail must be at most 200 characters'))]).optional(),
});
export type InviteInput = z.infer<typeof inviteInputSchema>;

/** The link is shown once: only its hash is stored. */
export const inviteCreatedSchema = z.object({ inviteUrl: z.string(), expiresAt: z.string(), mailed: z.boolean() });
export type InviteCreated = z.infer<typeof inviteCreatedSchema>;

export const inviteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const inviteStatusSchema = z.object({ role: z.enum(roles), expiresAt: z.string() });
export type InviteStatus = z.infer<typeof inviteStatusSchema>;

/** What the invitee picks: the rules of admin:create (12 characters or more, not a common password). */
export const inviteAcceptSchema = z.object({
  username: text(msg('Username is required'))
    .trim()
    .min(3, msg('Username must be at least 3 characters'))
    .max(50, msg('Username must be at most 50 characters'))
    .regex(/^[A-Za-z0-9._-]+$/, msg('Use letters, digits, dots, dashes or underscores')),
  password: newPasswordField(),
});
export type InviteAcceptInput = z.infer<typeof inviteAcceptSchema>;

export const inviteAcceptFormSchema = inviteAcceptSchema
  .extend({ confirmPassword: text(msg('Repeat the password')).min(1, msg('Repeat the password')) })
  .refine((values) => values.confirmPassword === values.password, { path: ['confirmPassword'], error: msg('The two passwords differ') });
export type InviteAcceptFormInput = z.infer<typeof inviteAcceptFormSchema>;

export const accountUpdateSchema = z
  .object({ role: roleField.optional(), disabled: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.disabled !== undefined, { error: msg('Nothing to change') });
export type AccountUpdateInput = z.infer<typeof accountUpdateSchema>;
