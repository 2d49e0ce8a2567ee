import { z } from 'zod';
import { idSchema } from './common.js';

/** Everything an organizer does that the Activity tab records (the append-only audit log). */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.setup',
  'auth.password_change',
  'auth.session_end',
  'auth.two_factor_on',
  'auth.two_factor_off',
  'auth.two_factor_reset',
  'auth.recovery_code_used',
  'account.invite',
  'account.invite_revoke',
  'account.invite_accept',
  'account.role_change',
  'account.disable',
  'account.enable',
  'tournament.create',
  'tournament.update',
  'tournament.delete',
  'tournament.cancel',
  'tournament.set_live',
  'tournament.registration',
  'team.refund',
  'team.remove',
  'team.export',
  'team.erase',
  'team.withdraw',
  'team.roster_change',
  'team.link_rotate',
  'team.waitlist_offer',
  'champion.create',
  'champion.update',
  'champion.delete',
  'upload.logo',
  'team.check_in',
  'bracket.generate',
  'match.result',
  'bracket.confirm',
  'settings.update',
  'message.status',
  'message.reply',
  'mail.retry',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How the Activity tab names each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sign_out': 'Signed out',
  'auth.setup': 'Created the first account',
  'auth.password_change': 'Changed own password',
  'auth.session_end': 'Ended a session',
  'auth.two_factor_on': 'Turned on two-factor sign-in',
  'auth.two_factor_off': 'Turned off two-factor sign-in',
  'auth.two_factor_reset': 'Reset two-factor sign-in',
  'auth.recovery_code_used': 'Signed in with a recovery code',
  'account.invite': 'Invited an account',
  'account.invite_revoke': 'Withdrew an invite',
  'account.invite_accept': 'Accepted an invite',
  'account.role_change': "Changed an account's role",
  'account.disable': 'Disabled an account',
  'account.enable': 'Enabled an account',
  'tournament.create': 'Created tournament',
  'tournament.update': 'Edited tournament',
  'tournament.delete': 'Deleted tournament',
  'tournament.cancel': 'Cancelled tournament',
  'tournament.set_live': 'Set tournament live',
  'tournament.registration': 'Switched registration',
  'team.refund': 'Refunded team',
  'team.remove': 'Removed team',
  'team.export': "Exported team's data",
  'team.erase': "Erased team's data",
  'team.withdraw': 'Captain withdrew team',
  'team.roster_change': 'Changed roster',
  'team.link_rotate': 'New team link',
  'team.waitlist_offer': 'Offered a spot from the waitlist',
  'champion.create': 'Added champion',
  'champion.update': 'Edited champion',
  'champion.delete': 'Deleted champion',
  'upload.logo': 'Uploaded logo',
  'team.check_in': 'Checked in team',
  'bracket.generate': 'Generated bracket',
  'match.result': 'Entered result',
  'bracket.confirm': 'Confirmed champions',
  'settings.update': 'Changed site settings',
  'message.status': 'Filed a message',
  'message.reply': 'Replied to a message',
  'mail.retry': 'Retried undelivered mail',
};

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(auditActions),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  // The target's current name (a team, champion or tournament), read at listing time.
  targetName: z.string().nullable(),
  tournamentId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(200, 'Limit must be at most 200').default(50),
  /** The id of the last entry already shown: the next page starts below it. */
  before: z.coerce.number({ error: 'Not a valid cursor' }).int('Not a valid cursor').positive('Not a valid cursor').optional(),
  tournamentId: idSchema.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.number().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
