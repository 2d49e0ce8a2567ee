import { z } from 'zod';
import { idSchema, optionalText } from './common.js';
import { bestOfSchema, mapResultInputSchema, matchStatuses } from './match.js';
import { reportStates } from '../match/report-states.js';
import { bracketFormats, playoffFormats } from '../bracket-labels.js';
import { msg } from '../i18n/msg.js';

// Without zod, for the bracket island (src/web/islands).
export { bracketFormatLabels, bracketFormats, playoffFormats, type BracketFormat, type PlayoffFormat } from '../bracket-labels.js';

export const seedingMethods = ['registration', 'random', 'manual'] as const;
export type SeedingMethod = (typeof seedingMethods)[number];

export const seedingMethodLabels: Record<SeedingMethod, string> = {
  registration: msg('By registration order'),
  random: msg('At random'),
  manual: msg('By hand'),
};

/** Which part of an event a match belongs to (absent in a single-elimination bracket). */
export const formatBrackets = ['upper', 'lower', 'grand_final', 'group', 'swiss'] as const;

/** Most teams a group or the Swiss standings send to the playoff. */
export const maxAdvance = 32;

export const playoffSettingsSchema = z.object({
  format: z.enum(playoffFormats, { error: msg('Choose the playoff format') }),
  /** The top teams of each group (or of the Swiss standings) that go through. */
  advance: z
    .number({ error: msg('Enter how many teams go through') })
    .int(msg('Enter a whole number of teams'))
    .min(1, msg('At least 1 team goes through'))
    .max(maxAdvance, msg('At most 32 teams go through') satisfies `At most ${typeof maxAdvance} teams go through`),
  thirdPlace: z.boolean().default(false),
  grandFinalReset: z.boolean().default(true),
});
export type PlayoffSettings = z.infer<typeof playoffSettingsSchema>;

/** What a bracket stores beside its format: only the options its format reads. */
export interface FormatOptions {
  grandFinalReset?: boolean;
  groups?: number;
  doubleRoundRobin?: boolean;
  rounds?: number;
  playoff?: PlayoffSettings;
}

/** POST /api/tournaments/{id}/bracket: generate, or regenerate before the first result. */
export const bracketGenerateSchema = z
  .object({
    seeding: z.enum(seedingMethods, { error: msg('Choose how to seed the bracket') }),
    format: z.enum(bracketFormats, { error: msg('Choose a format') }).default('single_elimination'),
    thirdPlace: z.boolean().default(false),
    /** For seeding by hand: every team of the field, seed 1 first. */
    teamIds: z.array(idSchema).max(1024).optional(),
    /** Every match's best-of, and the final's (the grand final's; the third-place match plays `bestOf`). */
    bestOf: bestOfSchema.default(1),
    finalBestOf: bestOfSchema.default(1),
    /** Double elimination: a second grand final when the lower-bracket team wins the first. */
    grandFinalReset: z.boolean().default(true),
    /** Round robin: how many groups, and whether every pair meets twice. */
    groups: z.number({ error: msg('Enter the number of groups') }).int(msg('Enter a whole number of groups')).min(1, msg('At least 1 group')).max(26, msg('At most 26 groups')).default(1),
    doubleRoundRobin: z.boolean().default(false),
    /** Swiss: how many rounds (default: the ceiling of log2 of the field). */
    rounds: z.number({ error: msg('Enter the number of rounds') }).int(msg('Enter a whole number of rounds')).min(1, msg('At least 1 round')).max(12, msg('At most 12 rounds')).optional(),
    /** A playoff after a round-robin or Swiss stage. */
    playoff: playoffSettingsSchema.optional(),
  })
  .refine((value) => value.seeding !== 'manual' || value.teamIds !== undefined, { path: ['teamIds'], error: msg('List the teams in seed order') })
  .refine((value) => !value.thirdPlace || value.format === 'single_elimination', { path: ['thirdPlace'], error: msg('A third-place match is for single elimination') })
  .refine((value) => !value.playoff || value.format === 'round_robin' || value.format === 'swiss', { path: ['playoff'], error: msg('A playoff follows a round-robin or Swiss stage') })
  .refine((value) => !value.playoff?.thirdPlace || value.playoff.format === 'single_elimination', {
    path: ['playoff', 'thirdPlace'],
    error: msg('A third-place match is for single elimination'),
  });
export type BracketGenerateInput = z.input<typeof bracketGenerateSchema>;

/**
 * PUT /api/matches/{id}: report or correct a result. Either the maps in order with each team's
 * rounds (the series winner follows from them; a series not yet decided records the maps so far),
 * or `{ winnerTeamId, forfeit: true }` with no maps, or a best of one's winner with a free-text score.
 */
export const matchResultSchema = z
  .object({
    winnerTeamId: idSchema.optional(),
    score: optionalText(20, msg('Score must be at most 20 characters')),
    note: optionalText(500, msg('Note must be at most 500 characters')),
    maps: z.array(mapResultInputSchema).max(5, msg('A series has at most 5 maps')).optional(),
    forfeit: z.boolean().optional(),
    /** Clear the results of a Swiss round this correction pairs again (refused with 409 otherwise). */
    clearResults: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    const hasMaps = value.maps !== undefined && value.maps.length > 0;
    if (value.forfeit && hasMaps) ctx.addIssue({ code: 'custom', path: ['maps'], message: msg('A forfeit has no maps') });
    if (value.forfeit && !value.winnerTeamId) ctx.addIssue({ code: 'custom', path: ['winnerTeamId'], message: msg('Choose the team that wins by forfeit') });
    if (!value.forfeit && !hasMaps && !value.winnerTeamId) ctx.addIssue({ code: 'custom', path: ['maps'], message: msg("Enter each map's rounds or choose the winner") });
    if (hasMaps && value.score) ctx.addIssue({ code: 'custom', path: ['score'], message: msg('A result with maps has no free-text score') });
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
  /** Outside single elimination: the part of the event, the round within it, the group's letter. */
  bracket: z.enum(formatBrackets).optional(),
  round: z.number().optional(),
  group: z.string().optional(),
});
export type BracketMatch = z.infer<typeof bracketMatchSchema>;

export const bracketRoundSchema = z.object({ number: z.number(), name: z.string(), matches: z.array(bracketMatchSchema) });
export type BracketRound = z.infer<typeof bracketRoundSchema>;

/** A row of a group's or the Swiss standings, with every tiebreak column. */
export const standingRowSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  teamLogoUrl: z.string().nullable(),
  place: z.number(),
  played: z.number(),
  wins: z.number(),
  losses: z.number(),
  byes: z.number(),
  mapsWon: z.number(),
  mapsLost: z.number(),
  mapDiff: z.number(),
  roundsWon: z.number(),
  roundsLost: z.number(),
  roundDiff: z.number(),
  /** Swiss: the wins of the opponents the team played. */
  buchholz: z.number().optional(),
  /** Goes through to the playoff (a first stage with a playoff). */
  advances: z.boolean().optional(),
});
export type StandingRow = z.infer<typeof standingRowSchema>;

export const stageRoundSchema = bracketRoundSchema.extend({ bracket: z.enum(formatBrackets).optional() });
export type StageRound = z.infer<typeof stageRoundSchema>;

/** One stage of an event: its rounds (upper and lower rounds and the grand final, groups' or Swiss rounds), its groups or standings. */
export const bracketStageSchema = z.object({
  type: z.enum(bracketFormats),
  name: z.string(),
  rounds: z.array(stageRoundSchema),
  groups: z.array(z.object({ name: z.string(), standings: z.array(standingRowSchema), matches: z.array(bracketMatchSchema) })).optional(),
  standings: z.array(standingRowSchema).optional(),
  isComplete: z.boolean(),
});
export type BracketStage = z.infer<typeof bracketStageSchema>;

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
  /** Absent only in a bracket read from before formats existed: single elimination. */
  format: z.enum(bracketFormats).optional(),
  /** 1st, 2nd and 3rd (two teams share 3rd in single elimination without a third-place match) once the last stage is decided. */
  placements: z.object({ first: z.string(), second: z.string(), third: z.array(z.string()) }).nullable().optional(),
  /** Every format but a lone single elimination: its stages in order (the playoff once drawn). */
  stages: z.array(bracketStageSchema).optional(),
  /** What the draw asked of its format (absent for a single elimination). */
  formatOptions: z
    .object({ grandFinalReset: z.boolean().optional(), groups: z.number().optional(), doubleRoundRobin: z.boolean().optional(), rounds: z.number().optional(), playoff: playoffSettingsSchema.optional() })
    .optional(),
  /** A first stage followed by a playoff: whether the playoff is drawn, and whether it can be now. */
  playoff: z.object({ format: z.enum(playoffFormats), advance: z.number(), isDrawn: z.boolean(), canDraw: z.boolean() }).optional(),
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
