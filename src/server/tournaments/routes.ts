import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/schemas/common.js';
import { registrationToggleSchema, tournamentInputSchema } from '../../shared/schemas/tournament.js';
import { actorOf } from '../audit/actor.js';
import { requireAdmin } from '../auth/guard.js';
import { hasFeeChanged } from '../payments/fee.js';
import type { OrganizerRefunds } from '../payments/organizer-refunds.js';
import type { PaymentService } from '../payments/service.js';
import type { TeamService } from '../teams/service.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from '../site/public-reads.js';
import type { TournamentNews } from '../discord/tournament-news.js';
import type { TournamentService } from './service.js';

export const tournamentRoutes: FastifyPluginAsyncZod<{
  tournaments: TournamentService;
  teams: TeamService;
  payments: PaymentService;
  organizerRefunds: OrganizerRefunds;
  cache: ReadCache;
  reads: PublicReads;
  news: TournamentNews;
}> = async (app, { tournaments, teams, payments, organizerRefunds, cache, reads, news }) => {
  /** Discord hears of a change after the reply: a slow or failing announcement never holds up the organizer. */
  const announceChange = (before: Awaited<ReturnType<TournamentService['get']>> | null, after: Awaited<ReturnType<TournamentService['get']>>) =>
    setImmediate(() => void news.tournamentChanged(before, after).catch((error: unknown) => app.log.error({ err: error }, 'Discord announcement failed')));

  app.get('/api/tournaments', async () => tournaments.list());

  // null (not 404) when nothing is live: "no active tournament" is a normal state of the site.
  app.get('/api/tournaments/active', async (request, reply) => cache.reply(request, reply, reads.active()));

  app.get('/api/tournaments/:id/teams', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    reply.header('Vary', 'Cookie');
    if (await request.adminUser()) {
      // Private fields: never cached, never shared.
      await tournaments.get(id);
      reply.header('Cache-Control', 'private, no-store');
      return teams.list(id, { isAdmin: true });
    }
    return cache.reply(request, reply, reads.teams(id));
  });

  app.get('/api/tournaments/:id/capacity', { schema: { params: idParamsSchema } }, async (request, reply) =>
    cache.reply(request, reply, reads.capacity(request.params.id)),
  );

  app.post('/api/tournaments', { schema: { body: tournamentInputSchema }, onRequest: requireAdmin }, async (request, reply) => {
    reply.status(201);
    return tournaments.create(request.body, await actorOf(request));
  });

  app.put('/api/tournaments/:id', { schema: { params: idParamsSchema, body: tournamentInputSchema }, onRequest: requireAdmin }, async (request) => {
    const before = await tournaments.get(request.params.id);
    const updated = await tournaments.update(request.params.id, request.body, await actorOf(request));
    if (hasFeeChanged(before, updated)) {
      // The update stands even if the provider is down: admission refuses (and refunds) a payment for the old fee anyway.
      await payments.cancelOutdatedPayments(updated.id).catch((error: unknown) => request.log.warn({ err: error }, 'cancelling payments for the old entry fee failed'));
    }
    return updated;
  });

  app.patch('/api/tournaments/:id/registration', { schema: { params: idParamsSchema, body: registrationToggleSchema }, onRequest: requireAdmin }, async (request) => {
    const before = await tournaments.get(request.params.id);
    const after = await tournaments.setRegistration(request.params.id, request.body.isOpen, await actorOf(request));
    announceChange(before, after);
    return after;
  });

  app.patch('/api/tournaments/:id/set-active', { schema: { params: idParamsSchema }, onRequest: requireAdmin }, async (request) => {
    const before = await tournaments.get(request.params.id);
    const after = await tournaments.setActive(request.params.id, await actorOf(request));
    announceChange(before, after);
    return after;
  });

  app.delete('/api/tournaments/:id', { schema: { params: idParamsSchema }, onRequest: requireAdmin }, async (request, reply) => {
    await organizerRefunds.assertNoMoneyHeld(request.params.id);
    await tournaments.remove(request.params.id, await actorOf(request));
    reply.status(204);
  });
};
