import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import type { EventDayScope } from '../auth/event-day-scope.js';
import { requirePermission } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import { type PublicReads } from '../site/public-reads.js';
import type { TournamentNews } from '../discord/tournament-news.js';
import type { TournamentService } from '../tournaments/service.js';
import type { BracketService } from './service.js';
import type { ResultEntry } from '../matches/result-entry.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';

export const bracketRoutes: FastifyPluginAsyncZod<{
  brackets: BracketService;
  results: ResultEntry;
  tournaments: TournamentService;
  news: TournamentNews;
  cache: ReadCache;
  reads: PublicReads;
  scope: EventDayScope;
}> = async (app, { brackets, results, tournaments, news, cache, reads, scope }) => {
  /** Discord hears of it after the reply: a slow or failing announcement never holds up the organizer. */
  const announceLater = (announce: () => Promise<void>) =>
    setImmediate(() => void announce().catch((error: unknown) => app.log.error({ err: error }, 'Discord announcement failed')));

  // Public and polled: null (not 404) while the tournament has no bracket yet.
  contractRoute(app, endpoints.getBracket, async (request, reply) => cache.reply(request, reply, reads.bracket(request.params.id)));

  contractRoute(app, endpoints.generateBracket, { onRequest: requirePermission('bracket') }, async (request, reply) => {
    const bracket = await brackets.generate(request.params.id, request.body, await actorOf(request));
    announceLater(async () => news.bracketPublished(await tournaments.get(bracket.tournamentId)));
    reply.status(201);
    return bracket;
  });

  contractRoute(app, endpoints.reportMatchResult, { onRequest: requirePermission('results') }, async (request) => {
    await scope.match(request, request.params.id);
    const outcome = await results.report(request.params.id, request.body, await actorOf(request));
    announceLater(() => news.resultEntered(request.params.id, outcome, outcome.isCorrection));
    return outcome;
  });

  contractRoute(app, endpoints.drawPlayoff, { onRequest: requirePermission('bracket') }, async (request) => brackets.drawPlayoff(request.params.id, await actorOf(request)));

  contractRoute(app, endpoints.confirmBracket, { onRequest: requirePermission('bracket') }, async (request) => {
    const bracket = await brackets.confirm(request.params.id, await actorOf(request));
    announceLater(async () => news.championConfirmed(await tournaments.get(bracket.tournamentId), bracket));
    return bracket;
  });
};
