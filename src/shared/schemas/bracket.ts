import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { bestOfSchema, mapResultInputSchema, matchStatuses } from './match.js';
import { reportStates } from '../match/report-states.js';

export const seedingMethods = ['registration', 'random', 'manual'] as const;
export type SeedingMethod = (typeof seedingMethods)[number];

export const seedingMethodLabels: Record<SeedingMethod, string> = {
  registration: 'By registration order',
  random: 'At random',
  manual: 'By hand',
};

/** POST /api/tournaments/{id}/bracket: generate, or regenerate before the first result. */
export const bracketGenerateSchema = z
  .object({
    seeding: z.enum(seedingMethods, { error: 'Choose how to seed the bracket' }),
    thirdPlace: z.boolean().default(false),
    /** For seeding by hand: every team of the field, seed 1 first. */
    teamIds: z.array(idSchema).max(1024).optional(),
    /** Every match's best-of, and the final's (the third-place match plays `bestOf`). */
    bestOf: bestOfSchema.default(1),
    finalBestOf: bestOfSchema.default(1),
  })
  .refine((value) => value.seeding !== 'manual' || value.teamIds !== undefined, { path: ['teamIds'], error: 'List the teams in seed order' });
export type BracketGenerateInput = z.input<typeof bracketGenerateSchema>;

/**
 * PUT /api/matches/{id}: report or correct a result. Either the maps in order with each team's
 * rounds (the series winner follows from them; a series not yet decided records the maps so far),
 * or `{ winnerTeamId, forfeit: true }` with no maps, or a best of one's winner with a free-text score.
 */
export const matchResultSchema = z
  .object({
    winnerTeamId: idSchema.optional(),
    score: optionalText(20, 'Score must be at most 20 characters'),
    note: optionalText(500, 'Note must be at most 500 characters'),
    maps: z.array(mapResultInputSchema).max(5, 'A series has at most 5 maps').optional(),
    forfeit: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const hasMaps = value.maps !== undefined && value.maps.length > 0;
    if (value.forfeit && hasMaps) ctx.addIssue({ code: 'custom', path: ['maps'], message: 'A forfeit has no maps' });
    if (value.forfeit && !value.winnerTeamId) ctx.addIssue({ code: 'custom', path: ['winnerTeamId'], message: 'Choose the team that wins by forfeit' });
    if (!value.forfeit && !hasMaps && !value.winnerTeamId) ctx.addIssue({ code: 'custom', path: ['maps'], message: "Enter each map's rounds or choose the winner" });
    if (hasMaps && value.score) ctx.addIssue({ code: 'custom', path: ['score'], message: 'A result with maps has no free-text score' });
  });
export type MatchResultInput = z.input<typeof matchResultSchema>;

export const bracketMatchSchema = z.object({
  id: z.string(),
  key: z.string(),
  team1Id: z.string().nullable(),
  team1Name: z.string().nullable(),
  team1LogoUrl: z.string().nullable(),
  team2Id: z.string().nullable(),
  team2Name: z.string().nullable(),
  team2LogoUrl: z.string().nullable(),
  winnerTeamId: z.string().nullable(),
  isBye: z.boolean(),
  score: z.string().nullable(),
  /** The series: its best-of, the maps each team won (null before any map), a forfeit, where it stands. */
  bestOf: bestOfSchema.optional(),
  team1Maps: z.number().nullable().optional(),
  team2Maps: z.number().nullable().optional(),
  forfeit: z.boolean().optional(),
  status: z.enum(matchStatuses).optional(),
  /** When it is played (match-view.ts `startsAtOf`); null while unknown. */
  startsAt: z.string().nullable().optional(),
  /** A captains' report still open (`reported`, `disputed`), so staff see it on Match Day; absent otherwise. */
  reportState: z.enum(reportStates).optional(),
});
export type BracketMatch = z.infer<typeof bracketMatchSchema>;

export const bracketRoundSchema = z.object({ number: z.number(), name: z.string(), matches: z.array(bracketMatchSchema) });
export type BracketRound = z.infer<typeof bracketRoundSchema>;

/** GET /api/tournaments/{id}/bracket (null while the tournament has none). */
export const bracketSchema = z.object({
  tournamentId: z.string(),
  seeding: z.enum(seedingMethods),
  /** What the draw was asked for: every match's best-of, and the final's (each match keeps its own). */
  bestOf: bestOfSchema.optional(),
  finalBestOf: bestOfSchema.optional(),
  rounds: z.array(bracketRoundSchema),
  thirdPlace: bracketMatchSchema.optional(),
  /** The final is in (and the third-place match, if any): the organizer can confirm. */
  isComplete: z.boolean(),
  /** The organizer confirmed: the champions are in the hall of fame. */
  confirmedAt: z.string().nullable(),
  championTeamId: z.string().nullable(),
});
export type Bracket = z.infer<typeof bracketSchema>;

/** What correcting a result answers: the bracket, and the later results it cleared, to enter again. */
export const matchResultOutcomeSchema = z.object({
  bracket: bracketSchema,
  /** The match had a result before this one. */
  isCorrection: z.boolean(),
  cleared: z.array(
    z.object({
      matchId: z.string(),
      key: z.string(),
      roundName: z.string(),
      team1Name: z.string().nullable(),
      team2Name: z.string().nullable(),
      winnerName: z.string().nullable(),
    }),
  ),
});
export type MatchResultOutcome = z.infer<typeof matchResultOutcomeSchema>;
