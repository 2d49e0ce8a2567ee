import { discordAuthorizationSchema, discordCallbackQuerySchema, discordConnectStartSchema } from '../schemas/discord.js';
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
  summary: "Discord's OAuth2 redirect: connects the account and sends the browser back to the wizard",
  description:
    'The redirect URL to register in the Discord application. Exchanges the code, reads the account, adds it to the server with the bot, stores its id on the team and fills the captain\'s Discord name; then 303 to the wizard with `?discord=connected|not-added|denied|refused|failed`. A wrong, used or expired `state` changes nothing.',
  querystring: discordCallbackQuerySchema,
  responses: { 303: noContentSchema('Back to the registration wizard: Location carries the outcome') },
});
