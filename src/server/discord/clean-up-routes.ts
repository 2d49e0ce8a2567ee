import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '../../shared/api/index.js';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import { contractRoute } from '../http/contract-routes.js';
import { notFound } from '../http/errors.js';
import type { DiscordCleanUp } from './clean-up-discord.js';

/** The organizer's "Clean Up Discord" (discord/clean-up-discord.ts); without a Discord application it is 404. */
export const discordCleanUpRoutes: FastifyPluginAsyncZod<{ cleanUp: DiscordCleanUp | null }> = async (app, { cleanUp }) => {
  contractRoute(app, endpoints.cleanUpDiscord, { onRequest: requirePermission('tournaments') }, async (request, reply) => {
    if (!cleanUp) throw notFound('Discord application');
    const { repeated, ...cleaned } = await cleanUp.cleanUp(request.params.id, await actorOf(request));
    reply.status(repeated ? 200 : 202);
    return cleaned;
  });
};
