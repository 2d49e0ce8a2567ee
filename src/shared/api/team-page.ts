import { idParamsSchema, teamLinkParamsSchema } from '../schemas/common.js';
import { checkInStatusSchema, teamPageDataSchema } from '../schemas/team-page.js';
import { paymentIntentResponseSchema } from '../schemas/payment.js';
import { rosterFormSchema } from '../schemas/team.js';
import { cupsToRegisterAgainSchema, registerAgainResultSchema, registerAgainSchema } from '../schemas/register-again.js';
import { endpoint } from './endpoint.js';

// The captain's team link: each takes the key (Authorization: Bearer, or ?key=); a wrong key is a 404.

export const getTeamPage = endpoint({
  operationId: 'getTeamPage',
  method: 'GET',
  path: '/api/manage/:id',
  tag: 'team link',
  summary: 'The team as its captain sees it',
  params: teamLinkParamsSchema,
  responses: { 200: teamPageDataSchema },
});

export const changeRoster = endpoint({
  operationId: 'changeRoster',
  method: 'PUT',
  path: '/api/manage/:id/roster',
  tag: 'team link',
  summary: "Change the team's roster",
  params: teamLinkParamsSchema,
  body: rosterFormSchema,
  responses: { 200: teamPageDataSchema },
});

export const withdrawTeam = endpoint({
  operationId: 'withdrawTeam',
  method: 'POST',
  path: '/api/manage/:id/withdraw',
  tag: 'team link',
  summary: 'Withdraw the team from the tournament',
  params: teamLinkParamsSchema,
  responses: { 200: teamPageDataSchema },
});

// The wizard's payment step, reached from the team link: the same payment, reused.
export const resumePayment = endpoint({
  operationId: 'resumePayment',
  method: 'POST',
  path: '/api/manage/:id/resume-payment',
  tag: 'team link',
  summary: "Pay the team's entry fee: its payment, started or reused",
  params: teamLinkParamsSchema,
  responses: { 200: paymentIntentResponseSchema },
});

export const claimWaitlistOffer = endpoint({
  operationId: 'claimWaitlistOffer',
  method: 'POST',
  path: '/api/manage/:id/claim-offer',
  tag: 'team link',
  summary: 'Claim the spot offered to a waiting team (then pay for it)',
  params: teamLinkParamsSchema,
  responses: { 200: teamPageDataSchema },
});

export const checkInByCaptain = endpoint({
  operationId: 'checkInByCaptain',
  method: 'POST',
  path: '/api/manage/:id/check-in',
  tag: 'team link',
  summary: 'Check the team in on the event day',
  params: teamLinkParamsSchema,
  responses: { 200: teamPageDataSchema },
});

export const checkInByOrganizer = endpoint({
  operationId: 'checkInByOrganizer',
  method: 'POST',
  path: '/api/teams/:id/check-in',
  tag: 'teams',
  summary: 'Check a team in for its captain',
  params: idParamsSchema,
  responses: { 200: checkInStatusSchema },
});

export const undoCheckInByOrganizer = endpoint({
  operationId: 'undoCheckInByOrganizer',
  method: 'DELETE',
  path: '/api/teams/:id/check-in',
  tag: 'teams',
  summary: "Undo a check-in the organizer made, until the bracket is drawn",
  params: idParamsSchema,
  responses: { 200: checkInStatusSchema },
});

// Returning teams: the same team for another cup, a separate registration with its own link.
export const listCupsToRegisterAgain = endpoint({
  operationId: 'listCupsToRegisterAgain',
  method: 'GET',
  path: '/api/manage/:id/register-again',
  tag: 'team link',
  summary: 'The cups open now that the team can register for again',
  params: teamLinkParamsSchema,
  responses: { 200: cupsToRegisterAgainSchema },
});

export const registerAgain = endpoint({
  operationId: 'registerAgain',
  method: 'POST',
  path: '/api/manage/:id/register-again',
  tag: 'team link',
  summary: 'Register the same team for another cup: a new registration with its own hold and team link',
  params: teamLinkParamsSchema,
  body: registerAgainSchema,
  responses: { 201: registerAgainResultSchema },
});
