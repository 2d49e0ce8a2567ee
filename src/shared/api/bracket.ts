import { bracketGenerateSchema, bracketSchema, matchResultOutcomeSchema, matchResultSchema } from '../schemas/bracket.js';
import { championInputSchema, championSchema } from '../schemas/champion.js';
import { idParamsSchema } from '../schemas/common.js';
import { publicReadSchemas } from '../schemas/public-reads.js';
import { endpoint } from './endpoint.js';
import { noContentSchema, notModified } from './responses.js';

// Public and polled: null (not 404) while the tournament has no bracket yet.
export const getBracket = endpoint({
  operationId: 'getBracket',
  method: 'GET',
  path: '/api/tournaments/:id/bracket',
  tag: 'tournaments',
  summary: "A tournament's bracket, or null (polled, with an ETag)",
  params: idParamsSchema,
  responses: { 200: publicReadSchemas.bracket, 304: notModified },
});

export const generateBracket = endpoint({
  operationId: 'generateBracket',
  method: 'POST',
  path: '/api/tournaments/:id/bracket',
  tag: 'tournaments',
  summary: "Draw a tournament's bracket",
  params: idParamsSchema,
  body: bracketGenerateSchema,
  responses: { 201: bracketSchema },
});

export const reportMatchResult = endpoint({
  operationId: 'reportMatchResult',
  method: 'PUT',
  path: '/api/matches/:id',
  tag: 'bracket',
  summary: "Enter or correct a match's result",
  params: idParamsSchema,
  body: matchResultSchema,
  responses: { 200: matchResultOutcomeSchema },
});

export const drawPlayoff = endpoint({
  operationId: 'drawPlayoff',
  method: 'POST',
  path: '/api/tournaments/:id/bracket/playoff',
  tag: 'tournaments',
  summary: 'Draw the playoff from the first stage\'s standings, once every result of it is in',
  params: idParamsSchema,
  responses: { 200: bracketSchema },
});

export const confirmBracket = endpoint({
  operationId: 'confirmBracket',
  method: 'POST',
  path: '/api/tournaments/:id/bracket/confirm',
  tag: 'tournaments',
  summary: 'Confirm the final result: the winner becomes champion',
  params: idParamsSchema,
  responses: { 200: bracketSchema },
});

export const listChampions = endpoint({
  operationId: 'listChampions',
  method: 'GET',
  path: '/api/champions',
  tag: 'champions',
  summary: 'The hall of champions (polled, with an ETag)',
  responses: { 200: publicReadSchemas.champions, 304: notModified },
});

export const createChampion = endpoint({
  operationId: 'createChampion',
  method: 'POST',
  path: '/api/champions',
  tag: 'champions',
  summary: 'Add a champion',
  body: championInputSchema,
  responses: { 201: championSchema },
});

export const updateChampion = endpoint({
  operationId: 'updateChampion',
  method: 'PUT',
  path: '/api/champions/:id',
  tag: 'champions',
  summary: 'Change a champion',
  params: idParamsSchema,
  body: championInputSchema,
  responses: { 200: championSchema },
});

export const deleteChampion = endpoint({
  operationId: 'deleteChampion',
  method: 'DELETE',
  path: '/api/champions/:id',
  tag: 'champions',
  summary: 'Remove a champion',
  params: idParamsSchema,
  responses: { 204: noContentSchema('Deleted') },
});
