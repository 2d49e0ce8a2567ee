import { z } from 'zod';
import { amountPattern, currencies, toMinorUnits } from '../money.js';
import { isReservedSlug, slugMaxLength, slugPattern } from '../slug.js';
import { tournamentPhases } from '../tournament-phase.js';
import { dateTimeField, optionalText, text } from './common.js';
import { noShowLimits, reportConfirmLimits, scoringRules, vetoTurnLimits } from './match.js';
import { streamUrlField } from './stream.js';
import { publicPrizeSchema } from './prizes.js';
import { msg } from '../i18n/msg.js';

export const tournamentLimits = { defaultMaxTeams: 32, minMaxTeams: 4, maxMaxTeams: 1024 } as const;

function amountField(requiredMessage: string) {
  // abort: an empty field reports only that it is required, and a refinement after this (which may
  // call toMinorUnits) only ever sees an amount.
  return text(requiredMessage)
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(13, { error: msg('Enter an amount like 25 or 25.00'), abort: true })
    .regex(amountPattern, { error: msg('Enter an amount like 25 or 25.00'), abort: true });
}

/** An optional date field of the form: empty is none. */
function optionalDateTime() {
  return z
    .union([z.literal(''), dateTimeField(msg('Not a valid date'))])
    .nullish()
    .transform((value) => value || null)
    .optional();
}

const slugMessage = msg('Use lower-case letters, digits and single hyphens');
const slugField = z
  .union([z.literal(''), z.string({ error: slugMessage }).trim().toLowerCase().max(slugMaxLength, msg('Address must be at most 60 characters') satisfies `Address must be at most ${typeof slugMaxLength} characters`)])
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || slugPattern.test(value), slugMessage)
  .refine((value) => value === null || !isReservedSlug(value), msg('This address is reserved: choose another'));

/** The tournament form and the create/update payload. */
export const tournamentInputSchema = z.object({
  name: text(msg('Tournament name must be at least 3 characters'))
    .trim()
    .min(3, msg('Tournament name must be at least 3 characters'))
    .max(120, msg('Tournament name must be at most 120 characters')),
  description: optionalText(2000, msg('Description must be at most 2000 characters')),
  format: text(msg('Format is required')).trim().min(1, msg('Format is required')).max(120, msg('Format must be at most 120 characters')),
  prizePool: amountField(msg('Prize pool is required')),
  // Card payments stop at 999,999.99 (Stripe's limit for a single charge).
  entryFee: amountField(msg('Entry fee is required')).refine((value) => toMinorUnits(value) <= 99_999_999, msg('Entry fee must be at most 999,999.99')),
  currency: z.enum(currencies, { error: msg('Currency is required') }),
  maxTeams: z
    .number({ error: msg('Must allow at least 4 teams') })
    .int(msg('Must be a whole number'))
    .min(tournamentLimits.minMaxTeams, msg('Must allow at least 4 teams'))
    .max(tournamentLimits.maxMaxTeams, msg('Must allow at most 1024 teams') satisfies `Must allow at most ${typeof tournamentLimits.maxMaxTeams} teams`),
  registrationCloses: dateTimeField(msg('Registration close date is required')),
  tournamentDate: dateTimeField(msg('Tournament date is required')),
  rules: optionalText(20000, msg('Rules must be at most 20000 characters')),
  /** When captains can no longer change Riot IDs; empty: at registration close. */
  rosterLocksAt: optionalDateTime(),
  /** Captains check in before the start (absent: on); off: every confirmed team plays. */
  checkInEnabled: z.boolean({ error: msg('Check-in must be on or off') }).optional(),
  /** Empty: 60 minutes before the start, and the start (shared/check-in.ts). */
  checkInOpensAt: optionalDateTime(),
  checkInClosesAt: optionalDateTime(),
  /** How a map's rounds are checked; absent: 'valorant' for a new tournament, unchanged on an edit. */
  scoringRule: z.enum(scoringRules, { error: msg('Scoring rule must be valorant or free') }).optional(),
  /** Seconds a captain has for each veto turn; absent: 90 for a new tournament, unchanged on an edit. */
  vetoTurnSeconds: z
    .number({ error: msg('Veto turn time must be a whole number of seconds') })
    .int(msg('Veto turn time must be a whole number of seconds'))
    .min(vetoTurnLimits.minSeconds, msg('Veto turn time must be at least 15 seconds') satisfies `Veto turn time must be at least ${typeof vetoTurnLimits.minSeconds} seconds`)
    .max(vetoTurnLimits.maxSeconds, msg('Veto turn time must be at most 900 seconds') satisfies `Veto turn time must be at most ${typeof vetoTurnLimits.maxSeconds} seconds`)
    .optional(),
  /** The page's address, /tournaments/{slug}; absent or empty: made from the name on creation, kept as it is on a change. */
  slug: slugField.optional(),
  /** A Twitch channel or a YouTube video shown on the cup's page; empty: none. Absent on a change: kept. */
  streamUrl: streamUrlField.optional(),
  /** Captains report results and confirm each other's (absent: on for a new tournament, unchanged on an edit); off: results by staff only. */
  selfReporting: z.boolean({ error: msg('Self-reporting must be on or off') }).optional(),
  /** Minutes the opponent has to confirm or dispute a reported result; absent: 10 for a new tournament, unchanged on an edit. */
  reportConfirmMinutes: z
    .number({ error: msg('The confirmation deadline must be a whole number of minutes') })
    .int(msg('The confirmation deadline must be a whole number of minutes'))
    .min(reportConfirmLimits.min, msg('The confirmation deadline must be at least 1 minute') satisfies `The confirmation deadline must be at least ${typeof reportConfirmLimits.min} minute`)
    .max(reportConfirmLimits.max, msg('The confirmation deadline must be at most 1440 minutes') satisfies `The confirmation deadline must be at most ${typeof reportConfirmLimits.max} minutes`)
    .optional(),
  /** Minutes after a match's time before a ready team can claim the win from one that is not; absent: 10, unchanged on an edit. */
  noShowMinutes: z
    .number({ error: msg('The no-show allowance must be a whole number of minutes') })
    .int(msg('The no-show allowance must be a whole number of minutes'))
    .min(noShowLimits.min, msg('The no-show allowance must be at least 0 minutes') satisfies `The no-show allowance must be at least ${typeof noShowLimits.min} minutes`)
    .max(noShowLimits.max, msg('The no-show allowance must be at most 240 minutes') satisfies `The no-show allowance must be at most ${typeof noShowLimits.max} minutes`)
    .optional(),
})
  .refine((value) => !value.checkInOpensAt || !value.checkInClosesAt || Date.parse(value.checkInOpensAt) < Date.parse(value.checkInClosesAt), {
    path: ['checkInClosesAt'],
    error: msg('Check-in must close after it opens'),
  })
  // Teams must be known before they play: the tournament cannot start while registration is still open.
  .refine((value) => Date.parse(value.tournamentDate) >= Date.parse(value.registrationCloses), {
    path: ['tournamentDate'],
    error: msg('The tournament date must not be before the registration close'),
    // Only once both dates are valid: a date out of range says only that.
    when: (payload) => payload.issues.length === 0,
  });
export type TournamentInput = z.input<typeof tournamentInputSchema>;

export const closeInPastMessage = msg('Registration must close in the future');

/**
 * A new tournament whose registration already closed could never take a team. Only on creation:
 * editing a past tournament (its rules, its date) keeps its close date. Checked by the admin form
 * and by the server (with the server's clock), from this one place.
 */
export function closesInPast(values: { registrationCloses: string }, now: Date): boolean {
  return Date.parse(values.registrationCloses) <= now.getTime();
}

/** The admin form's schema for a new tournament: the shared rules, plus a close date in the future. */
export const newTournamentSchema = (now: () => Date) =>
  tournamentInputSchema.refine((value) => !closesInPast(value, now()), { path: ['registrationCloses'], error: closeInPastMessage });
export type TournamentValues = z.output<typeof tournamentInputSchema>;

export const registrationToggleSchema = z.object({ isOpen: z.boolean({ error: msg('isOpen must be true or false') }) });

export const tournamentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its page: /tournaments/{slug}. */
  slug: z.string(),
  /** A Twitch channel or a YouTube video (canonical form, shared/schemas/stream.ts); null: none. */
  streamUrl: z.string().nullable(),
  description: z.string().nullable(),
  format: z.string(),
  prizePool: z.string(),
  entryFee: z.string(),
  currency: z.enum(currencies),
  maxTeams: z.number(),
  registrationCloses: z.string(),
  tournamentDate: z.string(),
  rules: z.string().nullable(),
  registrationOpen: z.boolean(),
  status: z.enum(['active', 'inactive']),
  /** Set once the organizer cancelled it: registration stays closed and paid teams were refunded. */
  cancelledAt: z.string().nullable(),
  /** Null: captains' rosters lock at registration close. */
  rosterLocksAt: z.string().nullable().optional(),
  checkInEnabled: z.boolean().optional(),
  checkInOpensAt: z.string().nullable().optional(),
  checkInClosesAt: z.string().nullable().optional(),
  /** The maps its vetoes run on: its own pool, else the site's default. */
  mapPool: z.array(z.string()).optional(),
  /** Whether the tournament has its own pool (false: the site's default). */
  hasOwnMapPool: z.boolean().optional(),
  scoringRule: z.enum(scoringRules).optional(),
  vetoTurnSeconds: z.number().optional(),
  selfReporting: z.boolean().optional(),
  reportConfirmMinutes: z.number().optional(),
  noShowMinutes: z.number().optional(),
  /** Only on the active tournament's read: it has a bracket, so the site links to /bracket. */
  hasBracket: z.boolean().optional(),
  /** On the active tournament's read and the list: how far its bracket went, the phase's last input (the pages derive the phase with their clock). */
  bracketProgress: z.enum(['none', 'drawn', 'decided']).optional(),
  /** Only on the active tournament's read: its phase when it was read (shared/tournament-phase.ts `phaseOf`). */
  phase: z.enum(tournamentPhases).optional(),
  /** On the public reads (the featured tournament, the cup page): the prize split by placement and which prizes were paid; empty: no split. */
  prizes: z.array(publicPrizeSchema).optional(),
  /** Only on the active tournament's read: the first-place team once the champions are recorded. */
  champion: z.object({ teamName: z.string() }).nullable().optional(),
  createdAt: z.string(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** A tournament taking registrations now, with its spots left: the home page's other cups and /register's choice. */
export const openTournamentSchema = tournamentSchema.extend({ spotsLeft: z.number() });
export type OpenTournament = z.infer<typeof openTournamentSchema>;

export const capacitySchema = z.object({
  registered: z.number(),
  capacity: z.number(),
  spotsLeft: z.number(),
  percentageFull: z.number(),
  /** Of the registered: paid and confirmed, and still to pay (or a spot kept for a waitlist offer). */
  confirmed: z.number().optional(),
  pending: z.number().optional(),
  /** Teams on the waitlist of a full tournament. */
  waiting: z.number().optional(),
});
