import { endpoints } from '../../shared/api/index.js';
import { pendingRegistrationKey, queryKeyOf } from '../../shared/api/urls.js';
import { cupSlugOf, isEmbedPage, matchIdOf, paths } from '../../shared/paths.js';
import { idSchema } from '../../shared/schemas/common.js';
import type { Tournament } from '../../shared/schemas/tournament.js';
import { AppError } from '../http/errors.js';
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
  // A match of any tournament, by its id; none inlined for an id that is not one (the page says so once it asks).
  const match = async (matchId: string): Promise<InlinedQuery[]> => {
    if (!idSchema.safeParse(matchId).success) return [];
    try {
      return [{ key: queryKeyOf(endpoints.getMatch, { id: matchId }), json: await cache.json(reads.match(matchId)) }];
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return [];
      throw error;
    }
  };
  // Several cups take registrations at once: the home page lists the others, /register asks which.
  const open = async () => ({ key: queryKeyOf(endpoints.listOpenTournaments), json: await cache.json(reads.open()) });
  /** A cup's page (its read keyed by the slug in the address, its teams, bracket, spots and champions) or its embed (read and bracket). */
  async function cupPage(path: string): Promise<InlinedQuery[]> {
    const slug = cupSlugOf(path);
    if (slug === null) return [];
    const ref = JSON.parse(await cache.json(reads.tournamentRef(slug))) as { id: string; slug: string } | null;
    if (!ref) return [];
    const page = { key: queryKeyOf(endpoints.getTournamentPage, { id: slug }), json: await cache.json(reads.tournamentPage(ref.id)) };
    const bracket = { key: queryKeyOf(endpoints.getBracket, { id: ref.id }), json: await cache.json(reads.bracket(ref.id)) };
    if (isEmbedPage(path)) return [page, bracket];
    const cup = { id: ref.id } as Tournament;
    return [page, bracket, await teams(cup), await capacity(cup), await champions()];
  }

  return {
    common: async () => [
      { key: queryKeyOf(endpoints.getSite), json: await cache.json(reads.site()) },
      { key: queryKeyOf(endpoints.getActiveTournament), json: await cache.json(reads.active()) },
    ],
    async forPage(path, active) {
      const matchId = matchIdOf(path);
      if (matchId !== undefined) return match(matchId);
      switch (path) {
        case paths.home:
          return active ? [await teams(active), await capacity(active), await champions(), await open()] : [await champions(), await open()];
        case paths.teams:
          return active ? [await teams(active)] : [];
        case paths.hallOfFame:
          return [await champions()];
        case paths.bracket:
          return active ? [{ key: queryKeyOf(endpoints.getBracket, { id: active.id }), json: await cache.json(reads.bracket(active.id)) }] : [];
        case paths.tournaments:
          return [{ key: queryKeyOf(endpoints.listTournamentPages, undefined, { page: 1 }), json: await cache.json(reads.listing(1)) }];
        case paths.register:
          // The page renders the first step; a registration this browser left unpaid is asked for once it is live.
          return active ? [await capacity(active), { key: pendingRegistrationKey(active.id), json: 'null' }, await open()] : [await open()];
        default:
          return cupPage(path);
      }
    },
  };
}
