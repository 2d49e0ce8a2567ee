import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiPathOf } from '../../src/shared/api/endpoint.js';
import { allEndpoints } from '../../src/shared/api/index.js';
import { isApiReferencePath, openApiPaths } from '../../src/server/http/openapi.js';
import { createReadCache } from '../../src/server/http/read-cache.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface Operation {
  tags?: string[];
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: openApiPaths.document });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});

/** Fastify's `/a/:id/*` as OpenAPI writes it: `/a/{id}/{name}`, the wildcard named by its declaration. */
const openApiPath = (method: string, url: string) => {
  const declaration = allEndpoints.find((candidate) => candidate.method === method && candidate.path === url);
  return declaration ? openApiPathOf(declaration) : url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
};
/** The document and the page that renders it describe the API, not themselves. */
const isDocumentation = (url: string) => url === openApiPaths.document || isApiReferencePath(url);

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every registered route with its response schema', () => {
    const documented = t.routes.filter((route) => !isDocumentation(route.url));
    // The app has well over 50 routes: a broken collection must not pass by checking nothing.
    expect(documented.length).toBeGreaterThan(50);
    const undocumented: string[] = [];
    for (const route of documented) {
      const name = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.method, route.url)]?.[route.method.toLowerCase()];
      // Declared on the route: response serialisation then drops any key the schema does not name.
      if (!route.schema?.response || !operation) {
        undocumented.push(name);
        continue;
      }
      // Without a declared response @fastify/swagger writes a bare 200 'Default Response': no content, no description.
      // A redirect is success for a route that only redirects (Discord's OAuth2 callback answers 303).
      const success = Object.entries(operation.responses).filter(([status]) => /^(2\d\d|30[1-8])$/.test(status));
      // A route that is there only to say it is not offered (s3/sts without STS credentials) declares its 501 instead.
      if (operation.responses['501']?.content) continue;
      if (!success.some(([, response]) => response.content || response.description !== 'Default Response')) undocumented.push(name);
    }
    expect(undocumented, 'routes without a response schema (see README, "Adding a route")').toEqual([]);
  });

  it('describes requests and responses from the zod schemas, with the common error body', () => {
    const create = document.paths['/api/teams'].post;
    expect(create.requestBody).toBeDefined();
    const created = create.responses['201'].content?.['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(created.properties).sort()).toEqual(['holdExpiresAt', 'id', 'manageUrl', 'paymentStatus']);
    const error = create.responses.default.content?.['application/json'].schema as { properties: Record<string, unknown> };
    expect(Object.keys(error.properties).sort()).toEqual(['error', 'issues']);

    const teams = document.paths['/api/tournaments/{id}/teams'].get;
    expect(teams.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
    expect(teams.tags).toEqual(['tournaments']);
    // The polled reads say how they are polled.
    for (const path of ['/api/site', '/api/tournaments/active', '/api/tournaments/{id}/teams', '/api/tournaments/{id}/capacity', '/api/tournaments/{id}/bracket', '/api/champions']) {
      expect(document.paths[path].get.responses['304'], path).toMatchObject({ description: expect.stringContaining('ETag') });
      expect(document.paths[path].get.responses['304'].content, path).toBeUndefined();
    }
    // A file is a file, a deletion has no body.
    expect(Object.keys(document.paths['/api/admin/backup'].get.responses['200'].content ?? {})).toEqual(['application/gzip']);
    expect(document.paths['/api/champions/{id}'].delete.responses['204'].content).toBeUndefined();
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page under the site CSP, with only same-origin scripts', async () => {
    const response = await t.app.inject({ method: 'GET', url: openApiPaths.reference });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    const scripts = [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\/api\/docs\/static\//);
      expect(inline.trim()).toBe('');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-type']).toMatch(/javascript/);
  });

  it('leaves the JSON answers of the API without the page headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});

describe('response schemas', () => {
  it('drop a field the schema does not name, on the routes and in the cached public reads', async () => {
    const cache = createReadCache();
    const schema = z.object({ name: z.string() });
    const body = await cache.json({ key: 'k', produce: async () => ({ name: 'Team', captainEmail: 'leak@example.com' }), schema });
    expect(JSON.parse(body)).toEqual({ name: 'Team' });

    const cookie = await t.login();
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(Object.keys(login.json()).sort()).toEqual(['mustEnrolTwoFactor', 'role', 'twoFactorEnabled', 'username']);
  });
});
