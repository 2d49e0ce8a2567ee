import { idParamsSchema } from '../schemas/common.js';
import {
  discordAuthorizationSchema,
  discordCallbackQuerySchema,
  discordCleanUpSchema,
  discordConnectStartSchema,
  myTeamsSchema,
  staffDiscordLinkSchema,
} from '../schemas/discord.js';
import { noContentSchema } from './responses.js';
import { endpoint } from './endpoint.js';

// Only when the site has a Discord application (DISCORD_CLIENT_ID and the rest): otherwise 404.
export const startDiscordConnect = endpoint({
  operationId: 'startDiscordConnect',
  method: 'POST',
  path: '/api/discord/connect',
  tag: 'discord',
  summary: "Start connecting the captain's Discord account to this browser's unpaid registration",
  description:
    "Answers Discord's authorization address (scopes identify and guilds.join, PKCE S256, a `state` bound to the team and, by a cookie, to this browser). The browser that registered the team (its owner cookie) or the team link may start it.",
  body: discordConnectStartSchema,
  responses: { 200: discordAuthorizationSchema },
});

export const discordCallback = endpoint({
  operationId: 'discordCallback',
  method: 'GET',
  path: '/api/discord/callback',
  tag: 'discord',
  summary: "Discord's OAuth2 redirect: connects the account (or signs the captain in) and sends the browser back",
  description:
    "The redirect URL to register in the Discord application. Exchanges the code, reads the account, adds it to the server with the bot, stores its id on the team and fills the captain's Discord name; then 303 to the wizard with `?discord=connected|not-added|denied|refused|failed`. A wrong, used or expired `state` changes nothing.",
  querystring: discordCallbackQuerySchema,
  responses: { 303: noContentSchema('Back to the registration wizard: Location carries the outcome') },
});

// Signing in with Discord ("My Teams"): only when the site has a Discord application, otherwise 404.
export const startDiscordSignIn = endpoint({
  operationId: 'startDiscordSignIn',
  method: 'GET',
  path: '/api/discord/sign-in',
  tag: 'discord',
  summary: 'Sign a captain in with their Discord account (scope identify): a redirect to Discord',
  description:
    "A link, not a call: 303 to Discord's authorization address (scope identify, PKCE S256, a `state` bound to this browser by a cookie). Discord sends the browser back to GET /api/discord/callback, which sets the captain's session cookie and sends it on to /my-teams with `?discord=signed-in|denied|refused|failed`.",
  responses: { 303: noContentSchema("To Discord's authorization page") },
});

export const signOutCaptain = endpoint({
  operationId: 'signOutCaptain',
  method: 'POST',
  path: '/api/discord/sign-out',
  tag: 'discord',
  summary: "End the captain's Discord sign-in on this browser",
  responses: { 204: noContentSchema('Signed out (also when nobody was signed in)') },
});

export const listMyTeams = endpoint({
  operationId: 'listMyTeams',
  method: 'GET',
  path: '/api/my-teams',
  tag: 'discord',
  summary: 'Every team the signed-in Discord account registered, across cups',
  description:
    'The teams whose captain connected this Discord account (not erased, in cups not deleted), newest cup first, each with its team page, which opens with the sign-in alone. 401 when this browser is not signed in with Discord; 404 without a Discord application.',
  responses: { 200: myTeamsSchema },
});

// A staff account's own Discord link (the Account tab): gives the linked account the staff role.
export const getStaffDiscordLink = endpoint({
  operationId: 'getStaffDiscordLink',
  method: 'GET',
  path: '/api/auth/discord',
  tag: 'auth',
  summary: 'The Discord account the signed-in staff account linked',
  description: '`available` is false without a Discord application: the Account tab then offers nothing.',
  responses: { 200: staffDiscordLinkSchema },
});

export const startStaffDiscordLink = endpoint({
  operationId: 'startStaffDiscordLink',
  method: 'POST',
  path: '/api/auth/discord/link',
  tag: 'auth',
  summary: "Link the signed-in staff account's Discord account: Discord's authorization address",
  description:
    "Scope identify, PKCE S256, a `state` bound to this browser and this account by a cookie. Discord sends the browser back to GET /api/discord/callback, which stores the account's id, asks for the staff role, and sends it on to the Account tab with `?discord=linked|denied|refused|failed`. 404 without a Discord application.",
  responses: { 200: discordAuthorizationSchema },
});

export const unlinkStaffDiscord = endpoint({
  operationId: 'unlinkStaffDiscord',
  method: 'DELETE',
  path: '/api/auth/discord/link',
  tag: 'auth',
  summary: "Unlink the signed-in staff account's Discord account (the staff role is taken from it)",
  responses: { 204: noContentSchema('Unlinked (also when nothing was linked)') },
});

// The organizer's clean-up: only when the site has a Discord application, otherwise 404.
export const cleanUpDiscord = endpoint({
  operationId: 'cleanUpDiscord',
  method: 'POST',
  path: '/api/tournaments/:id/discord/clean-up',
  tag: 'discord',
  summary: "Delete a finished or cancelled cup's match channels and its category on the Discord server now",
  description:
    "Without waiting for the cup's retention period: each match channel, then the category, is deleted by the Discord outbox in the background (a channel someone already deleted counts as done), and no channel is made for the cup any more. 409 while the cup is still to be played or running. Asking again changes nothing: 200 with what the first asking answered.",
  params: idParamsSchema,
  responses: { 202: discordCleanUpSchema, 200: discordCleanUpSchema },
});
