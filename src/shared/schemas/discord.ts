import { z } from 'zod';
import { idSchema } from './common.js';
import { paymentStatuses } from './team.js';
import { msg } from '../i18n/msg.js';

/**
 * Connecting the captain's Discord account at step 2 (when the site has a Discord application):
 * the wizard asks for the authorization address, the browser goes to Discord and comes back to
 * GET /api/discord/callback, which sends it on to the wizard with `?discord=<outcome>`.
 */

/**
 * A path of this site to come back to (the wizard's own): never another origin. Checked as the
 * redirect will write it: a URL parser turns `/.//evil.example` into `//evil.example`, which a
 * browser reads as another site, so only a path the parser leaves unchanged is taken.
 */
const returnPathSchema = z
  .string()
  .max(300, msg('The return path is too long'))
  .refine(
    (path) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && ![...path].some((c) => c.charCodeAt(0) < 0x20) && isNormalPath(path),
    msg('Must be a path of this site'),
  );

function isNormalPath(path: string): boolean {
  try {
    const url = new URL(path, 'http://site.invalid');
    return `${url.pathname}${url.search}${url.hash}` === path && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

export const discordConnectStartSchema = z.object({ teamId: idSchema, returnPath: returnPathSchema });
export type DiscordConnectStart = z.infer<typeof discordConnectStartSchema>;

export const discordAuthorizationSchema = z.object({
  /** Discord's consent screen, with this authorization's `state` and PKCE challenge. */
  authorizeUrl: z.string(),
});

/** What Discord sends the browser back with: a code, or an error (access_denied when the captain cancels). */
export const discordCallbackQuerySchema = z.object({
  code: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});

/**
 * How a connection ended, as the wizard reads it from `?discord=`: connected (added to the server,
 * or already there), connected but not added (Discord failed at that step: the invite link is offered),
 * denied (the captain cancelled), refused (a wrong, used or expired `state`), failed (Discord could not
 * be reached or refused the exchange).
 */
export const discordOutcomes = ['connected', 'not-added', 'denied', 'refused', 'failed'] as const;
export type DiscordOutcome = (typeof discordOutcomes)[number];
export const discordOutcomeParam = 'discord';

/**
 * Signing in with Discord ("My Teams"): scope identify only. The callback sends the browser to
 * /my-teams with `?discord=<outcome>`: signed in, denied (the captain cancelled), refused (a wrong,
 * used or expired `state`), failed (Discord could not be reached or refused the exchange).
 */
export const discordSignInOutcomes = ['signed-in', 'denied', 'refused', 'failed'] as const;
export type DiscordSignInOutcome = (typeof discordSignInOutcomes)[number];

/** One team the signed-in Discord account registered (its `discord_user_id`), in any cup. */
export const myTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  /** The captain withdrew it (its status is then removed or refunded): read as "Withdrawn", as on the team page. */
  withdrawnAt: z.string().nullable(),
  tournament: z.object({ id: z.string(), name: z.string(), slug: z.string(), startsAt: z.string() }),
  /** The team page: it opens with the Discord sign-in, no team link key needed. */
  teamPagePath: z.string(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

export const myTeamsSchema = z.object({
  /** The Discord account signed in (its id: the session keeps nothing else). */
  discordUserId: z.string(),
  /** Newest cup first. */
  teams: z.array(myTeamSchema),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;

/**
 * A staff account's Discord link (Account tab): `available` when the site has a Discord application
 * (otherwise the tab offers nothing), and the Discord account linked, given the staff role.
 */
export const staffDiscordLinkSchema = z.object({
  available: z.boolean(),
  linked: z.object({ discordUserId: z.string(), username: z.string() }).nullable(),
});
export type StaffDiscordLink = z.infer<typeof staffDiscordLinkSchema>;

/**
 * How linking ended, as the Account tab reads it from `?discord=`: linked, denied (cancelled on
 * Discord), refused (a wrong, used or expired `state`, or another account's), failed (Discord could
 * not be reached or refused the exchange), not-member (the account is not on the community's server,
 * where the staff role is given: nothing linked).
 */
export const staffDiscordOutcomes = ['linked', 'denied', 'refused', 'failed', 'not-member'] as const;
export type StaffDiscordOutcome = (typeof staffDiscordOutcomes)[number];

/**
 * The organizer's "Clean Up Discord": how many match channels (made, or still being made) are being
 * deleted, and whether the cup has a category to delete (made, or still being made).
 */
export const discordCleanUpSchema = z.object({ channels: z.number().int(), category: z.boolean() });
export type DiscordCleanUp = z.infer<typeof discordCleanUpSchema>;
