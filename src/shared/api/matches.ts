import { idParamsSchema, idSchema, teamLinkParamsSchema } from '../schemas/common.js';
import { captainVetoSchema, mapPoolInputSchema, matchDetailSchema, matchUpdateSchema, staffVetoSchema } from '../schemas/match.js';
import { tournamentSchema } from '../schemas/tournament.js';
import { endpoint } from './endpoint.js';
import { notModified } from './responses.js';

// A match is a series with a map veto: its public page's read, the captains' and staff's veto
// actions, the organizer's best-of, and the tournament's map pool.

export const getMatch = endpoint({
  operationId: 'getMatch',
  method: 'GET',
  path: '/api/matches/:id',
  tag: 'bracket',
  summary: 'A match: its teams, veto, maps and series score (polled, with an ETag)',
  params: idParamsSchema,
  responses: { 200: matchDetailSchema, 304: notModified },
});

export const updateMatch = endpoint({
  operationId: 'updateMatch',
  method: 'PATCH',
  path: '/api/matches/:id',
  tag: 'bracket',
  summary: "Change a match's best-of before it starts, or its start time",
  params: idParamsSchema,
  body: matchUpdateSchema,
  responses: { 200: matchDetailSchema },
});

export const vetoAsCaptain = endpoint({
  operationId: 'vetoAsCaptain',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/veto',
  tag: 'team link',
  summary: "Take the team's turn in the map veto: ban or pick a map, choose a side or the order",
  params: teamLinkParamsSchema.extend({ matchId: idSchema }),
  body: captainVetoSchema,
  responses: { 200: matchDetailSchema },
});

export const vetoAsStaff = endpoint({
  operationId: 'vetoAsStaff',
  method: 'POST',
  path: '/api/matches/:id/veto',
  tag: 'bracket',
  summary: 'Take a turn in the map veto for either team',
  params: idParamsSchema,
  body: staffVetoSchema,
  responses: { 200: matchDetailSchema },
});

export const resetVeto = endpoint({
  operationId: 'resetVeto',
  method: 'DELETE',
  path: '/api/matches/:id/veto',
  tag: 'bracket',
  summary: "Start a match's map veto again",
  params: idParamsSchema,
  responses: { 200: matchDetailSchema },
});

export const setMapPool = endpoint({
  operationId: 'setMapPool',
  method: 'PUT',
  path: '/api/tournaments/:id/map-pool',
  tag: 'tournaments',
  summary: "Set a tournament's map pool (an empty list: the site's default)",
  params: idParamsSchema,
  body: mapPoolInputSchema,
  responses: { 200: tournamentSchema },
});
