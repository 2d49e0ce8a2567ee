import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { freshCode, requirePermission, withoutContactsUnlessAllowed } from '../auth/guard.js';
import { buildTeamsCsv, teamsCsvFileName } from '../../shared/csv-export.js';
import { hasFeeChanged } from '../payments/fee.js';
import type { PaymentService } from '../payments/service.js';
import type { TeamService } from '../teams/service.js';
import type { ReadCache } from '../http/read-cache.js';
import { type PublicReads } from '../site/public-reads.js';
import type { TournamentNews } from '../discord/tournament-news.js';
import type { TournamentCancellation } from './cancellation.js';
import type { TournamentService } from './service.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const tournamentRoutes: FastifyPluginAsyncZod<{
  tournaments: TournamentService;
  teams: TeamService;
  payments: PaymentService;
  cancellation: TournamentCancellation;
  cache: ReadCache;
  reads: PublicReads;
  news: TournamentNews;
}> = async (app, { tournaments, teams, payments, cancellation, cache, reads, news }) => {
  /** Discord hears of a change after the reply: a slow or failing announcement never holds up the organizer. */
  const announceChange = (before: Awaited<ReturnType<TournamentService['get']>> | null, after: Awaited<ReturnType<TournamentService['get']>>) =>
    setImmediate(() => void news.tournamentChanged(before, after).catch((error: unknown) => app.log.error({ err: error }, 'Discord announcement failed')));

  contractRoute(app, endpoints.listTournaments, async () => tournaments.list());

  // null (not 404) when nothing is live: "no active tournament" is a normal state of the site.
  contractRoute(app, endpoints.getActiveTournament, async (request, reply) => cache.reply(request, reply, reads.active()));

  contractRoute(app, endpoints.listOpenTournaments, async (request, reply) => cache.reply(request, reply, reads.open()));

  // An organizer's session sees the private fields (not cached); everyone else the cached public list.
  contractRoute(app, endpoints.listTournamentTeams, async (request, reply) => {
    const { id } = request.params;
    reply.header('Vary', 'Cookie');
    const user = await request.adminUser();
    // An account that must still set up two-factor sign-in sees what a visitor sees (guard.ts).
    if (user && !user.mustEnrolTwoFactor) {
      // Private fields: never cached, never shared.
      await tournaments.get(id);
      reply.header('Cache-Control', 'private, no-store');
      return withoutContactsUnlessAllowed(user, await teams.list(id, { isAdmin: true }));
    }
    return cache.reply(request, reply, reads.teams(id));
  });

  // The organizer's Teams tab and champion form: any tournament (the live one by default), 404 for an unknown one.
  contractRoute(app, endpoints.listAdminTeams, { onRequest: requirePermission('teamsRead') }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const tournamentId = request.query.tournamentId ?? (await tournaments.active())?.id;
    if (!tournamentId) return [];
    await tournaments.get(tournamentId);
    return withoutContactsUnlessAllowed(await request.adminUser(), await teams.list(tournamentId, { isAdmin: true }));
  });

  // The teams CSV, captains' e-mail included: made here, so the list of addresses never leaves without a fresh code.
  contractRoute(app, endpoints.downloadTeamsCsv, { onRequest: requirePermission('personalData', freshCode) }, async (request, reply) => {
      const tournament = await tournaments.get(request.params.id);
      const csv = buildTeamsCsv(await teams.list(tournament.id, { isAdmin: true }));
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${teamsCsvFileName(tournament.name, new Date())}"`)
        .send(Readable.from([`\uFEFF${csv}`]));
    });

  contractRoute(app, endpoints.getCapacity, async (request, reply) =>
    cache.reply(request, reply, reads.capacity(request.params.id)));

  contractRoute(app, endpoints.createTournament, { onRequest: requirePermission('tournaments') }, async (request, reply) => {
    reply.status(201);
    return tournaments.create(request.body, await actorOf(request));
  });

  contractRoute(app, endpoints.updateTournament, { onRequest: requirePermission('tournaments') }, async (request) => {
    const before = await tournaments.get(request.params.id);
    const updated = await tournaments.update(request.params.id, request.body, await actorOf(request));
    if (hasFeeChanged(before, updated)) {
      // The update stands even if the provider is down: admission refuses (and refunds) a payment for the old fee anyway.
      await payments.cancelOutdatedPayments(updated.id).catch((error: unknown) => request.log.warn({ err: error }, 'cancelling payments for the old entry fee failed'));
    }
    return updated;
  });

  contractRoute(app, endpoints.setRegistrationOpen, { onRequest: requirePermission('tournaments') }, async (request) => {
    const before = await tournaments.get(request.params.id);
    const after = await tournaments.setRegistration(request.params.id, request.body.isOpen, await actorOf(request));
    announceChange(before, after);
    return after;
  });

  contractRoute(app, endpoints.setActiveTournament, { onRequest: requirePermission('tournaments') }, async (request) => {
    const before = await tournaments.get(request.params.id);
    const after = await tournaments.setActive(request.params.id, await actorOf(request));
    announceChange(before, after);
    return after;
  });

  contractRoute(app, endpoints.deleteTournament, { onRequest: requirePermission('tournaments') }, async (request, reply) => {
    await cancellation.assertNoMoneyHeld(request.params.id);
    await tournaments.remove(request.params.id, await actorOf(request));
    reply.status(204);
  });

  // Its refusals carry money figures too: no answer of it is stored anywhere.
  const noStore = async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => void reply.header('Cache-Control', 'private, no-store');
  contractRoute(app, endpoints.cancelTournament, { onRequest: [noStore, requirePermission('money', freshCode)] }, async (request) =>
    cancellation.cancel(request.params.id, request.body, await actorOf(request)),
  );
};
