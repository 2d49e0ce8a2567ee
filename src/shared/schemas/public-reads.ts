import { z } from 'zod';
import { bracketSchema } from './bracket.js';
import { championSchema } from './champion.js';
import { siteSettingsSchema } from './site.js';
import { publicTeamSchema } from './team.js';
import { capacitySchema, openTournamentSchema, tournamentSchema } from './tournament.js';

/** What each polled read answers: the cache encodes through it, and the API contract declares it (src/shared/api). */
export const publicReadSchemas = {
  site: siteSettingsSchema,
  active: tournamentSchema.nullable().describe('The featured tournament, or null when none is featured'),
  open: z.array(openTournamentSchema).describe('Every tournament taking registrations now (the featured one included), soonest first'),
  teams: z.array(publicTeamSchema),
  capacity: capacitySchema,
  champions: z.array(championSchema),
  bracket: bracketSchema.nullable().describe('The bracket, or null while the tournament has none'),
};
