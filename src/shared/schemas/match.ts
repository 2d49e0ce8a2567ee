import { z } from 'zod';
import { dateTimeField, idSchema, optionalText, text } from './common.js';
import { reportStates } from '../match/report-states.js';
import { mapSides, matchStatuses } from '../match-labels.js';
import { msg } from '../i18n/msg.js';

// Without zod, for the islands (src/web/islands) that say them.
export { mapSideLabels, mapSides, matchStatusLabels, matchStatuses, vetoAutoNotes, type MapSide, type MatchStatus } from '../match-labels.js';

/** A match is a series: the first team to win more than half of `bestOf` maps wins it. */
export const bestOfValues = [1, 3, 5] as const;
export type BestOf = (typeof bestOfValues)[number];
export const bestOfSchema = z.union([z.literal(1), z.literal(3), z.literal(5)], { error: msg('Best of must be 1, 3 or 5') });

/** How a map's rounds are checked: the game's own rule, or any whole numbers without a draw. */
export const scoringRules = ['valorant', 'free'] as const;
export type ScoringRule = (typeof scoringRules)[number];
export const scoringRuleLabels: Record<ScoringRule, string> = {
  valorant: msg('VALORANT (13 rounds, overtime by two)'),
  free: msg('Free (any whole numbers, no draw)'),
};

/** The game's seven-map competitive pool: the site's default, which the organizer edits in the settings. */
export const defaultMapPool = ['Abyss', 'Ascent', 'Bind', 'Haven', 'Icebox', 'Lotus', 'Sunset'] as const;
export const mapPoolLimits = { min: 2, max: 12 } as const;
export const vetoTurnLimits = { defaultSeconds: 90, minSeconds: 15, maxSeconds: 900 } as const;

export const mapNameSchema = text(msg('Map name is required')).trim().min(1, msg('Map name is required')).max(40, msg('Map name must be at most 40 characters'));

/** A map pool as the organizer edits it: names unique (ignoring case). The server also asks for best-of + 1 maps. */
export const mapPoolSchema = z
  .array(mapNameSchema, { error: msg('List the maps') })
  .min(mapPoolLimits.min, msg('A map pool needs at least 2 maps') satisfies `A map pool needs at least ${typeof mapPoolLimits.min} maps`)
  .max(mapPoolLimits.max, msg('A map pool has at most 12 maps') satisfies `A map pool has at most ${typeof mapPoolLimits.max} maps`)
  .refine((maps) => new Set(maps.map((map) => map.toLowerCase())).size === maps.length, msg('Each map may be listed only once'));

/** PUT /api/tournaments/{id}/map-pool: the tournament's own pool; an empty list goes back to the site's default. */
export const mapPoolInputSchema = z.object({ maps: z.union([z.array(z.never()).length(0), mapPoolSchema]) });
export type MapPoolInput = z.input<typeof mapPoolInputSchema>;

/** What the veto log records, in order. `order`: the team that chooses whether to start; `coin`: equal seeds, the toss's winner chooses. */
export const vetoLogActions = ['order', 'coin', 'ban', 'pick', 'decider', 'side'] as const;
export type VetoLogAction = (typeof vetoLogActions)[number];
/** What a turn asks of a team. */
export const vetoTurnActions = ['order', 'ban', 'pick', 'side'] as const;
export type VetoTurnAction = (typeof vetoTurnActions)[number];
export const vetoOrders = ['first', 'second'] as const;
export type VetoOrder = (typeof vetoOrders)[number];

/** One line of the veto log as stored (matches.veto) and as the API answers it. */
export const vetoLogEntrySchema = z.object({
  action: z.enum(vetoLogActions),
  /** Who acted; null for the decider, which is what is left. */
  teamId: z.string().nullable(),
  map: z.string().optional(),
  side: z.enum(mapSides).optional(),
  /** For `order`: whether the team chose to start the veto or to let the other team start. */
  order: z.enum(vetoOrders).optional(),
  /** The site acted for the team when its turn ran out (or tossed the coin). */
  auto: z.boolean(),
  at: z.string(),
});
export type VetoLogEntry = z.infer<typeof vetoLogEntrySchema>;

/** What one action asks: a map to ban or pick, a starting side, or whether to start. Exactly one. */
const vetoChoiceShape = {
  map: mapNameSchema.optional(),
  side: z.enum(mapSides, { error: msg('Side must be attack or defense') }).optional(),
  order: z.enum(vetoOrders, { error: msg('Order must be first or second') }).optional(),
};
const exactlyOneChoice = (value: { map?: string; side?: string; order?: string }) => [value.map, value.side, value.order].filter((v) => v !== undefined).length === 1;
const oneChoiceMessage = msg('Give a map, a side or an order');

/** POST /api/manage/{id}/matches/{matchId}/veto, with the team link's key. */
export const captainVetoSchema = z.object(vetoChoiceShape).refine(exactlyOneChoice, oneChoiceMessage);
export type CaptainVetoInput = z.input<typeof captainVetoSchema>;

/** POST /api/matches/{id}/veto: staff act for either team. */
export const staffVetoSchema = z.object({ team: idSchema, ...vetoChoiceShape }).refine(exactlyOneChoice, oneChoiceMessage);
export type StaffVetoInput = z.input<typeof staffVetoSchema>;

/** A map as played: the rounds each team won. */
export const roundsField = z
  .number({ error: msg('Rounds must be a whole number') })
  .int(msg('Rounds must be a whole number'))
  .min(0, msg('Rounds cannot be negative'))
  .max(99, msg('Rounds must be at most 99'));
export const mapResultInputSchema = z.object({ map: mapNameSchema, team1Rounds: roundsField, team2Rounds: roundsField });
export type MapResultInput = z.input<typeof mapResultInputSchema>;

/** PATCH /api/matches/{id}: what the organizer changes before the match starts; `startsAt: null` goes back to the derived time. */
export const matchUpdateSchema = z
  .object({ bestOf: bestOfSchema.optional(), startsAt: dateTimeField(msg('Not a valid date')).nullable().optional() })
  .refine((value) => value.bestOf !== undefined || value.startsAt !== undefined, msg('Nothing to change'));
export type MatchUpdateInput = z.input<typeof matchUpdateSchema>;

/** PUT /api/tournaments/{id}/bracket/rounds/{round}/starts-at: one time for every match of a round still to play (null: back to the derived times). */
export const roundParamsSchema = z.object({
  id: idSchema,
  round: z.coerce.number({ error: msg('Round must be a whole number from 1') }).int(msg('Round must be a whole number from 1')).min(1, msg('Round must be a whole number from 1')).max(20, msg('Round must be a whole number from 1')),
});
export const roundStartsAtSchema = z.object({ startsAt: dateTimeField(msg('Not a valid date')).nullable() });
export type RoundStartsAtInput = z.input<typeof roundStartsAtSchema>;

/** The ready check opens this long before the match's time. */
export const readyCheckMinutes = 15;
/** Tournament settings for captains' reports: the confirmation deadline and the no-show allowance, in minutes. */
export const reportConfirmLimits = { defaultMinutes: 10, min: 1, max: 1440 } as const;
export const noShowLimits = { defaultMinutes: 10, min: 0, max: 240 } as const;

/** POST /api/manage/{id}/matches/{matchId}/report: the maps in order with their rounds (the organizer's checks apply). */
export const captainReportSchema = z.object({
  maps: z.array(mapResultInputSchema, { error: msg("Enter each map's rounds") }).min(1, msg("Enter each map's rounds")).max(5, msg('A series has at most 5 maps')),
});
export type CaptainReportInput = z.input<typeof captainReportSchema>;

/** Screenshots of a dispute: images uploaded and re-encoded like logos (POST /api/upload-logo answers /objects/logos/...); the server checks they exist. */
export const evidenceLimit = 4;
export const evidenceUrlSchema = z
  .string({ error: msg('Evidence must be an uploaded image') })
  .max(300, msg('Evidence must be an uploaded image'))
  .regex(/^\/objects\/logos\/[A-Za-z0-9][A-Za-z0-9._-]*$/, msg('Evidence must be an image uploaded on this site'))
  .refine((url) => !url.includes('..'), msg('Evidence must be an image uploaded on this site'));

/** POST /api/manage/{id}/matches/{matchId}/dispute. */
export const captainDisputeSchema = z.object({
  reason: text(msg('Say why the result is wrong')).trim().min(1, msg('Say why the result is wrong')).max(1000, msg('The reason must be at most 1000 characters')),
  evidence: z.array(evidenceUrlSchema).max(evidenceLimit, msg('At most 4 screenshots') satisfies `At most ${typeof evidenceLimit} screenshots`).optional(),
});
export type CaptainDisputeInput = z.input<typeof captainDisputeSchema>;

/** POST /api/matches/{id}/forfeit-claim: the organizer approves (the claimer wins by forfeit) or refuses. */
export const forfeitClaimDecisionSchema = z.object({ approve: z.boolean({ error: msg('Approve must be true or false') }), note: optionalText(500, msg('Note must be at most 500 characters')) });
export type ForfeitClaimDecisionInput = z.input<typeof forfeitClaimDecisionSchema>;

export const captainReportViewSchema = z.object({ teamId: z.string(), maps: z.array(mapResultInputSchema), winnerTeamId: z.string(), at: z.string() });

/** Where the captains' result report stands (shared/match/report-states.ts). */
export const matchReportViewSchema = z.object({
  state: z.enum(reportStates),
  reports: z.array(captainReportViewSchema),
  /** Until when the opponent may confirm or dispute; null without a report. */
  deadline: z.string().nullable(),
  /** Who disputed and when; the reason and screenshots only on the captains' and staff's reads (null and empty on the public one). */
  dispute: z.object({ teamId: z.string(), reason: z.string().nullable(), evidence: z.array(z.string()), at: z.string() }).nullable(),
  /** The staff's note when they ruled, which both captains see. */
  ruling: z.object({ note: z.string().nullable(), at: z.string() }).nullable(),
});
export type MatchReportView = z.infer<typeof matchReportViewSchema>;

export const playedMapSchema = z.object({
  map: z.string(),
  team1Rounds: z.number(),
  team2Rounds: z.number(),
  winnerTeamId: z.string().nullable(),
});
export type PlayedMap = z.infer<typeof playedMapSchema>;

/** A map the veto settled: who picked it (null: the decider) and the starting side chosen on it. */
export const settledMapSchema = z.object({
  map: z.string(),
  pickedByTeamId: z.string().nullable(),
  /** The team that chose its starting side, and that side; null until chosen. */
  side: z.object({ teamId: z.string(), side: z.enum(mapSides) }).nullable(),
});
export type SettledMap = z.infer<typeof settledMapSchema>;

export const vetoViewSchema = z.object({
  log: z.array(vetoLogEntrySchema),
  /** Whose turn it is and until when; null once the veto is over (or before it opens). */
  next: z
    .object({
      action: z.enum(vetoTurnActions),
      teamId: z.string(),
      deadline: z.string(),
      /** For `side`: the map the side is chosen on. */
      map: z.string().optional(),
    })
    .nullable(),
  /** The maps still in play (not banned or picked), for the buttons. */
  remaining: z.array(z.string()),
  /** The maps to be played, in order, with their sides. */
  maps: z.array(settledMapSchema),
  done: z.boolean(),
});
export type VetoView = z.infer<typeof vetoViewSchema>;

/**
 * One step of a match's history on its public page (server/matches/match-history.ts derives it from
 * the audit log). Public on purpose: who was ready, reported, confirmed or disputed, and what staff
 * did; never a dispute's reason or screenshots, which stay with the captains and staff.
 */
export const matchHistoryKinds = [
  'ready',
  'vetoDone',
  'reported',
  'confirmed',
  'confirmedByDeadline',
  'disputed',
  'reportsDiffer',
  'ruled',
  'reopened',
  'forfeitClaimed',
  'forfeitApproved',
  'forfeitRefused',
  'resultEntered',
  'forfeitMarked',
  'mapsEntered',
  'resultCorrected',
] as const;
export type MatchHistoryKind = (typeof matchHistoryKinds)[number];
export const matchHistoryStepSchema = z.object({
  kind: z.enum(matchHistoryKinds),
  at: z.string(),
  /** The team that acted (ready, reported, confirmed, disputed, claimed) or, for staff's steps, the team the result or the claim is for; null when none. */
  teamId: z.string().nullable(),
  /** `ruled`: the staff's note, which both captains see (null without one). */
  note: z.string().nullable(),
});
export type MatchHistoryStep = z.infer<typeof matchHistoryStepSchema>;

/** GET /api/matches/{id}: a match's public page. */
export const matchDetailSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  key: z.string(),
  round: z.number(),
  /** "Semi-finals, Match 2", "Third-place match". */
  label: z.string(),
  bestOf: bestOfSchema,
  team1Id: z.string().nullable(),
  team1Name: z.string().nullable(),
  team1LogoUrl: z.string().nullable(),
  team2Id: z.string().nullable(),
  team2Name: z.string().nullable(),
  team2LogoUrl: z.string().nullable(),
  status: z.enum(matchStatuses),
  isBye: z.boolean(),
  /** Null while the match does not have both teams. */
  veto: vetoViewSchema.nullable(),
  maps: z.array(playedMapSchema),
  /** Maps won by each team. */
  seriesScore: z.object({ team1: z.number(), team2: z.number() }),
  forfeit: z.boolean(),
  /** A best of one entered with a free-text score ("13-7") instead of rounds. */
  score: z.string().nullable(),
  winnerTeamId: z.string().nullable(),
  scoringRule: z.enum(scoringRules),
  /** When the match is played: the organizer's time, else derived (round 1 at the tournament's start, later rounds once their teams are known); null while unknown. */
  startsAt: z.string().nullable(),
  /** The ready check: from `opensAt` each captain says the team is ready; the veto opens when both are. */
  ready: z.object({
    team1: z.boolean(),
    team2: z.boolean(),
    opensAt: z.string().nullable(),
    /** From when a ready team may claim the win if the other is still not ready: the time plus the no-show allowance. */
    claimForfeitAt: z.string().nullable(),
  }),
  /** The captains' result report; `selfReporting` false: results by staff only. */
  report: matchReportViewSchema,
  selfReporting: z.boolean(),
  /** A ready team's claim of a win by forfeit, waiting for the organizer. */
  forfeitClaim: z.object({ teamId: z.string(), at: z.string() }).nullable(),
  /** What happened, oldest first (match-history.ts). */
  history: z.array(matchHistoryStepSchema),
  /** A Twitch channel or YouTube video (PUT /api/matches/{id}/stream), shown behind a click; null without one. */
  streamUrl: z.string().nullable(),
  /** The organizer refused the last forfeit claim (with its note), for the captains to see; an approved one is the result (`forfeit`). */
  forfeitRefused: z.object({ teamId: z.string(), note: z.string().nullable(), at: z.string() }).nullable(),
});
export type MatchDetail = z.infer<typeof matchDetailSchema>;

/** GET /api/tournaments/{id}/disputes: what waits on the organizer, disputes and forfeit claims. */
export const matchQueueItemSchema = z.object({
  kind: z.enum(['dispute', 'forfeitClaim']),
  matchId: z.string(),
  label: z.string(),
  team1Id: z.string(),
  team1Name: z.string().nullable(),
  team2Id: z.string(),
  team2Name: z.string().nullable(),
  report: matchReportViewSchema,
  forfeitClaim: z.object({ teamId: z.string(), at: z.string() }).nullable(),
});
export const matchQueueSchema = z.array(matchQueueItemSchema);
export type MatchQueueItem = z.infer<typeof matchQueueItemSchema>;
