import { isApiReferencePath, openApiPaths } from '../../src/server/http/openapi.js';
import type { TestApp } from './test-app.js';

/** Routes anyone may call. Every other route must answer 401 without an admin session. */
export const publicRoutes = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /api/site',
  'GET /api/tournaments',
  'GET /api/tournaments/active',
  'GET /api/tournaments/open',
  'GET /api/tournaments/:id/teams',
  'GET /api/tournaments/:id/capacity',
  'GET /api/tournaments/:id/bracket',
  // A match's public page: its teams, veto and maps (series-results.test.ts).
  'GET /api/matches/:id',
  // Its time as a calendar file, public like the page (captains-report.test.ts).
  'GET /api/matches/:id/calendar.ics',
  // Every cup's public home and the listing of every cup (tournament-pages.test.ts).
  'GET /api/tournaments/listing',
  'GET /api/tournaments/:id',
  'GET /api/champions',
  'POST /api/teams',
  // Joining a full tournament's waitlist: the registration's step 1, no payment (waitlist.test.ts).
  'POST /api/tournaments/:id/waitlist',
  'POST /api/contact',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/user',
  'GET /api/auth/setup',
  'POST /api/auth/setup',
  // The code step of a sign-in: the challenge cookie from a right password is its authorisation (two-factor.test.ts).
  'POST /api/auth/login/two-factor',
  // An invite link's token is its authorisation (organizing-team.test.ts).
  'GET /api/auth/invites/:token',
  'POST /api/auth/invites/:token/accept',
  'POST /api/upload-logo',
  'GET /objects/*',
  'GET /api/stripe-config',
  'POST /api/create-payment-intent',
  'PATCH /api/teams/:teamId/payment-complete',
  'POST /api/webhooks/stripe',
  'POST /api/demo-payments/confirm',
  // The captain's team link: its key is the authorisation, and a wrong one is a 404 (team-link.test.ts).
  'GET /api/manage/:id',
  'PUT /api/manage/:id/roster',
  'POST /api/manage/:id/withdraw',
  'POST /api/manage/:id/resume-payment',
  'GET /api/manage/:id/export',
  'POST /api/manage/:id/erase',
  'POST /api/manage/:id/check-in',
  'POST /api/manage/:id/matches/:matchId/veto',
  // Captains run their matches with the same key (captains-report.test.ts).
  'GET /api/manage/:id/matches/:matchId',
  'POST /api/manage/:id/matches/:matchId/ready',
  'POST /api/manage/:id/matches/:matchId/claim-forfeit',
  'POST /api/manage/:id/matches/:matchId/report',
  'POST /api/manage/:id/matches/:matchId/confirm',
  'POST /api/manage/:id/matches/:matchId/dispute',
  // The registering browser's owner cookie is the authorisation (pending-registration.test.ts).
  'GET /api/pending-registration',
  'POST /api/pending-registration/:id/release',
  // Connect Discord at step 2: the owner cookie or team link starts it, the single-use state ends it (discord-connect.test.ts).
  'POST /api/discord/connect',
  'GET /api/discord/callback',
  // "My Teams": a captain signs in with Discord; the list is theirs by the signed session cookie (my-teams.test.ts).
  'GET /api/discord/sign-in',
  'POST /api/discord/sign-out',
  'GET /api/my-teams',
  'POST /api/manage/:id/claim-offer',
  // Returning teams: the team link of any of the team's registrations (returning-teams.test.ts).
  'GET /api/manage/:id/register-again',
  'POST /api/manage/:id/register-again',
  // Signed upload URLs carry their own authorisation (an expiring signature).
  'PUT /api/uploads/*',
]);

/** The OpenAPI document and its rendered reference (/api/docs and its assets) are public too. */
export const isApiDocumentation = (url: string) => url === openApiPaths.document || isApiReferencePath(url);

export const someId = '00000000-0000-4000-8000-000000000000';
export const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, someId).replace('*', 'x');

/** Every route an organizing account is needed for: the API routes that are neither public nor the documentation. */
export const adminRoutesOf = (t: TestApp) =>
  t.routes.filter((r) => r.url.startsWith('/api/') && !publicRoutes.has(`${r.method} ${r.url}`) && !isApiDocumentation(r.url));
