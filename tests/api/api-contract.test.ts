import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, endpointAreas, endpoints } from '../../src/shared/api/index.js';
import { contractRoute, refuseUndeclaredRoutes } from '../../src/server/http/contract-routes.js';
import { isApiReferencePath, openApiPaths } from '../../src/server/http/openapi.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** A bare app with only the contract's guard: what a routes file would meet in app.ts. */
function guardedApp() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  refuseUndeclaredRoutes(app);
  return app;
}

describe('the API contract (src/shared/api)', () => {
  it('names each endpoint by a unique camelCase operationId, its key in endpoints', () => {
    const declared = endpointAreas.flatMap((area) => Object.entries(area));
    // A spread that lost an area's endpoint to another's of the same name would show here.
    expect(Object.keys(endpoints)).toHaveLength(declared.length);
    for (const [key, declaration] of declared) {
      expect(declaration.operationId, key).toBe(key);
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
    const routes = allEndpoints.map((declaration) => `${declaration.method} ${declaration.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('refuses to register an /api/ route it does not declare', async () => {
    const app = guardedApp();
    expect(() => app.get('/api/not-declared', async () => ({}))).toThrow(/GET \/api\/not-declared is not declared in the API contract/);
    // Declared, but registered by hand (its own schema, no operationId): refused too.
    expect(() => app.get('/api/site', async () => ({}))).toThrow(/must be registered from its declaration, getSite/);
    // Registered from its declaration: accepted, and outside /api/ nothing is asked.
    contractRoute(app.withTypeProvider(), endpoints.listTournaments, async () => []);
    app.get('/not-api', async () => 'ok');
    await app.ready();
    await app.close();
  });
});

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('registers every declared endpoint, and nothing else', () => {
    const isDocumentation = (url: string) => url === openApiPaths.document || isApiReferencePath(url);
    const registered = t.routes.filter((route) => !isDocumentation(route.url)).map((route) => `${route.method} ${route.url}`);
    const declared = allEndpoints.map((declaration) => `${declaration.method} ${declaration.path}`);
    expect(registered.sort()).toEqual(declared.sort());
  });
});
