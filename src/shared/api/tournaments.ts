import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.js';
import { publicReadSchemas } from '../schemas/public-reads.js';
import { adminTeamsQuerySchema, teamSchema } from '../schemas/team.js';
import { tournamentCancelledSchema, tournamentCancelSchema } from '../schemas/refund.js';
import { registrationToggleSchema, tournamentInputSchema, tournamentSchema } from '../schemas/tournament.js';
import { endpoint } from './endpoint.js';
import { islandApiPaths } from './island-paths.js';
import { fileResponseSchema, noContentSchema, notModified } from './responses.js';

export const listTournaments = endpoint({
  operationId: 'listTournaments',
  method: 'GET',
  path: '/api/tournaments',
  tag: 'tournaments',
  summary: 'Every tournament',
  responses: { 200: z.array(tournamentSchema) },
});

// null (not 404) when nothing is live: "no active tournament" is a normal state of the site.
export const getActiveTournament = endpoint({
  operationId: 'getActiveTournament',
  method: 'GET',
  path: islandApiPaths.activeTournament,
  tag: 'tournaments',
  summary: 'The featured tournament, or null (polled, with an ETag)',
  responses: { 200: publicReadSchemas.active, 304: notModified },
});

// Several tournaments take registrations at once (issue 31): the home page lists the others, /register asks which.
export const listOpenTournaments = endpoint({
  operationId: 'listOpenTournaments',
  method: 'GET',
  path: '/api/tournaments/open',
  tag: 'tournaments',
  summary: 'Every tournament taking registrations now, with its spots left (polled, with an ETag)',
  responses: { 200: publicReadSchemas.open, 304: notModified },
});

// An organizer's session sees the private fields (not cached); everyone else the cached public list (publicReadSchemas.teams).
export const listTournamentTeams = endpoint({
  operationId: 'listTournamentTeams',
  method: 'GET',
  path: '/api/tournaments/:id/teams',
  tag: 'tournaments',
  summary: "A tournament's teams (polled, with an ETag; private fields for an organizer)",
  params: idParamsSchema,
  responses: { 200: z.array(teamSchema).describe('The teams holding a spot; the captain and payment fields only for an organizer'), 304: notModified },
});

// The organizer's Teams tab and champion form: any tournament (the live one by default), 404 for an unknown one.
export const listAdminTeams = endpoint({
  operationId: 'listAdminTeams',
  method: 'GET',
  path: '/api/admin/teams',
  tag: 'admin',
  summary: "A tournament's teams for the organizer (the live one by default)",
  querystring: adminTeamsQuerySchema,
  responses: { 200: z.array(teamSchema) },
});

export const downloadTeamsCsv = endpoint({
  operationId: 'downloadTeamsCsv',
  method: 'GET',
  path: '/api/admin/tournaments/:id/teams.csv',
  tag: 'admin',
  summary: "Download a tournament's teams, captains' e-mail included, as CSV",
  params: idParamsSchema,
  responses: { 200: fileResponseSchema('text/csv', "The tournament's teams as a CSV file to download (Content-Disposition: attachment)") },
});

export const getCapacity = endpoint({
  operationId: 'getCapacity',
  method: 'GET',
  path: '/api/tournaments/:id/capacity',
  tag: 'tournaments',
  summary: "A tournament's spots: held and left (polled, with an ETag)",
  params: idParamsSchema,
  responses: { 200: publicReadSchemas.capacity, 304: notModified },
});

export const createTournament = endpoint({
  operationId: 'createTournament',
  method: 'POST',
  path: '/api/tournaments',
  tag: 'tournaments',
  summary: 'Create a tournament',
  body: tournamentInputSchema,
  responses: { 201: tournamentSchema },
});

export const updateTournament = endpoint({
  operationId: 'updateTournament',
  method: 'PUT',
  path: '/api/tournaments/:id',
  tag: 'tournaments',
  summary: 'Change a tournament',
  params: idParamsSchema,
  body: tournamentInputSchema,
  responses: { 200: tournamentSchema },
});

export const setRegistrationOpen = endpoint({
  operationId: 'setRegistrationOpen',
  method: 'PATCH',
  path: '/api/tournaments/:id/registration',
  tag: 'tournaments',
  summary: "Open or close a tournament's registration",
  params: idParamsSchema,
  body: registrationToggleSchema,
  responses: { 200: tournamentSchema },
});

export const setActiveTournament = endpoint({
  operationId: 'setActiveTournament',
  method: 'PATCH',
  path: '/api/tournaments/:id/set-active',
  tag: 'tournaments',
  summary: 'Feature a tournament (the others keep their registration)',
  params: idParamsSchema,
  responses: { 200: tournamentSchema },
});

export const deleteTournament = endpoint({
  operationId: 'deleteTournament',
  method: 'DELETE',
  path: '/api/tournaments/:id',
  tag: 'tournaments',
  summary: 'Delete a tournament that holds no money',
  params: idParamsSchema,
  responses: { 204: noContentSchema('Deleted') },
});

export const cancelTournament = endpoint({
  operationId: 'cancelTournament',
  method: 'POST',
  path: '/api/tournaments/:id/cancel',
  tag: 'tournaments',
  summary: 'Cancel a tournament and refund its teams',
  params: idParamsSchema,
  body: tournamentCancelSchema,
  responses: { 200: tournamentCancelledSchema },
});
