import type { TeamCreateInput } from '../../src/shared/schemas/team.js';
import { closeInPastMessage, type TournamentInput } from '../../src/shared/schemas/tournament.js';
import type { Tournament } from '../../src/shared/schemas/tournament.js';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export function tournamentInput(overrides: Partial<TournamentInput> = {}): TournamentInput {
  return {
    name: 'Winter Clash 2026',
    description: 'The biggest open cup of the winter.',
    format: '5v5 Single Elimination',
    prizePool: '5000.00',
    entryFee: '50.00',
    currency: 'USD',
    maxTeams: 32,
    registrationCloses: inDays(7),
    tournamentDate: inDays(10),
    rules: 'Best of 1 until the final.',
    ...overrides,
  };
}

let teamCounter = 0;

/** A valid registration payload with Riot IDs no other factory team uses. */
export function teamPayload(tournamentId: string, overrides: Partial<TeamCreateInput> = {}): TeamCreateInput {
  const n = ++teamCounter;
  return {
    tournamentId,
    name: `Team Number ${n}`,
    logoUrl: null,
    captainDiscord: `captain${n}`,
    captainRiotId: `Captain${n}#EUW`,
    players: [
      { riotId: `Captain${n}#EUW`, role: 'Captain' },
      { riotId: `Second${n}#EUW` },
      { riotId: `Third${n}#EUW` },
      { riotId: `Fourth${n}#EUW` },
      { riotId: `Fifth${n}#EUW` },
    ],
    substitutes: [{ riotId: `Sub${n}#EUW` }],
    ...overrides,
  };
}

/** Creates a tournament through the API, sets it live and opens registration. */
export async function createOpenTournament(t: TestApp, cookie: string, overrides: Partial<TournamentInput> = {}): Promise<Tournament> {
  let created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput(overrides) });
  // A new tournament cannot close in the past: one that should is created with the usual dates, then moved back.
  const closesInPast = created.statusCode === 400 && (created.json() as { error?: string }).error === closeInPastMessage;
  if (closesInPast) {
    const { registrationCloses: _closes, tournamentDate: _date, ...rest } = overrides;
    created = await t.app.inject({ method: 'POST', url: '/api/tournaments', headers: { cookie }, payload: tournamentInput(rest) });
  }
  if (created.statusCode !== 201) throw new Error(created.body);
  const { id } = created.json() as Tournament;
  if (closesInPast) {
    const moved = await t.app.inject({ method: 'PUT', url: `/api/tournaments/${id}`, headers: { cookie }, payload: tournamentInput(overrides) });
    if (moved.statusCode !== 200) throw new Error(moved.body);
  }
  await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}/set-active`, headers: { cookie } });
  const opened = await t.app.inject({ method: 'PATCH', url: `/api/tournaments/${id}/registration`, headers: { cookie }, payload: { isOpen: true } });
  return opened.json() as Tournament;
}

/**
 * Registers a team as a captain's browser does (public POST /api/teams). `owner` is the Cookie
 * header carrying the team's owner token, which the payment routes ask for.
 */
export async function registerTeam(app: FastifyInstance, tournamentId: string, overrides: Partial<TeamCreateInput> = {}): Promise<{ id: string; owner: string; manageUrl: string; teamLink: { authorization: string } }> {
  const response = await app.inject({ method: 'POST', url: '/api/teams', payload: teamPayload(tournamentId, overrides) });
  if (response.statusCode !== 201) throw new Error(`POST /api/teams: ${response.statusCode} ${response.body}`);
  const { id, manageUrl } = response.json() as { id: string; manageUrl: string };
  const cookie = response.cookies.find((c) => c.name === `team_${id}`);
  if (!cookie) throw new Error('POST /api/teams set no owner cookie');
  const key = new URL(manageUrl, 'http://localhost').searchParams.get('key');
  return { id, owner: `${cookie.name}=${cookie.value}`, manageUrl, teamLink: { authorization: `Bearer ${key}` } };
}

/** A valid champion payload, as the admin form sends it. */
export function championInput(overrides: Record<string, unknown> = {}) {
  return {
    placement: 1,
    teamName: 'Night Owls',
    tournamentName: 'Autumn Cup',
    tournamentDate: '2026-10-01T18:00:00.000Z',
    playerNames: ['Ace#EUW', 'Blaze#EUW'],
    highlights: [{ title: 'Final ace', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' }],
    prizeAmount: '2500',
    currency: 'EUR',
    teamQuote: 'We never stopped.',
    ...overrides,
  };
}

/** Resumes a team's payment through its team link, as the team page does: the payment's client secret. */
export async function resumePaymentOnTeamLink(app: FastifyInstance, team: { id: string; bearer: Record<string, string> }): Promise<string> {
  const resumed = await app.inject({ method: 'POST', url: `/api/manage/${team.id}/resume-payment`, headers: team.bearer });
  if (resumed.statusCode !== 200) throw new Error(`resume-payment: ${resumed.statusCode} ${resumed.body}`);
  return (resumed.json() as { clientSecret: string }).clientSecret;
}

/** Pays with the demo provider's good card, confirmed with the team link's key only. */
export async function confirmDemoCard(app: FastifyInstance, team: { bearer: Record<string, string> }, clientSecret: string): Promise<void> {
  const paid = await app.inject({
    method: 'POST',
    url: '/api/demo-payments/confirm',
    headers: team.bearer,
    payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
  });
  if (paid.statusCode !== 200) throw new Error(`demo-payments/confirm: ${paid.statusCode} ${paid.body}`);
}

/**
 * Registers a team and pays its entry fee with the demo provider's test card, as the captain's
 * browser does (payment intent, card, payment-complete): the registered team, now confirmed.
 */
export async function registerPaidTeam(app: FastifyInstance, tournamentId: string, overrides: Partial<TeamCreateInput> = {}) {
  const team = await registerTeam(app, tournamentId, overrides);
  const headers = { cookie: team.owner };
  const intent = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: { tournamentId, teamId: team.id } });
  if (intent.statusCode !== 200) throw new Error(`create-payment-intent: ${intent.statusCode} ${intent.body}`);
  const { clientSecret } = intent.json() as { clientSecret: string };
  const paid = await app.inject({ method: 'POST', url: '/api/demo-payments/confirm', headers, payload: { clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
  if (paid.statusCode !== 200) throw new Error(`demo-payments/confirm: ${paid.statusCode} ${paid.body}`);
  const complete = await app.inject({ method: 'PATCH', url: `/api/teams/${team.id}/payment-complete`, headers });
  if (complete.statusCode !== 200) throw new Error(`payment-complete: ${complete.statusCode} ${complete.body}`);
  return { ...team, clientSecret };
}
