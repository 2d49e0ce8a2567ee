import { z } from 'zod';
import { idSchema, isObjectPath, text } from './common.js';
import { emailAddress } from './contact.js';
import { isConfirmedStatus } from '../confirmed-status.js';
import { msg } from '../i18n/msg.js';

export const rosterLimits = { mainPlayers: 5, maxSubstitutes: 2, minLength: 3, maxNameLength: 50, maxIdLength: 40 } as const;

/**
 * A Riot ID or team name as it is stored and shown: format characters (\p{Cf}: zero-width space and
 * joiner, BOM, bidi overrides, which could reorder what the list shows) are removed, then the text is
 * composed (NFC) and trimmed, before lengths are checked. Team names lose their format characters
 * too, although a ZWJ emoji then shows as its separate emoji. Uniqueness compares more than this:
 * names that look the same are the same (src/shared/look-alike.ts, on the server).
 */
export function normalizeName(value: string): string {
  return value.replace(/\p{Cf}/gu, '').normalize('NFC').trim();
}

const nameText = (message?: string) => text(message).overwrite(normalizeName);

function requiredText(message: string, max: number, tooLong: string) {
  return nameText(message).min(rosterLimits.minLength, message).max(max, tooLong);
}

/** Riot's own form, name#tag: a game name of 3 to 16 characters and a tag of 3 to 5 letters or digits. */
export const riotIdPattern = /^[^#]{3,16}#[\p{L}\p{N}]{3,5}$/u;

/** Each roster field's Riot ID messages, written out whole (with the field's name) so the catalogs have them. */
const riotIdMessages: Record<string, { required: string; format: string }> = {
  Captain: {
    required: msg('Captain Riot ID is required'),
    format: msg('Captain Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
  'Player 2': {
    required: msg('Player 2 Riot ID is required'),
    format: msg('Player 2 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
  'Player 3': {
    required: msg('Player 3 Riot ID is required'),
    format: msg('Player 3 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
  'Player 4': {
    required: msg('Player 4 Riot ID is required'),
    format: msg('Player 4 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
  'Player 5': {
    required: msg('Player 5 Riot ID is required'),
    format: msg('Player 5 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
  'Substitute 1': {
    required: msg('Substitute 1 Riot ID is required'),
    format: msg('Substitute 1 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
  'Substitute 2': {
    required: msg('Substitute 2 Riot ID is required'),
    format: msg('Substitute 2 Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits'),
  },
};

const riotIdMessagesOf = (label: string) =>
  riotIdMessages[label] ?? {
    required: `${label} Riot ID is required`,
    format: `${label} Riot ID must look like Name#TAG: a name of 3 to 16 characters, # and a tag of 3 to 5 letters or digits`,
  };

/**
 * The one Riot ID rule, for the wizard, POST /api/teams and the roster edits. `label` names the
 * field ('Player 2'). Empty or shorter than 3 keeps the plain 'Player 2 Riot ID is required';
 * anything else that is not name#tag says what the form is. Null: a valid Riot ID.
 */
export function riotIdProblem(value: string, label: string): string | null {
  const messages = riotIdMessagesOf(label);
  if (value.length < rosterLimits.minLength) return messages.required;
  if (!riotIdPattern.test(value)) return messages.format;
  return null;
}

function riotIdCheck(label: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = riotIdProblem(value, label);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

const riotId = (label: string) => nameText(riotIdMessagesOf(label).required).superRefine(riotIdCheck(label));
/** A substitute: empty is none. */
const optionalRiotId = (label: string) =>
  nameText()
    .superRefine((value, ctx) => (value === '' ? undefined : riotIdCheck(label)(value, ctx)))
    .optional();

const teamName = () =>
  requiredText(
    msg('Team name must be at least 3 characters'),
    rosterLimits.maxNameLength,
    msg('Must be at most 50 characters') satisfies `Must be at most ${typeof rosterLimits.maxNameLength} characters`,
  );
const captainDiscord = () =>
  text(msg('Discord username is required'))
    .trim()
    .min(rosterLimits.minLength, msg('Discord username is required'))
    .max(rosterLimits.maxIdLength, msg('Must be at most 40 characters') satisfies `Must be at most ${typeof rosterLimits.maxIdLength} characters`);
const captainRiotId = () => riotId('Captain');
/** Optional: for the captain's receipt and team link. An empty field is no address. */
const captainEmailField = () => z.union([z.literal(''), emailAddress()]).optional();
const captainEmail = () =>
  z
    .union([z.literal(''), emailAddress()])
    .nullish()
    .transform((value) => value || null);

/** What 'Continue to Payment' says while a consent box is not ticked. */
export const consentMessages = {
  acceptedTerms: msg('Accept the Terms of Service, the rules and the Refund Policy to continue'),
  ageConfirmed: msg("Confirm the players' ages to continue"),
} as const;

/** Step 1 of the registration wizard. */
export const registrationFormSchema = z.object({
  teamName: teamName(),
  logoFile: z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, msg('Choose an image file')).nullable().optional(),
  captainDiscord: captainDiscord(),
  captainRiotId: captainRiotId(),
  captainEmail: captainEmailField(),
  player2RiotId: riotId('Player 2'),
  player3RiotId: riotId('Player 3'),
  player4RiotId: riotId('Player 4'),
  player5RiotId: riotId('Player 5'),
  sub1RiotId: optionalRiotId('Substitute 1'),
  sub2RiotId: optionalRiotId('Substitute 2'),
  acceptedTerms: z.boolean().refine((ticked) => ticked, consentMessages.acceptedTerms),
  ageConfirmed: z.boolean().refine((ticked) => ticked, consentMessages.ageConfirmed),
});
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** The team link's roster form: players 2 to 5 and the substitutes, with the registration form's rules. */
export const rosterFormSchema = registrationFormSchema.pick({
  player2RiotId: true,
  player3RiotId: true,
  player4RiotId: true,
  player5RiotId: true,
  sub1RiotId: true,
  sub2RiotId: true,
});
export type RosterForm = z.infer<typeof rosterFormSchema>;
export type RosterFormInput = z.input<typeof rosterFormSchema>;

const playerEntry = z.object({ riotId: nameText(), role: text().max(20).optional() });

/**
 * POST /api/teams. Players are 5 entries, the first the captain; each Riot ID gets the
 * message of the form field it came from.
 */
export const teamCreateSchema = z
  .object({
    tournamentId: idSchema,
    name: teamName(),
    logoUrl: text().max(300).refine(isObjectPath, msg('Not an uploaded logo')).nullish(),
    captainDiscord: captainDiscord(),
    captainRiotId: captainRiotId(),
    captainEmail: captainEmail(),
    players: z.array(playerEntry, { error: msg('Five players are required') }).length(rosterLimits.mainPlayers, msg('Five players are required')),
    substitutes: z
      .array(z.object({ riotId: nameText().max(rosterLimits.maxIdLength) }), { error: msg('Substitutes must be a list') })
      .max(rosterLimits.maxSubstitutes, msg('At most 2 substitutes'))
      .default([]),
    // Consent given on step 1; optional so that clients of the original payload keep working.
    acceptedTerms: z.boolean({ error: msg('acceptedTerms must be true or false') }).optional(),
    ageConfirmed: z.boolean({ error: msg('ageConfirmed must be true or false') }).optional(),
  })
  .superRefine((team, ctx) => {
    // The captain is the first player: one Riot ID, so the roster's uniqueness rules cover it too.
    if (team.players[0] && team.players[0].riotId.trim().toLowerCase() !== team.captainRiotId.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['captainRiotId'], message: msg('The captain must be the first player') });
    }
    team.players.forEach((player, index) => {
      const problem = riotIdProblem(player.riotId.trim(), index === 0 ? 'Captain' : `Player ${index + 1}`);
      if (problem) ctx.addIssue({ code: 'custom', path: ['players', index, 'riotId'], message: problem });
    });
    team.substitutes.forEach((substitute, index) => {
      const value = substitute.riotId.trim();
      const problem = value === '' ? null : riotIdProblem(value, `Substitute ${index + 1}`);
      if (problem) ctx.addIssue({ code: 'custom', path: ['substitutes', index, 'riotId'], message: problem });
    });
  })
  .transform((team) => ({
    ...team,
    logoUrl: team.logoUrl ?? null,
    players: team.players.map((p, index) => ({ riotId: p.riotId.trim(), role: index === 0 ? 'Captain' : 'Player' })),
    // Empty substitute rows are dropped, as the form sends them.
    substitutes: team.substitutes.map((s) => ({ riotId: s.riotId.trim() })).filter((s) => s.riotId.length > 0),
  }));
export type TeamCreateInput = z.input<typeof teamCreateSchema>;

/** Builds the creation payload from the wizard's step 1 values. */
export function toTeamCreatePayload(form: RegistrationForm, tournamentId: string, logoUrl: string | null): TeamCreateInput {
  return {
    tournamentId,
    name: form.teamName,
    logoUrl,
    captainDiscord: form.captainDiscord,
    captainRiotId: form.captainRiotId,
    ...(form.captainEmail ? { captainEmail: form.captainEmail } : {}),
    players: [
      { riotId: form.captainRiotId, role: 'Captain' },
      { riotId: form.player2RiotId },
      { riotId: form.player3RiotId },
      { riotId: form.player4RiotId },
      { riotId: form.player5RiotId },
    ],
    substitutes: [form.sub1RiotId, form.sub2RiotId].filter((id): id is string => !!id && id.trim() !== '').map((riotId) => ({ riotId })),
    acceptedTerms: form.acceptedTerms,
    ageConfirmed: form.ageConfirmed,
  };
}

export const paymentStatuses = ['pending', 'completed', 'failed', 'expired', 'partially_refunded', 'refunded', 'removed', 'waitlisted'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** A team's registration status: see the transitions table in src/server/teams/lifecycle/transitions.ts. */
export type TeamStatus = PaymentStatus;

export const teamSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  captainRiotId: z.string(),
  players: z.array(z.object({ riotId: z.string(), role: z.string() })),
  substitutes: z.array(z.object({ riotId: z.string() })),
  paymentStatus: z.enum(paymentStatuses),
  createdAt: z.string(),
  // Only for an admin session.
  captainDiscord: z.string().optional(),
  captainEmail: z.string().nullable().optional(),
  withdrawnAt: z.string().nullable().optional(),
  amountPaid: z.number().nullable().optional(),
  amountRefunded: z.number().optional(),
  currency: z.string().optional(),
  paymentRef: z.string().nullable().optional(),
  paidAt: z.string().nullable().optional(),
  holdExpiresAt: z.string().nullable().optional(),
  erasedAt: z.string().nullable().optional(),
  /** Tournament day: checked in (by 'captain' or the organizer), or a no-show at the close. */
  checkedInAt: z.string().nullable().optional(),
  checkedInBy: z.string().nullable().optional(),
  noShowAt: z.string().nullable().optional(),
  consent: z.object({ termsAcceptedAt: z.string().nullable(), termsVersion: z.string().nullable(), ageConfirmedAt: z.string().nullable() }).optional(),
});
export type Team = z.infer<typeof teamSchema>;

/** GET /api/admin/teams: any tournament's teams for the organizer; without an id, the live one's. */
export const adminTeamsQuerySchema = z.object({ tournamentId: idSchema.optional() });

export { confirmedStatuses, isConfirmedStatus } from '../confirmed-status.js';

/** Confirmed: see `confirmedStatuses`. Pending: holding a spot while the payment is still to come (or was declined). */
export const isConfirmedTeam = (team: Pick<Team, 'paymentStatus'>) => isConfirmedStatus(team.paymentStatus);
export const isPendingTeam = (team: Pick<Team, 'paymentStatus'>) => team.paymentStatus === 'pending' || team.paymentStatus === 'failed';

/** A team as every visitor sees it (the polled list): none of the captain's contact or payment details. */
export const publicTeamSchema = teamSchema.pick({
  id: true,
  tournamentId: true,
  name: true,
  logoUrl: true,
  captainRiotId: true,
  players: true,
  substitutes: true,
  paymentStatus: true,
  createdAt: true,
});

export const teamCreatedSchema = z.object({
  id: z.string(),
  paymentStatus: z.enum(paymentStatuses),
  holdExpiresAt: z.string().nullable(),
  /** The captain's private team link: `/team/{id}?key=…`. Shown once; only its hash is kept. */
  manageUrl: z.string(),
});

/**
 * GET /api/pending-registration: the registration this browser started (its owner cookie) and has
 * not paid yet, with its held spot, so the wizard resumes it after a reload. `hasPayment`: a
 * payment was started, so the captain had reached the payment step.
 */
export const pendingRegistrationSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  captainDiscord: z.string(),
  captainRiotId: z.string(),
  captainEmail: z.string().nullable(),
  /** Players 2 to 5, then the substitutes: Riot IDs only. */
  players: z.array(z.string()),
  substitutes: z.array(z.string()),
  holdExpiresAt: z.string(),
  hasPayment: z.boolean(),
  /** The captain connected a Discord account at step 2 (`captainDiscord` is then its username); null: not connected. */
  discord: z.object({ isInServer: z.boolean() }).nullable(),
});
export type PendingRegistration = z.infer<typeof pendingRegistrationSchema>;
export const pendingRegistrationAnswerSchema = z.object({ registration: pendingRegistrationSchema.nullable() });
export const pendingRegistrationQuerySchema = z.object({ tournamentId: idSchema });
