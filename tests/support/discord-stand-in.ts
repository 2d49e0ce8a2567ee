import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small, stateful stand-in for the parts of Discord the site uses, spoken over HTTP so the
 * server's real clients (fetch for OAuth2's browser redirects, @discordjs/rest for the API) talk
 * to it through DISCORD_API_URL:
 *
 * - GET /oauth2/authorize: Discord's consent screen as a plain page ("Authorize" / "Cancel") that
 *   sends the browser back to the redirect URI with `code` and `state`, or `error=access_denied`;
 * - POST /api/oauth2/token: the authorization-code grant, checking the client secret, the
 *   redirect URI and the PKCE verifier (S256); each code works once;
 * - GET /api/v10/users/@me with the captain's Bearer token;
 * - PUT /api/v10/guilds/{guild}/members/{user} with the bot's token and the captain's access
 *   token (scope guilds.join): 201 with the member when added, 204 when already a member;
 * - POST /api/v10/guilds/{guild}/roles (the role, with a new id), and PUT / DELETE
 *   /api/v10/guilds/{guild}/members/{user}/roles/{role} (204; 404 for an unknown member or role);
 * - POST /api/v10/guilds/{guild}/channels (a category, or a text channel with `parent_id` and
 *   `permission_overwrites`), PATCH /api/v10/channels/{channel} (its overwrites replaced), PUT
 *   /api/v10/channels/{channel}/permissions/{id} (one overwrite set),
 *   POST /api/v10/channels/{channel}/messages and DELETE /api/v10/channels/{channel} (404 Unknown
 *   Channel once gone; a category's channels stay, without a parent, as on Discord); channels and
 *   their messages are kept for the tests to read, and so are the deleted ones (`deletedChannels`).
 *   A role overwrite naming a role the server does not have answers 404 Unknown Role (10011);
 * - GET /api/v10/guilds/{guild}/members/{user} (404 Unknown Member, 10007, for a non-member).
 *
 * Told to (`failNext`), a route answers 429 with `retry_after` and the X-RateLimit-* bucket
 * headers Discord sends, or a 5xx; told to (`outage`), routes answer so until told otherwise.
 * Every API request is recorded with when it arrived.
 */

export interface StandInUser {
  id: string;
  username: string;
  global_name: string | null;
}

export type StandInRoute =
  | 'token'
  | 'user'
  | 'addMember'
  | 'getMember'
  | 'createRole'
  | 'addMemberRole'
  | 'removeMemberRole'
  | 'createChannel'
  | 'editChannel'
  | 'editChannelPermission'
  | 'createMessage'
  | 'deleteChannel';

export interface StandInOverwrite {
  id: string;
  /** 0: a role (@everyone's id is the guild's), 1: a member. */
  type: number;
  allow: string;
  deny: string;
}

export interface StandInChannel {
  id: string;
  name: string;
  /** 4: a category, 0: a text channel. */
  type: number;
  parent_id: string | null;
  permission_overwrites: StandInOverwrite[];
  /** The messages posted in it, in order. */
  messages: string[];
  /** Each message's `flags`, in the same order (0 when none were sent). */
  messageFlags: number[];
}

export interface StandInRole {
  id: string;
  name: string;
  permissions: string;
}

export type Fault = { status: 429; retryAfter: number } | { status: 400 | 401 | 403 | 404 | 500 | 502 | 503 };

export interface RecordedDiscordRequest {
  route: StandInRoute | 'authorize';
  method: string;
  path: string;
  at: number;
  status: number;
}

interface PendingCode {
  userId: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string;
}

export interface DiscordStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  botToken: string;
  guildId: string;
  /** The account the consent screen is signed in as (the stand-in's "logged-in Discord user"). */
  signInAs(user: StandInUser): void;
  readonly signedInAs: StandInUser;
  /** Makes the user a member of the guild already (the PUT then answers 204). */
  addToGuild(userId: string): void;
  /** The user leaves the guild (a role given to them then answers 404 Unknown Member). */
  leaveGuild(userId: string): void;
  guildMembers(): string[];
  /** The next `times` requests to `route` answer `fault` instead. */
  failNext(route: StandInRoute, fault: Fault, times?: number): void;
  /** Until called again with null, every request to `routes` answers `fault` (Discord down, or limiting). */
  outage(fault: Fault | null, routes?: StandInRoute[]): void;
  /** The guild's roles, in the order they were created. */
  roles(): StandInRole[];
  /** Someone deletes a role on the server: members lose it, and naming it answers 404 Unknown Role. */
  deleteRole(roleId: string): void;
  /** The guild's channels (categories too), in the order they were created. */
  channels(): StandInChannel[];
  /** The channels deleted, in the order they were, with their messages. */
  deletedChannels(): StandInChannel[];
  /** Deletes a channel as a person on the server would (the site's DELETE then answers 404). */
  deleteChannelByHand(channelId: string): void;
  /** The ids of the roles a member has. */
  memberRoles(userId: string): string[];
  requests: RecordedDiscordRequest[];
  /** The env the site needs to use this stand-in. */
  env(): Record<string, string>;
  /** Drives the consent screen without a browser: the redirect the Authorize (or Cancel) button makes. */
  authorize(authorizeUrl: string, choice?: 'authorize' | 'cancel'): Promise<URL>;
  close(): Promise<void>;
}

const html = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Discord (stand-in): Authorize</title>
<style>body{font-family:sans-serif;background:#313338;color:#f2f3f5;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#2b2d31;padding:24px;border-radius:8px;max-width:340px;width:calc(100% - 32px)}button{font-size:16px;padding:10px 16px;margin-top:12px;border:0;border-radius:4px;cursor:pointer}.go{background:#5865f2;color:#fff}.no{background:transparent;color:#f2f3f5}</style></head><body><main>${body}</main></body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startDiscordStandIn(): Promise<DiscordStandIn> {
  const clientId = '1100000000000000001';
  const clientSecret = `secret_${crypto.randomBytes(12).toString('hex')}`;
  const botToken = `bot.${crypto.randomBytes(12).toString('hex')}`;
  const guildId = '1200000000000000002';
  let signedInAs: StandInUser = { id: '80351110224678912', username: 'nelly', global_name: 'Nelly' };
  const users = new Map<string, StandInUser>();
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, { userId: string; scope: string }>();
  const members = new Set<string>();
  const faults = new Map<StandInRoute, { fault: Fault; times: number }>();
  let down: { fault: Fault; routes: StandInRoute[] } | null = null;
  const roles: StandInRole[] = [];
  const memberRoles = new Map<string, Set<string>>();
  let nextRoleId = 1300000000000000000n;
  const channels: StandInChannel[] = [];
  const deleted: StandInChannel[] = [];
  /** Deletes a channel; a category's channels lose their parent, as on Discord. */
  const removeChannel = (channel: StandInChannel) => {
    channels.splice(channels.indexOf(channel), 1);
    deleted.push(channel);
    for (const child of channels) if (child.parent_id === channel.id) child.parent_id = null;
  };
  let nextChannelId = 1400000000000000000n;
  const requests: RecordedDiscordRequest[] = [];

  const readBody = (request: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (data += chunk));
      request.on('end', () => resolve(data));
      request.on('error', reject);
    });

  function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    if (body === null) {
      response.writeHead(status, headers).end();
      return;
    }
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  }

  /** A role overwrite naming neither @everyone (the guild's id) nor a role of the server. */
  const unknownRoleIn = (overwrites: StandInOverwrite[] | undefined) =>
    (overwrites ?? []).some((overwrite) => overwrite.type === 0 && overwrite.id !== guildId && !roles.some((role) => role.id === overwrite.id));

  /** A queued fault for `route`, answered as Discord would; true when it answered. */
  function answeredFault(route: StandInRoute, response: http.ServerResponse): boolean {
    const queued = faults.get(route);
    const outage = down?.routes.includes(route) ? down.fault : null;
    if (!queued && !outage) return false;
    if (queued && --queued.times <= 0) faults.delete(route);
    const fault = queued?.fault ?? outage!;
    if (fault.status === 429) {
      const bucket = `stand-in-${route}`;
      send(
        response,
        429,
        { message: 'You are being rate limited.', retry_after: fault.retryAfter, global: false },
        {
          'Retry-After': String(Math.ceil(fault.retryAfter)),
          'X-RateLimit-Limit': '5',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset': String(Date.now() / 1000 + fault.retryAfter),
          'X-RateLimit-Reset-After': String(fault.retryAfter),
          'X-RateLimit-Bucket': bucket,
          'X-RateLimit-Scope': 'user',
        },
      );
    } else {
      send(response, fault.status, { message: 'Discord is having trouble (stand-in fault)', code: 0 });
    }
    return true;
  }

  function record(route: RecordedDiscordRequest['route'], request: http.IncomingMessage, response: http.ServerResponse) {
    const entry: RecordedDiscordRequest = { route, method: request.method ?? 'GET', path: request.url ?? '', at: Date.now(), status: 0 };
    requests.push(entry);
    response.on('finish', () => (entry.status = response.statusCode));
  }

  function consentPage(query: URLSearchParams): string {
    const fields = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'];
    const hidden = fields.map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? '')}">`).join('');
    return html(`<h1>Authorize access</h1>
<p>Signed in as <strong>${escapeHtml(signedInAs.username)}</strong></p>
<p>The application wants to: ${escapeHtml((query.get('scope') ?? '').split(' ').join(', '))}</p>
<form method="post" action="/oauth2/authorize">${hidden}
<button class="go" type="submit" name="choice" value="authorize">Authorize</button>
<button class="no" type="submit" name="choice" value="cancel">Cancel</button></form>`);
  }

  /** Where the consent screen sends the browser: Discord's own checks first (client, PKCE), then the captain's choice. */
  function decide(params: URLSearchParams, choice: string): { status: number; location?: string; message?: string } {
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('client_id') !== clientId || !URL.canParse(redirectUri)) return { status: 400, message: 'Invalid OAuth2 request' };
    if (params.get('response_type') !== 'code' || params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
      return { status: 400, message: 'Invalid OAuth2 request: code with PKCE (S256) expected' };
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (choice !== 'authorize') {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
    } else {
      const code = crypto.randomBytes(15).toString('hex');
      users.set(signedInAs.id, signedInAs);
      codes.set(code, { userId: signedInAs.id, clientId, redirectUri, scope: params.get('scope') ?? '', codeChallenge: params.get('code_challenge')! });
      back.searchParams.set('code', code);
    }
    if (state !== null) back.searchParams.set('state', state);
    return { status: 302, location: back.toString() };
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';

    if (url.pathname === '/oauth2/authorize') {
      record('authorize', request, response);
      if (method === 'GET') {
        const checked = decide(url.searchParams, 'check');
        if (checked.status === 400) return void response.writeHead(400, { 'Content-Type': 'text/plain' }).end(checked.message);
        return void response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(consentPage(url.searchParams));
      }
      const form = new URLSearchParams(await readBody(request));
      const decided = decide(form, form.get('choice') ?? 'cancel');
      if (decided.status === 400) return void response.writeHead(400, { 'Content-Type': 'text/plain' }).end(decided.message);
      return void response.writeHead(302, { Location: decided.location! }).end();
    }

    if (url.pathname === '/api/oauth2/token' && method === 'POST') {
      record('token', request, response);
      if (answeredFault('token', response)) return;
      const form = new URLSearchParams(await readBody(request));
      let [id, secret] = [form.get('client_id'), form.get('client_secret')];
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (basic) [id, secret] = Buffer.from(basic, 'base64').toString().split(':');
      if (id !== clientId || secret !== clientSecret) return send(response, 401, { error: 'invalid_client' });
      if (form.get('grant_type') !== 'authorization_code') return send(response, 400, { error: 'unsupported_grant_type' });
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.redirectUri !== form.get('redirect_uri'))
        return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
      const verifier = form.get('code_verifier') ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== code.codeChallenge) return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid "code_verifier"' });
      codes.delete(form.get('code')!);
      const accessToken = crypto.randomBytes(15).toString('hex');
      accessTokens.set(accessToken, { userId: code.userId, scope: code.scope });
      return send(response, 200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: crypto.randomBytes(15).toString('hex'),
        scope: code.scope,
      });
    }

    if (url.pathname === '/api/v10/users/@me' && method === 'GET') {
      record('user', request, response);
      if (answeredFault('user', response)) return;
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const grant = token ? accessTokens.get(token) : undefined;
      if (!grant) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      const user = users.get(grant.userId)!;
      return send(response, 200, { ...user, discriminator: '0', avatar: null });
    }

    const isBot = request.headers.authorization === `Bot ${botToken}`;
    const rolesPath = /^\/api\/v10\/guilds\/(\d+)\/roles$/.exec(url.pathname);
    if (rolesPath && method === 'POST') {
      record('createRole', request, response);
      if (answeredFault('createRole', response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      if (rolesPath[1] !== guildId) return send(response, 404, { message: 'Unknown Guild', code: 10004 });
      const body = JSON.parse((await readBody(request)) || '{}') as { name?: string; permissions?: string };
      const role: StandInRole = { id: String(nextRoleId++), name: body.name ?? 'new role', permissions: body.permissions ?? '0' };
      roles.push(role);
      return send(response, 200, { ...role, color: 0, hoist: false, position: roles.length, managed: false, mentionable: false, flags: 0 });
    }

    const guildChannels = /^\/api\/v10\/guilds\/(\d+)\/channels$/.exec(url.pathname);
    if (guildChannels && method === 'POST') {
      record('createChannel', request, response);
      if (answeredFault('createChannel', response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      if (guildChannels[1] !== guildId) return send(response, 404, { message: 'Unknown Guild', code: 10004 });
      const body = JSON.parse((await readBody(request)) || '{}') as Partial<StandInChannel>;
      if (!body.name || (body.type !== 0 && body.type !== 4)) return send(response, 400, { message: 'Invalid Form Body', code: 50035 });
      if (body.parent_id && !channels.some((c) => c.id === body.parent_id && c.type === 4))
        return send(response, 400, { message: 'Invalid Form Body (parent_id)', code: 50035 });
      if (unknownRoleIn(body.permission_overwrites)) return send(response, 404, { message: 'Unknown Role', code: 10011 });
      const channel: StandInChannel = {
        id: String(nextChannelId++),
        name: body.name,
        type: body.type,
        parent_id: body.parent_id ?? null,
        permission_overwrites: body.permission_overwrites ?? [],
        messages: [],
        messageFlags: [],
      };
      channels.push(channel);
      const { messages: _messages, ...shown } = channel;
      return send(response, 201, { ...shown, guild_id: guildId, position: channels.length });
    }

    const channelPath = /^\/api\/v10\/channels\/(\d+)(\/messages)?$/.exec(url.pathname);
    if (channelPath && method === 'DELETE' && !channelPath[2]) {
      record('deleteChannel', request, response);
      if (answeredFault('deleteChannel', response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      const channel = channels.find((c) => c.id === channelPath[1]);
      if (!channel) return send(response, 404, { message: 'Unknown Channel', code: 10003 });
      removeChannel(channel);
      const { messages: _messages, ...shown } = channel;
      return send(response, 200, { ...shown, guild_id: guildId });
    }
    if (channelPath && ((method === 'PATCH' && !channelPath[2]) || (method === 'POST' && channelPath[2]))) {
      const route = method === 'PATCH' ? 'editChannel' : 'createMessage';
      record(route, request, response);
      if (answeredFault(route, response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      const channel = channels.find((c) => c.id === channelPath[1]);
      if (!channel) return send(response, 404, { message: 'Unknown Channel', code: 10003 });
      const body = JSON.parse((await readBody(request)) || '{}') as { permission_overwrites?: StandInOverwrite[]; content?: string; flags?: number };
      if (route === 'editChannel') {
        if (unknownRoleIn(body.permission_overwrites)) return send(response, 404, { message: 'Unknown Role', code: 10011 });
        if (body.permission_overwrites) channel.permission_overwrites = body.permission_overwrites;
        return send(response, 200, {
          id: channel.id,
          name: channel.name,
          type: channel.type,
          parent_id: channel.parent_id,
          permission_overwrites: channel.permission_overwrites,
        });
      }
      if (!body.content) return send(response, 400, { message: 'Cannot send an empty message', code: 50006 });
      channel.messages.push(body.content);
      channel.messageFlags.push(body.flags ?? 0);
      return send(response, 200, { id: String(nextChannelId++), channel_id: channel.id, content: body.content });
    }

    const channelPermission = /^\/api\/v10\/channels\/(\d+)\/permissions\/(\d+)$/.exec(url.pathname);
    if (channelPermission && method === 'PUT') {
      record('editChannelPermission', request, response);
      if (answeredFault('editChannelPermission', response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      const channel = channels.find((c) => c.id === channelPermission[1]);
      if (!channel) return send(response, 404, { message: 'Unknown Channel', code: 10003 });
      const body = JSON.parse((await readBody(request)) || '{}') as Omit<StandInOverwrite, 'id'>;
      const overwrite = { id: channelPermission[2]!, type: body.type, allow: body.allow, deny: body.deny };
      if (unknownRoleIn([overwrite])) return send(response, 404, { message: 'Unknown Role', code: 10011 });
      channel.permission_overwrites = [...channel.permission_overwrites.filter((o) => o.id !== overwrite.id), overwrite];
      return send(response, 204, null);
    }

    const memberRole = /^\/api\/v10\/guilds\/(\d+)\/members\/(\d+)\/roles\/(\d+)$/.exec(url.pathname);
    if (memberRole && (method === 'PUT' || method === 'DELETE')) {
      const route = method === 'PUT' ? 'addMemberRole' : 'removeMemberRole';
      record(route, request, response);
      if (answeredFault(route, response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      const [, guild, userId, roleId] = memberRole;
      if (guild !== guildId) return send(response, 404, { message: 'Unknown Guild', code: 10004 });
      if (!members.has(userId!)) return send(response, 404, { message: 'Unknown Member', code: 10007 });
      if (!roles.some((role) => role.id === roleId)) return send(response, 404, { message: 'Unknown Role', code: 10011 });
      const held = memberRoles.get(userId!) ?? new Set<string>();
      if (method === 'PUT') held.add(roleId!);
      else held.delete(roleId!);
      memberRoles.set(userId!, held);
      return send(response, 204, null);
    }

    const member = /^\/api\/v10\/guilds\/(\d+)\/members\/(\d+)$/.exec(url.pathname);
    if (member && method === 'GET') {
      record('getMember', request, response);
      if (answeredFault('getMember', response)) return;
      if (!isBot) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      if (member[1] !== guildId) return send(response, 404, { message: 'Unknown Guild', code: 10004 });
      if (!members.has(member[2]!)) return send(response, 404, { message: 'Unknown Member', code: 10007 });
      return send(response, 200, {
        user: users.get(member[2]!),
        roles: [...(memberRoles.get(member[2]!) ?? [])],
        joined_at: new Date().toISOString(),
        deaf: false,
        mute: false,
      });
    }
    if (member && method === 'PUT') {
      record('addMember', request, response);
      if (answeredFault('addMember', response)) return;
      if (request.headers.authorization !== `Bot ${botToken}`) return send(response, 401, { message: '401: Unauthorized', code: 0 });
      if (member[1] !== guildId) return send(response, 404, { message: 'Unknown Guild', code: 10004 });
      const body = JSON.parse((await readBody(request)) || '{}') as { access_token?: string };
      const grant = body.access_token ? accessTokens.get(body.access_token) : undefined;
      if (!grant || grant.userId !== member[2] || !grant.scope.split(' ').includes('guilds.join')) {
        return send(response, 403, { message: 'Missing Access', code: 50001 });
      }
      if (members.has(member[2])) return send(response, 204, null);
      members.add(member[2]);
      return send(response, 201, { user: users.get(member[2]), roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false });
    }

    send(response, 404, { message: '404: Not Found', code: 0 });
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { message: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    botToken,
    guildId,
    signInAs(user) {
      signedInAs = user;
    },
    get signedInAs() {
      return signedInAs;
    },
    addToGuild(userId) {
      members.add(userId);
    },
    leaveGuild(userId) {
      members.delete(userId);
      memberRoles.delete(userId);
    },
    guildMembers: () => [...members],
    failNext(route, fault, times = 1) {
      faults.set(route, { fault, times });
    },
    outage(
      fault,
      routes = ['createRole', 'addMemberRole', 'removeMemberRole', 'createChannel', 'editChannel', 'editChannelPermission', 'createMessage', 'deleteChannel'],
    ) {
      down = fault ? { fault, routes } : null;
    },
    roles: () => [...roles],
    deleteRole(roleId) {
      roles.splice(
        roles.findIndex((role) => role.id === roleId),
        1,
      );
      for (const held of memberRoles.values()) held.delete(roleId);
    },
    channels: () => channels.map((channel) => ({ ...channel, messages: [...channel.messages], messageFlags: [...channel.messageFlags] })),
    deletedChannels: () => deleted.map((channel) => ({ ...channel, messages: [...channel.messages], messageFlags: [...channel.messageFlags] })),
    deleteChannelByHand(channelId) {
      const channel = channels.find((c) => c.id === channelId);
      if (channel) removeChannel(channel);
    },
    memberRoles: (userId) => [...(memberRoles.get(userId) ?? [])],
    requests,
    env: () => ({
      DISCORD_CLIENT_ID: clientId,
      DISCORD_CLIENT_SECRET: clientSecret,
      DISCORD_BOT_TOKEN: botToken,
      DISCORD_GUILD_ID: guildId,
      DISCORD_API_URL: url,
    }),
    async authorize(authorizeUrl, choice = 'authorize') {
      const query = new URL(authorizeUrl).searchParams;
      const page = await fetch(`${url}/oauth2/authorize?${query}`);
      if (!page.ok) throw new Error(`consent screen refused: ${await page.text()}`);
      const form = new URLSearchParams(query);
      form.set('choice', choice);
      const answer = await fetch(`${url}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' });
      if (answer.status !== 302) throw new Error(`consent refused: ${answer.status} ${await answer.text()}`);
      return new URL(answer.headers.get('location')!);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
