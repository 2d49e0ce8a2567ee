import { z } from 'zod';
import { bracketSchema } from '../../shared/schemas/bracket.js';
import { championSchema } from '../../shared/schemas/champion.js';
import { siteSettingsSchema } from '../../shared/schemas/site.js';
import { publicTeamSchema } from '../../shared/schemas/team.js';
import { capacitySchema, tournamentSchema } from '../../shared/schemas/tournament.js';
import type { BracketService } from '../bracket/service.js';
import type { ChampionService } from '../champions/service.js';
import type { CachedRead } from '../http/read-cache.js';
import type { TeamService } from '../teams/service.js';
import type { TournamentService } from '../tournaments/service.js';
import type { SiteSettingsService } from './settings.js';

/** What each polled read answers: the cache encodes through it, and the routes declare it (OpenAPI). */
export const publicReadSchemas = {
  site: siteSettingsSchema,
  active: tournamentSchema.nullable().describe('The live tournament, or null when none is live'),
  teams: z.array(publicTeamSchema),
  capacity: capacitySchema,
  champions: z.array(championSchema),
  bracket: bracketSchema.nullable().describe('The bracket, or null while the tournament has none'),
};

/** The reads every visitor polls, each with its cache key: one definition for the API routes and the served HTML. */
export function createPublicReads({
  tournaments,
  teams,
  champions,
  brackets,
  settings,
}: {
  tournaments: TournamentService;
  teams: TeamService;
  champions: ChampionService;
  brackets: BracketService;
  settings: SiteSettingsService;
}) {
  return {
    site: (): CachedRead => ({ key: 'site', produce: () => settings.read(), schema: publicReadSchemas.site }),
    active: (): CachedRead => ({ key: 'active', produce: () => tournaments.active(), schema: publicReadSchemas.active }),
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
    bracket: (tournamentId: string): CachedRead => ({ key: `bracket:${tournamentId}`, produce: () => brackets.get(tournamentId), schema: publicReadSchemas.bracket }),
  };
}

export type PublicReads = ReturnType<typeof createPublicReads>;
