import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.js';
import { rosterChangeSchema } from '../schemas/team-page.js';
import { teamRemovedSchema, teamRemoveSchema } from '../schemas/refund.js';
import { pendingRegistrationAnswerSchema, pendingRegistrationQuerySchema, teamCreatedSchema, teamCreateSchema } from '../schemas/team.js';
import { endpoint } from './endpoint.js';

export const registerTeam = endpoint({
  operationId: 'registerTeam',
  method: 'POST',
  path: '/api/teams',
  tag: 'teams',
  summary: 'Register a team: it holds a spot until it pays',
  body: teamCreateSchema,
  responses: { 201: teamCreatedSchema },
});

export const getPendingRegistration = endpoint({
  operationId: 'getPendingRegistration',
  method: 'GET',
  path: '/api/pending-registration',
  tag: 'pending-registration',
  summary: "This browser's unpaid registration for a tournament, if any",
  querystring: pendingRegistrationQuerySchema,
  responses: { 200: pendingRegistrationAnswerSchema },
});

export const releasePendingRegistration = endpoint({
  operationId: 'releasePendingRegistration',
  method: 'POST',
  path: '/api/pending-registration/:id/release',
  tag: 'pending-registration',
  summary: "Give up this browser's unpaid registration and its spot",
  params: idParamsSchema,
  responses: { 204: z.null() },
});

// The organizer cannot read a link (only its hash is kept): a new one replaces it, to send to the captain.
export const rotateTeamLink = endpoint({
  operationId: 'rotateTeamLink',
  method: 'POST',
  path: '/api/teams/:id/team-link',
  tag: 'teams',
  summary: 'Make a new team link for a team (the old one stops working)',
  params: idParamsSchema,
  responses: { 200: z.object({ manageUrl: z.string() }) },
});

export const listRosterChanges = endpoint({
  operationId: 'listRosterChanges',
  method: 'GET',
  path: '/api/tournaments/:id/roster-changes',
  tag: 'tournaments',
  summary: 'The roster changes captains made in a tournament',
  params: idParamsSchema,
  responses: { 200: z.array(rosterChangeSchema) },
});

export const removeTeam = endpoint({
  operationId: 'removeTeam',
  method: 'POST',
  path: '/api/teams/:id/remove',
  tag: 'teams',
  summary: 'Remove a team from its tournament, with or without a refund',
  params: idParamsSchema,
  body: teamRemoveSchema,
  responses: { 200: teamRemovedSchema },
});
