import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../audit/actor.js';
import { requirePermission } from '../auth/guard.js';
import type { ReadCache } from '../http/read-cache.js';
import { conflict } from '../http/errors.js';
import type { PublicReads } from '../site/public-reads.js';
import type { SeriesSettings } from './series-settings.js';
import type { MatchViews } from './match-view.js';
import { calendarFileName, matchCalendar } from './match-calendar.js';
import { endpoints } from '../../shared/api/index.js';
import { contractRoute } from '../http/contract-routes.js';
import { msg } from '../../shared/i18n/msg.js';

/** What the match's calendar file needs besides the match: the site's address and name, and the clock (DTSTAMP). */
export interface CalendarDeps {
  matches: MatchViews;
  origin: string;
  siteName: () => Promise<string>;
  now: () => Date;
}

export const calendarMessages = { noTime: msg('This match has no time yet: its teams are not known') } as const;

/** A match's public read, its calendar file, its best-of, and the tournament's map pool. */
export const seriesRoutes: FastifyPluginAsyncZod<{ series: SeriesSettings; cache: ReadCache; reads: PublicReads; calendar: CalendarDeps }> = async (
  app,
  { series, cache, reads, calendar },
) => {
  // Public and polled while live: served from the read cache with an ETag, like the bracket.
  contractRoute(app, endpoints.getMatch, async (request, reply) => cache.reply(request, reply, reads.match(request.params.id)));

  // Public like the match page; read fresh (the organizer may move the time), never kept by a cache.
  contractRoute(app, endpoints.getMatchCalendar, async (request, reply) => {
    const match = await calendar.matches.get(request.params.id);
    if (!match.startsAt) throw conflict(calendarMessages.noTime);
    const body = matchCalendar(match, { origin: calendar.origin, now: calendar.now(), siteName: await calendar.siteName() });
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${calendarFileName(match)}"`)
      .send(body);
  });

  contractRoute(app, endpoints.updateMatch, { onRequest: requirePermission('bracket') }, async (request) =>
    series.update(request.params.id, request.body, await actorOf(request)),
  );

  // The round's time, with the same permission as one match's (PATCH above).
  contractRoute(app, endpoints.setRoundStartsAt, { onRequest: requirePermission('bracket') }, async (request) =>
    series.setRoundStartsAt(request.params.id, request.params.round, request.body.startsAt, await actorOf(request)),
  );

  contractRoute(app, endpoints.setMapPool, { onRequest: requirePermission('tournaments') }, async (request) =>
    series.setMapPool(request.params.id, request.body.maps, await actorOf(request)),
  );
};
