import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';

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

/** What a request shows about owning a team: the token it carries for that team, if any. */
export type OwnerProof = (teamId: string) => string | undefined;

export const ownerProofOf =
  (request: FastifyRequest): OwnerProof =>
  (teamId) =>
    request.cookies[ownerCookieName(teamId)];

/**
 * The one place that decides whether a request may start, confirm or record a team's payment.
 * The captain's private team link (a later issue) is meant to extend this with a second proof.
 */
export function assertTeamOwner(team: { id: string; ownerTokenHash: string | null }, proof: OwnerProof): void {
  const token = proof(team.id);
  const expected = Buffer.from(team.ownerTokenHash ?? '');
  const given = Buffer.from(token ? sha256(token) : '');
  const isOwner = expected.length > 0 && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  if (!isOwner) throw new AppError('forbidden', 'Only the browser that registered this team can pay its entry fee.');
}
