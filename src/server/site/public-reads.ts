import { publicReadSchemas } from '../../shared/schemas/public-reads.js';
import type { BracketService } from '../bracket/service.js';
import { matchDetailSchema } from '../../shared/schemas/match.js';
import type { MatchViews } from '../matches/match-view.js';
import type { ChampionService } from '../champions/service.js';
import type { CachedRead } from '../http/read-cache.js';
import type { TeamService } from '../teams/service.js';
import type { TournamentPages } from '../tournaments/public-pages.js';
import type { TournamentService } from '../tournaments/service.js';
import { tournamentListingSchema, tournamentPageSchema } from '../../shared/schemas/tournament-page.js';
import { z } from 'zod';

/** What an id or a slug names: the tournament's id and current slug (an old slug redirects to it), or null. */
const tournamentRefSchema = z.object({ id: z.string(), slug: z.string() }).nullable();
import type { SiteSettingsService } from './settings.js';

/** The reads every visitor polls, each with its cache key: one definition for the API routes and the served HTML. */
export function createPublicReads({
  tournaments,
  teams,
  champions,
  brackets,
  matches,
  settings,
  pages,
}: {
  pages: TournamentPages;
  tournaments: TournamentService;
  teams: TeamService;
  champions: ChampionService;
  brackets: BracketService;
  matches: MatchViews;
  settings: SiteSettingsService;
}) {
  return {
    site: (): CachedRead => ({ key: 'site', produce: () => settings.read(), schema: publicReadSchemas.site }),
    active: (): CachedRead => ({ key: 'active', produce: () => tournaments.active(), schema: publicReadSchemas.active }),
    open: (): CachedRead => ({ key: 'open', produce: () => tournaments.open(), schema: publicReadSchemas.open }),
    teams: (tournamentId: string): CachedRead => ({
      key: `teams:${tournamentId}`,
      produce: async () => {
        await tournaments.get(tournamentId);
        return teams.list(tournamentId, { isAdmin: false });
      },
      schema: publicReadSchemas.teams,
    }),
    capacity: (tournamentId: string): CachedRead => ({ key: `capacity:${tournamentId}`, produce: () => teams.capacity(tournamentId), schema: publicReadSchemas.capacity }),
    champions: (): CachedRead => ({ key: 'champions', produce: () => champions.list(), schema: publicReadSchemas.champions }),
    tournamentRef: (idOrSlug: string): CachedRead => ({ key: `ref:${idOrSlug}`, produce: () => pages.resolve(idOrSlug), schema: tournamentRefSchema }),
    tournamentPage: (tournamentId: string): CachedRead => ({ key: `tournament:${tournamentId}`, produce: () => pages.detail(tournamentId), schema: tournamentPageSchema }),
    listing: (page: number): CachedRead => ({ key: `listing:${page}`, produce: () => pages.listing(page), schema: tournamentListingSchema }),
    bracket: (tournamentId: string): CachedRead => ({ key: `bracket:${tournamentId}`, produce: () => brackets.get(tournamentId), schema: publicReadSchemas.bracket }),
    match: (matchId: string): CachedRead => ({ key: `match:${matchId}`, produce: () => matches.get(matchId), schema: matchDetailSchema }),
  };
}

export type PublicReads = ReturnType<typeof createPublicReads>;
