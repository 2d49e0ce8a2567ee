import { DiscordAPIError, HTTPError, RateLimitError, REST } from '@discordjs/rest';
import {
  ChannelType,
  MessageFlags,
  OverwriteType,
  Routes,
  type RESTGetAPICurrentUserResult,
  type RESTPostAPIGuildChannelResult,
  type RESTPostAPIGuildRoleResult,
  type RESTPostOAuth2AccessTokenResult,
} from 'discord-api-types/v10';

/**
 * The calls the site makes to Discord, through the official REST client (@discordjs/rest): it keeps
 * Discord's rate-limit buckets (X-RateLimit-*), waits out a 429's `retry_after` and retries a 5xx.
 * A wait longer than `maxRateLimitWaitMs` is not sat out inside a captain's request: it fails as
 * "Discord is busy" instead. `origin` is https://discord.com, or a stand-in (DISCORD_API_URL).
 */

export interface DiscordApplication {
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
  origin: string;
}

/** Connecting at step 2 reads the account and adds it to the server; signing in ("My Teams") only reads it. */
export const discordScopes = ['identify', 'guilds.join'] as const;
export const signInScopes = ['identify'] as const;

/**
 * Why a Discord call failed, in words a captain can act on: the rest goes to the log. `status` is
 * Discord's HTTP answer (none: no answer), `retryAfterMs` how long a rate limit asks to wait.
 */
export class DiscordUnavailableError extends Error {
  constructor(
    message: string,
    options: { cause: unknown },
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
    /** Discord's JSON error code (10011: Unknown Role, 10007: Unknown Member), when it answered one. */
    readonly code: number | null = null,
  ) {
    super(message, options);
  }
}

/** Discord answered that a role the call named does not exist (deleted on the server). */
export const isUnknownRole = (error: unknown): error is DiscordUnavailableError => error instanceof DiscordUnavailableError && error.code === 10011;

/** A channel's permission overwrite for a member, or a role (`isRole`; `everyone`: the guild's @everyone role, whose id is the guild's). */
export interface MemberOverwrite {
  id: string | 'everyone';
  isRole?: boolean;
  allow: bigint;
  deny: bigint;
}

export function createDiscordApi(application: DiscordApplication, { maxRateLimitWaitMs = 10_000, retries = 1, timeoutMs = 10_000 } = {}) {
  const { clientId, clientSecret, botToken, guildId, origin } = application;
  const restOptions = {
    version: '10',
    api: `${origin}/api`,
    retries,
    timeout: timeoutMs,
    rejectOnRateLimit: ({ retryAfter }: { retryAfter: number }) => retryAfter > maxRateLimitWaitMs,
  };
  const bot = new REST(restOptions).setToken(botToken);
  // No token of its own: the token exchange authenticates with the client secret, the current user with the captain's token.
  const oauth = new REST(restOptions);

  async function call<T>(what: string, run: () => Promise<unknown>): Promise<T> {
    try {
      return (await run()) as T;
    } catch (error) {
      if (error instanceof RateLimitError) throw new DiscordUnavailableError(`${what}: rate limited for ${error.retryAfter} ms`, { cause: error }, 429, error.retryAfter);
      if (error instanceof DiscordAPIError) {
        throw new DiscordUnavailableError(`${what}: HTTP ${error.status}`, { cause: error }, error.status, null, typeof error.code === 'number' ? error.code : null);
      }
      if (error instanceof HTTPError) throw new DiscordUnavailableError(`${what}: HTTP ${error.status}`, { cause: error }, error.status);
      throw new DiscordUnavailableError(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  const overwritesOf = (overwrites: MemberOverwrite[]) =>
    overwrites.map(({ id, isRole, allow, deny }) =>
      id === 'everyone'
        ? { id: guildId, type: OverwriteType.Role, allow: String(allow), deny: String(deny) }
        : { id, type: isRole ? OverwriteType.Role : OverwriteType.Member, allow: String(allow), deny: String(deny) },
    );

  return {
    /** The bot's own user id: a bot application's user has the application's id. */
    botUserId: clientId,

    /** Discord's consent screen for this authorization. */
    authorizeUrl({
      state,
      codeChallenge,
      redirectUri,
      scopes = discordScopes,
    }: {
      state: string;
      codeChallenge: string;
      redirectUri: string;
      scopes?: readonly string[];
    }): string {
      const url = new URL(`${origin}/oauth2/authorize`);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: scopes.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'consent',
      }).toString();
      return url.toString();
    },

    exchangeCode({ code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string }) {
      return call<RESTPostOAuth2AccessTokenResult>('token exchange', () =>
        oauth.post(Routes.oauth2TokenExchange(), {
          auth: false,
          // Discord's token endpoint is /api/oauth2/token, outside the versioned API.
          versioned: false,
          passThroughBody: true,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
            client_id: clientId,
            client_secret: clientSecret,
          }).toString(),
        }),
      );
    },

    /** The account that authorized (scope identify). */
    currentUser(accessToken: string) {
      return call<RESTGetAPICurrentUserResult>('current user', () =>
        oauth.get(Routes.user(), { auth: false, headers: { Authorization: `Bearer ${accessToken}` } }),
      );
    },

    /** Adds the account to the server with the bot (scope guilds.join): 'added', or 'already' a member (204). */
    async addToGuild(userId: string, accessToken: string): Promise<'added' | 'already'> {
      const member = await call<unknown>('add guild member', () => bot.put(Routes.guildMember(guildId, userId), { body: { access_token: accessToken } }));
      // @discordjs/rest answers a 204 as an empty body; a 201 carries the new member.
      return member && typeof member === 'object' && Object.keys(member).length > 0 ? 'added' : 'already';
    },

    /** A role on the server, with no permissions of its own, not shown apart nor mentionable: its id. */
    async createRole(name: string): Promise<string> {
      const role = await call<RESTPostAPIGuildRoleResult>('create role', () =>
        bot.post(Routes.guildRoles(guildId), { body: { name: name.slice(0, 100), permissions: '0', hoist: false, mentionable: false } }),
      );
      return role.id;
    },

    /** Gives a member a role (204; giving it again changes nothing). */
    async addMemberRole(userId: string, roleId: string): Promise<void> {
      await call<unknown>('add member role', () => bot.put(Routes.guildMemberRole(guildId, userId, roleId)));
    },

    /** A category on the server (a cup's match channels go under it): its id. */
    async createCategory(name: string): Promise<string> {
      const category = await call<RESTPostAPIGuildChannelResult>('create category', () =>
        bot.post(Routes.guildChannels(guildId), { body: { name: name.slice(0, 100), type: ChannelType.GuildCategory } }),
      );
      return category.id;
    },

    /** A text channel under `parentId`, seen by whom its overwrites let in: its id. */
    async createTextChannel(name: string, parentId: string, overwrites: MemberOverwrite[]): Promise<string> {
      const channel = await call<RESTPostAPIGuildChannelResult>('create channel', () =>
        bot.post(Routes.guildChannels(guildId), {
          body: { name: name.slice(0, 100), type: ChannelType.GuildText, parent_id: parentId, permission_overwrites: overwritesOf(overwrites) },
        }),
      );
      return channel.id;
    },

    /** Replaces a channel's permission overwrites. */
    async setChannelOverwrites(channelId: string, overwrites: MemberOverwrite[]): Promise<void> {
      await call<unknown>('edit channel', () => bot.patch(Routes.channel(channelId), { body: { permission_overwrites: overwritesOf(overwrites) } }));
    },

    /** Adds (or replaces) one permission overwrite of a channel, leaving the others as they are (204). */
    async setChannelPermission(channelId: string, { id, isRole, allow, deny }: MemberOverwrite): Promise<void> {
      const overwriteId = id === 'everyone' ? guildId : id;
      await call<unknown>('edit channel permission', () =>
        bot.put(Routes.channelPermission(channelId, overwriteId), { body: { type: isRole || id === 'everyone' ? OverwriteType.Role : OverwriteType.Member, allow: String(allow), deny: String(deny) } }),
      );
    },

    /** Whether the account is a member of the server (404 Unknown Member: it is not). */
    async isGuildMember(userId: string): Promise<boolean> {
      try {
        await call<unknown>('get guild member', () => bot.get(Routes.guildMember(guildId, userId)));
        return true;
      } catch (error) {
        if (error instanceof DiscordUnavailableError && error.status === 404 && error.code === 10007) return false;
        throw error;
      }
    },

    /** Posts a message in a channel; mentions are not pinged (team names are the captains' own text). */
    async postMessage(channelId: string, content: string): Promise<void> {
      await call<unknown>('create message', () =>
        // No link previews: a match channel's links are the site's own, said in the line already.
        bot.post(Routes.channelMessages(channelId), {
          body: { content: content.slice(0, 2000), allowed_mentions: { parse: [] }, flags: MessageFlags.SuppressEmbeds },
        }),
      );
    },

    /** Deletes a channel or a category (a category's channels are not deleted with it: each is deleted first). */
    async deleteChannel(channelId: string): Promise<void> {
      await call<unknown>('delete channel', () => bot.delete(Routes.channel(channelId)));
    },

    /** Takes a role from a member (204; taking it again changes nothing). */
    async removeMemberRole(userId: string, roleId: string): Promise<void> {
      await call<unknown>('remove member role', () => bot.delete(Routes.guildMemberRole(guildId, userId, roleId)));
    },
  };
}

export type DiscordApi = ReturnType<typeof createDiscordApi>;
