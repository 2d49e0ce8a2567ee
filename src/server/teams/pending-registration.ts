import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PendingRegistration } from '../../shared/schemas/team.js';
import type { Db } from '../db/client.js';
import { teamMembers, teams } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import { publicWriteLimits } from '../http/public-write-limits.js';
import { awaitingPayment, liveHold } from './lifecycle/rules.js';
import { captainActor, type TeamPageService } from './team-page-service.js';
import { assertTeamOwner, ownerCookieName, ownerProofOf } from './team-owner.js';
import { matchesHash } from './team-link.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/**
 * A captain who reloads the wizard (phones reload the tab when the Discord app opens) finds the
 * team this browser registered, at the step it had reached, with the same held spot; a captain
 * who starts over gives that spot back first. The browser proves the team is its own with the
 * HttpOnly owner cookie that POST /api/teams set (teams/team-owner.ts): scripts never see it,
 * so the server answers which pending team the cookies name.
 */

const ownerCookiePattern = /^team_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** More owner cookies than a captain ever has are ignored rather than looked up. */
const maxOwnerCookies = 20;

export function createPendingRegistrations(db: Db, now: () => Date) {
  return {
    /** The latest unpaid team of `tournamentId` whose owner cookie this request carries, while its hold lasts. */
    async find(tournamentId: string, cookies: Record<string, string | undefined>): Promise<PendingRegistration | null> {
      const tokens = new Map<string, string>();
      for (const [name, value] of Object.entries(cookies)) {
        const id = ownerCookiePattern.exec(name)?.[1];
        if (id && value && tokens.size < maxOwnerCookies) tokens.set(id.toLowerCase(), value);
      }
      if (!tokens.size) return null;
      const rows = await db
        .select()
        .from(teams)
        .where(and(inArray(teams.id, [...tokens.keys()]), eq(teams.tournamentId, tournamentId), awaitingPayment.sql(now())))
        .orderBy(desc(teams.createdAt));
      const at = now();
      const team = rows.find((row) => liveHold.holds(row, at) && matchesHash(row.ownerTokenHash, tokens.get(row.id)));
      if (!team?.holdExpiresAt) return null;
      const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id)).orderBy(asc(teamMembers.position));
      return {
        id: team.id,
        tournamentId: team.tournamentId,
        name: team.name,
        logoUrl: team.logoUrl,
        captainDiscord: team.captainDiscord,
        captainRiotId: team.captainRiotId,
        captainEmail: team.captainEmail,
        players: members.filter((m) => m.role === 'Player').map((m) => m.riotId),
        substitutes: members.filter((m) => m.role === 'Substitute').map((m) => m.riotId),
        holdExpiresAt: team.holdExpiresAt.toISOString(),
        hasPayment: team.paymentRef !== null,
        discord: team.discordUserId ? { isInServer: team.discordGuildJoinedAt !== null } : null,
      };
    },
  };
}

export type PendingRegistrations = ReturnType<typeof createPendingRegistrations>;

export const pendingRegistrationRoutes: FastifyPluginAsyncZod<{ db: Db; pending: PendingRegistrations; teamPage: TeamPageService; secureCookies: boolean }> = async (
  app,
  { db, pending, teamPage, secureCookies },
) => {
  contractRoute(app, endpoints.getPendingRegistration, async (request, reply) => {
      // The captain's own details: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-store');
      return { registration: await pending.find(request.query.tournamentId, request.cookies) };
    });

  // Starting over: the registering browser (or the team link) gives back the unpaid team's spot, name and Riot IDs.
  contractRoute(app, endpoints.releasePendingRegistration, { config: { rateLimit: publicWriteLimits.teamCreate } }, async (request, reply) => {
      const [team] = await db.select().from(teams).where(eq(teams.id, request.params.id));
      if (!team) throw notFound('Team');
      assertTeamOwner(team, ownerProofOf(request));
      // A paid team is withdrawn from its team page, where the refund rules are shown; never by starting over.
      // Awaiting payment reads no clock: an expired hold not yet swept is still given back here.
      if (!awaitingPayment.holds(team, new Date())) {
        throw conflict(msg('This registration is no longer waiting for payment: open your team page to withdraw it'));
      }
      await teamPage.withdraw(team.id, captainActor(String(request.id)));
      reply.clearCookie(ownerCookieName(team.id), { path: '/api', httpOnly: true, sameSite: 'strict', secure: secureCookies });
      return reply.status(204).send(null);
    });
};
