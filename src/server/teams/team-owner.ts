import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { matchesHash, teamLinkKeyOf } from './team-link.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * Who may pay for a team: the browser that registered it. POST /api/teams hands that browser a
 * random token in an HttpOnly cookie of its own (one per team, so registering two teams keeps
 * both); the database keeps only the token's SHA-256. Team ids are public (the team list), so
 * the id alone proves nothing.
 */

/** Covers the payment hold and a captain coming back from the bank's 3-D Secure page, with room to spare. */
const ownerCookieMaxAgeSeconds = 24 * 60 * 60;

export const ownerCookieName = (teamId: string) => `team_${teamId}`;

const sha256 = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new token for a team being registered: the token goes to the browser, the hash to the database. */
export function newOwnerToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function setOwnerCookie(reply: FastifyReply, teamId: string, token: string, secure: boolean): void {
  // Path=/api: only the API needs it. Strict: another site can never make the browser send it.
  reply.setCookie(ownerCookieName(teamId), token, { httpOnly: true, sameSite: 'strict', path: '/api', secure, maxAge: ownerCookieMaxAgeSeconds });
}

/**
 * What a request shows about owning a team: the owner cookie's token for that team, if any, the
 * key of the captain's team link (teams/team-link.ts) when it sent one, and the Discord account the
 * browser signed in with (discord/captain-session.ts).
 */
export type OwnerProof = ((teamId: string) => string | undefined) & { teamLinkKey?: string; discordUserId?: string };

export const ownerProofOf = (request: FastifyRequest): OwnerProof =>
  Object.assign((teamId: string) => request.cookies[ownerCookieName(teamId)], { teamLinkKey: teamLinkKeyOf(request), discordUserId: request.captainDiscordUserId });

/**
 * The one place that decides whether a request may start, confirm or record a team's payment:
 * the registering browser's cookie, or the captain's team link (from any device), both compared
 * in constant time against stored hashes; or the captain's Discord sign-in for the account connected to the team.
 */
export function assertTeamOwner(team: { id: string; ownerTokenHash: string | null; teamLinkHash?: string | null; discordUserId?: string | null }, proof: OwnerProof): void {
  const isOwner =
    matchesHash(team.ownerTokenHash, proof(team.id)) ||
    matchesHash(team.teamLinkHash ?? null, proof.teamLinkKey) ||
    (!!team.discordUserId && team.discordUserId === proof.discordUserId);
  if (!isOwner) throw new AppError('forbidden', msg('Only the browser that registered this team can pay its entry fee.'));
}
