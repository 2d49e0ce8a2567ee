import { z } from 'zod';
import { idSchema, optionalText } from './common.js';

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
  })
  .refine((value) => value.seeding !== 'manual' || value.teamIds !== undefined, { path: ['teamIds'], error: 'List the teams in seed order' });
export type BracketGenerateInput = z.input<typeof bracketGenerateSchema>;

/** PUT /api/matches/{id}: report or correct a result. */
export const matchResultSchema = z.object({
  winnerTeamId: idSchema,
  score: optionalText(20, 'Score must be at most 20 characters'),
  note: optionalText(500, 'Note must be at most 500 characters'),
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
});
export type BracketMatch = z.infer<typeof bracketMatchSchema>;

export const bracketRoundSchema = z.object({ number: z.number(), name: z.string(), matches: z.array(bracketMatchSchema) });
export type BracketRound = z.infer<typeof bracketRoundSchema>;

/** GET /api/tournaments/{id}/bracket (null while the tournament has none). */
export const bracketSchema = z.object({
  tournamentId: z.string(),
  seeding: z.enum(seedingMethods),
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
