import { idParamsSchema, teamLinkParamsSchema } from '../schemas/common.js';
import { teamExportSchema } from '../schemas/privacy.js';
import { endpoint } from './endpoint.js';
import { noContentSchema } from './responses.js';

const erased = { 204: noContentSchema("Erased: the team's personal data is gone, its accounting figures kept") };

export const exportTeamData = endpoint({
  operationId: 'exportTeamData',
  method: 'GET',
  path: '/api/admin/teams/:id/export',
  tag: 'admin',
  summary: 'Everything stored about a team, as a file (a data request that came by e-mail)',
  params: idParamsSchema,
  responses: { 200: teamExportSchema },
});

export const eraseTeamData = endpoint({
  operationId: 'eraseTeamData',
  method: 'POST',
  path: '/api/admin/teams/:id/erase',
  tag: 'admin',
  summary: "Erase a team's personal data (a data request that came by e-mail)",
  params: idParamsSchema,
  responses: erased,
});

export const exportOwnTeamData = endpoint({
  operationId: 'exportOwnTeamData',
  method: 'GET',
  path: '/api/manage/:id/export',
  tag: 'team link',
  summary: 'Everything stored about the team, as a file',
  params: teamLinkParamsSchema,
  responses: { 200: teamExportSchema },
});

export const eraseOwnTeamData = endpoint({
  operationId: 'eraseOwnTeamData',
  method: 'POST',
  path: '/api/manage/:id/erase',
  tag: 'team link',
  summary: "Erase the team's personal data",
  params: teamLinkParamsSchema,
  responses: erased,
});
