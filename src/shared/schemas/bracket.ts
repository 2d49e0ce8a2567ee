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

export interface BracketMatch {
  id: string;
  key: string;
  team1Id: string | null;
  team1Name: string | null;
  team1LogoUrl: string | null;
  team2Id: string | null;
  team2Name: string | null;
  team2LogoUrl: string | null;
  winnerTeamId: string | null;
  isBye: boolean;
  score: string | null;
}

export interface BracketRound {
  number: number;
  name: string;
  matches: BracketMatch[];
}

/** GET /api/tournaments/{id}/bracket (null while the tournament has none). */
export interface Bracket {
  tournamentId: string;
  seeding: SeedingMethod;
  rounds: BracketRound[];
  thirdPlace?: BracketMatch;
  /** The final is in (and the third-place match, if any): the organizer can confirm. */
  isComplete: boolean;
  /** The organizer confirmed: the champions are in the hall of fame. */
  confirmedAt: string | null;
  championTeamId: string | null;
}

/** What correcting a result answers: the bracket, and the later results it cleared, to enter again. */
export interface MatchResultOutcome {
  bracket: Bracket;
  /** The match had a result before this one. */
  isCorrection: boolean;
  cleared: { matchId: string; key: string; roundName: string; team1Name: string | null; team2Name: string | null; winnerName: string | null }[];
}
