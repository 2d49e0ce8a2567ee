import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { teams } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { RateLimiter } from '../http/rate-limit.js';

/**
 * The captain's private team link, `/team/{id}?key=<key>`: a random 256-bit key, of which the
 * database keeps only the SHA-256. It is the captain's proof of owning the team wherever the
 * registering browser's cookie is not (another device, a closed tab), for the team page, the
 * roster, withdrawal and payment. Rotating it (the organizer's Teams tab) makes the old link
 * worthless. A wrong key looks exactly like an unknown team (404), and wrong keys are limited
 * per address and per link (see `teamLinkMisses`), so the link cannot be probed for.
 */

type TeamRow = typeof teams.$inferSelect;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** A new key: the key goes into the link, the hash into the database. */
export function newTeamLinkKey(): { key: string; hash: string } {
  const key = crypto.randomBytes(32).toString('base64url');
  return { key, hash: sha256(key) };
}

export { teamLinkPath } from '../../shared/paths.js';

/** Whether `token` hashes to `expectedHash`, compared in constant time. Null or empty never matches. */
export function matchesHash(expectedHash: string | null, token: string | undefined): boolean {
  if (!expectedHash || !token) return false;
  const expected = Buffer.from(expectedHash);
  const given = Buffer.from(sha256(token));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The key a request carries: `Authorization: Bearer <key>` (the API's way) or `?key=` (the link's way). */
export function teamLinkKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  if (bearer) return bearer;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.key === 'string' && query.key ? query.key : undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The team whose link key this request carried; set by the team link guard. */
    linkedTeam?: TeamRow;
  }
}

/**
 * Wrong keys, per address and per team link: past 20 in 10 minutes, further wrong keys get 429
 * (with Retry-After) instead of 404. The right key is checked first and never counted nor refused,
 * so nobody can lock a captain out: not a stranger guessing at the link, nor someone behind the same
 * address (a LAN party's NAT). What makes the key unguessable is its 256 bits; the budgets keep
 * probing slow and visible. A link id that names no team is counted and answered like any other.
 */
export const teamLinkMisses = { perAddress: 20, perLink: 20, windowMs: 10 * 60 * 1000 } as const;

/**
 * The other way in, where the site has a Discord application: the browser is signed in with the Discord
 * account connected to this team (discord/captain-session.ts), as its captain proved to Discord. It opens
 * what the link opens; the link keeps working alongside it, for captains who never connect.
 */
export const isSignedInCaptainOf = (team: { discordUserId: string | null }, request: FastifyRequest) =>
  !!team.discordUserId && team.discordUserId === request.captainDiscordUserId;

/** Compared against when the id names no team, so an unknown team costs the same hash as a known one. */
const noTeamHash = sha256(crypto.randomBytes(32).toString('base64url'));

/**
 * The preHandler for every route that takes a team link (`/api/manage/:id…`, check-in, the captain's
 * privacy requests): loads the team named by `:id`, checks the key, and puts the team on
 * `request.linkedTeam`. 404 for an unknown team and for a wrong, missing or rotated key alike (unless the
 * captain's Discord sign-in opens it).
 */
export function createTeamLinkGuard(db: Db, limiter: RateLimiter, { isRateLimited }: { isRateLimited: boolean }) {
  /** Counts a wrong key against its address, then (while the address is within its budget) its link; 429 past either. */
  async function countMiss(ip: string, linkId: string): Promise<void> {
    await limiter.consume(`team-link-miss:${ip}`, teamLinkMisses.perAddress, teamLinkMisses.windowMs);
    await limiter.consume(`team-link-miss-link:${linkId.toLowerCase()}`, teamLinkMisses.perLink, teamLinkMisses.windowMs);
  }

  return async function requireTeamLink(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const { id = '' } = request.params as { id?: string };
    const [team] = /^[0-9a-f-]{36}$/i.test(id) ? await db.select().from(teams).where(eq(teams.id, id)) : [];
    const isRightKey = matchesHash(team?.teamLinkHash ?? noTeamHash, teamLinkKeyOf(request)) && !!team;
    if (isRightKey || (team && isSignedInCaptainOf(team, request))) {
      request.linkedTeam = team;
      return;
    }
    if (isRateLimited) await countMiss(request.ip, id);
    throw notFound('Team');
  };
}

export type TeamLinkGuard = ReturnType<typeof createTeamLinkGuard>;

/** The team a guarded route is about (the guard has run). */
export function linkedTeamOf(request: FastifyRequest): TeamRow {
  if (!request.linkedTeam) throw notFound('Team');
  return request.linkedTeam;
}
