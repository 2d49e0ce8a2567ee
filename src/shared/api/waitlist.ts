import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.js';
import { teamCreateSchema } from '../schemas/team.js';
import { waitlistEntrySchema, waitlistJoinedSchema } from '../schemas/waitlist.js';
import { endpoint } from './endpoint.js';

export const joinWaitlist = endpoint({
  operationId: 'joinWaitlist',
  method: 'POST',
  path: '/api/tournaments/:id/waitlist',
  tag: 'tournaments',
  summary: "Join a full tournament's waitlist (no payment until a spot is offered)",
  params: idParamsSchema,
  body: teamCreateSchema,
  responses: { 201: waitlistJoinedSchema },
});

export const listWaitlist = endpoint({
  operationId: 'listWaitlist',
  method: 'GET',
  path: '/api/tournaments/:id/waitlist',
  tag: 'tournaments',
  summary: "A tournament's waitlist",
  params: idParamsSchema,
  responses: { 200: z.array(waitlistEntrySchema) },
});

export const offerSpot = endpoint({
  operationId: 'offerSpot',
  method: 'POST',
  path: '/api/teams/:id/waitlist-offer',
  tag: 'teams',
  summary: 'Offer a free spot to a waiting team by hand',
  params: idParamsSchema,
  responses: { 200: waitlistEntrySchema },
});
