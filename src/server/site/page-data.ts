import { endpoints } from '../../shared/api/index.js';
import { pendingRegistrationKey, queryKeyOf } from '../../shared/api/urls.js';
import { paths } from '../../shared/paths.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import type { ReadCache } from '../http/read-cache.js';
import type { PublicReads } from './public-reads.js';

/** One query the client would make, answered in advance: its key and its JSON text. */
export interface InlinedQuery {
  key: readonly unknown[];
  json: string;
}

export interface PageData {
  /** Queries every page makes (active tournament, site settings). */
  common(): Promise<InlinedQuery[]>;
  /** The queries a page makes beyond the common ones, as its components key them (src/web/queries). */
  forPage(path: string, active: Tournament | null): Promise<InlinedQuery[]>;
}

/** The polled reads' cached answers, as each public page asks for them first. */
export function createPageData(cache: ReadCache, reads: PublicReads): PageData {
  const teams = async (active: Tournament) => ({ key: queryKeyOf(endpoints.listTournamentTeams, { id: active.id }), json: await cache.json(reads.teams(active.id)) });
  const capacity = async (active: Tournament) => ({ key: queryKeyOf(endpoints.getCapacity, { id: active.id }), json: await cache.json(reads.capacity(active.id)) });
  const champions = async () => ({ key: queryKeyOf(endpoints.listChampions), json: await cache.json(reads.champions()) });
  // Several cups take registrations at once: the home page lists the others, /register asks which.
  const open = async () => ({ key: queryKeyOf(endpoints.listOpenTournaments), json: await cache.json(reads.open()) });
  return {
    common: async () => [
      { key: queryKeyOf(endpoints.getSite), json: await cache.json(reads.site()) },
      { key: queryKeyOf(endpoints.getActiveTournament), json: await cache.json(reads.active()) },
    ],
    async forPage(path, active) {
      switch (path) {
        case paths.home:
          return active ? [await teams(active), await capacity(active), await champions(), await open()] : [await champions(), await open()];
        case paths.teams:
          return active ? [await teams(active)] : [];
        case paths.hallOfFame:
          return [await champions()];
        case paths.bracket:
          return active ? [{ key: queryKeyOf(endpoints.getBracket, { id: active.id }), json: await cache.json(reads.bracket(active.id)) }] : [];
        case paths.register:
          // The page renders the first step; a registration this browser left unpaid is asked for once it is live.
          return active ? [await capacity(active), { key: pendingRegistrationKey(active.id), json: 'null' }, await open()] : [await open()];
        default:
          return [];
      }
    },
  };
}
