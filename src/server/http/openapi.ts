import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiTag } from '../../shared/api/endpoint.js';
import { allEndpoints } from '../../shared/api/index.js';
import { paths } from '../../shared/paths.js';
import { apiErrorSchema } from '../../shared/schemas/common.js';

/** Where the document and its rendered reference are served. */
export const openApiPaths = { document: '/api/openapi.json', reference: '/api/docs' } as const;

/** The reference page and its assets: pages, so they get the site's CSP (security-headers.ts). */
export const isApiReferencePath = (url: string) => /^\/api\/docs(?:[/?]|$)/.test(url);

const description = `The site's HTTP API, generated from the same zod schemas the server validates with.

**Public reads** (no account): \`GET /api/site\`, \`/api/tournaments/active\`, \`/api/tournaments/{id}/teams\`,
\`/api/tournaments/{id}/capacity\`, \`/api/tournaments/{id}/bracket\` and \`/api/champions\`. They are served from
memory with a strong \`ETag\`: poll every 5 seconds with \`If-None-Match\` and you get \`304 Not Modified\` (no body)
until something changed. Answers are at most about a second old.

**Organizer routes** need the session cookie that \`POST /api/auth/login\` sets. **Team link routes**
(\`/api/manage/{id}…\`) take the captain's key as \`Authorization: Bearer <key>\` (or \`?key=\`); a wrong key is a 404.
Writes from a browser must come from this site's origin.

**Errors** answer \`{ "error": "…", "issues": [{ "path": "…", "message": "…" }] }\` with a 4xx or 5xx status.`;

/** The reference's groups, each described; every endpoint names one (src/shared/api). */
const tagDescriptions: Record<ApiTag, string> = {
  site: "The site's public settings, polled by every page",
  operations: 'Liveness and readiness probes for a load balancer or orchestrator',
  auth: 'Signing in and out, two-factor sign-in, own password and sessions, invites',
  admin: "The organizer's back office: settings, accounts, inbox, audit log, exports and backups",
  tournaments: 'Tournaments and what belongs to one: teams, capacity, bracket, waitlist, money',
  teams: "A team's registration, payment, refunds, check-in and team link, for the organizer and the captain",
  'team link': "The captain's team page, reached with the team link's key",
  'pending-registration': "A browser's unpaid registration, so the captain can pick it up again",
  discord: "Connecting the captain's Discord account at step 2 (OAuth2 with PKCE), when the site has a Discord application",
  bracket: 'Match results',
  champions: 'The hall of champions',
  contact: 'Messages to the organizers',
  payments: 'The payment provider: configuration, payments, webhooks',
  uploads: 'Logos and images: uploads, signed upload URLs, the Uppy Companion endpoints, stored objects',
};

const declarations = new Map(allEndpoints.map((declaration) => [declaration.operationId, declaration]));

/**
 * A wildcard route as the document names it: Fastify's `*` is no valid OpenAPI parameter name, so
 * the path and the parameter take the name the declaration gives it (the URL served is the same).
 */
function namedWildcard<S extends { operationId?: string; params?: unknown }>(url: string, schema: S) {
  const wildcard = schema.operationId ? declarations.get(schema.operationId)?.wildcard : undefined;
  if (!wildcard || !url.endsWith('*')) return { url, schema };
  return {
    url: `${url.slice(0, -1)}:${wildcard.name}`,
    schema: { ...schema, params: z.object({ [wildcard.name]: z.string().describe(wildcard.description) }) },
  };
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/**
 * The responses as documented: each named by its status unless its schema says more, plus the
 * common error body as `default`. For the document only: what the route serialises is unchanged.
 */
function documentedResponses(response: Record<string, unknown>): Record<string, unknown> {
  const named = Object.entries(response).map(([status, schema]) => [
    status,
    schema instanceof z.ZodType && !schema.description ? schema.describe(STATUS_CODES[Number(status)] ?? status) : schema,
  ]);
  return { ...Object.fromEntries(named), default: apiErrorSchema.describe('Error') };
}

/** The reference's top bar shows the site's name (an inline image: no file to read at start-up). */
function logoOf(siteName: string) {
  const name = siteName.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="40"><text x="0" y="28" font-family="sans-serif" font-size="24" font-weight="bold" fill="#ffffff">${name} API</text></svg>`;
  return { type: 'image/svg+xml', content: Buffer.from(svg) };
}

/**
 * OpenAPI 3.1 from the routes' zod schemas (@fastify/swagger collects every route registered after
 * this), served at /api/openapi.json and rendered by Swagger UI at /api/docs from our own origin: its
 * page loads only same-origin scripts and styles, so it runs under the site's CSP unchanged.
 * Every response documents the common error body as its `default`.
 */
export async function registerOpenApi(app: FastifyInstance, { siteName, publicOrigin }: { siteName: string; publicOrigin: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      // The API's own version: raised when a change could break a client.
      info: { title: `${siteName} API`, version: '1.0.0', description, contact: { name: siteName, url: new URL(paths.contact, publicOrigin).toString() } },
      servers: [{ url: publicOrigin }],
      tags: Object.entries(tagDescriptions).map(([name, description]) => ({ name, description })),
    },
    transform: (document) => {
      if (!document.schema || document.schema.hide) return zodTransform(document);
      const { url, schema } = namedWildcard(document.url, document.schema);
      const response = schema.response ? documentedResponses(schema.response as Record<string, unknown>) : undefined;
      return { ...zodTransform({ ...document, schema: { ...schema, ...(response ? { response } : {}) } }), url };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(openApiPaths.document, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return app.swagger();
  });

  await app.register(swaggerUi, {
    routePrefix: openApiPaths.reference,
    theme: { title: `${siteName} API reference` },
    logo: logoOf(siteName),
    uiConfig: { deepLinking: true, docExpansion: 'list' },
    // Never ask swagger.io to validate: the page talks to this origin only.
    validatorUrl: false,
  });
}
