import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EndpointDeclaration } from '../../shared/api/endpoint.js';
import { allEndpoints } from '../../shared/api/index.js';
import { isApiReferencePath, openApiPaths } from './openapi.js';

/**
 * Every route is registered from its declaration in src/shared/api: method, URL and schemas (with
 * its operationId, summary and tag for the OpenAPI document) come from there; the route adds only
 * what is the server's own (its hooks, config, handler).
 */

type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;
type Field<E, K extends string> = E extends { [P in K]: infer S } ? S : undefined;

/** The Fastify schema of a declaration, as the type provider reads it: what types the handler's request and reply. */
type SchemaOf<E extends EndpointDeclaration> = {
  params: Field<E, 'params'>;
  querystring: Field<E, 'querystring'>;
  body: Field<E, 'body'>;
  response: E['responses'];
};

export type ContractHandler<E extends EndpointDeclaration> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider,
  FastifyBaseLogger
>;
/** The route's own options: hooks (onRequest, preValidation…), config (rate limits), bodyLimit. */
export type ContractRouteOptions<E extends EndpointDeclaration> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<E>,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'schema'
>;

/** The schema Fastify validates and serialises with, and @fastify/swagger documents. */
export function routeSchemaOf(declaration: EndpointDeclaration) {
  const { operationId, summary, description, tag, params, querystring, body, responses } = declaration;
  return {
    operationId,
    summary,
    description: description ?? summary,
    tags: [tag],
    ...(params ? { params } : {}),
    ...(querystring ? { querystring } : {}),
    ...(body ? { body } : {}),
    response: responses,
  };
}

/** Registers `declaration`'s route on `app`, with the route's own options and its handler. */
export function contractRoute<E extends EndpointDeclaration>(app: ZodApp, declaration: E, handler: ContractHandler<E>): void;
export function contractRoute<E extends EndpointDeclaration>(app: ZodApp, declaration: E, options: ContractRouteOptions<E>, handler: ContractHandler<E>): void;
export function contractRoute<E extends EndpointDeclaration>(
  app: ZodApp,
  declaration: E,
  optionsOrHandler: ContractRouteOptions<E> | ContractHandler<E>,
  maybeHandler?: ContractHandler<E>,
): void {
  const [options, handler] = typeof optionsOrHandler === 'function' ? [{}, optionsOrHandler] : [optionsOrHandler, maybeHandler];
  app.route({ ...options, method: declaration.method, url: declaration.path, schema: routeSchemaOf(declaration), handler } as RouteOptions);
}

const declared = new Map(allEndpoints.map((declaration) => [`${declaration.method} ${declaration.path}`, declaration]));

/** The document and the page that renders it describe the API; they are not part of it. */
const isDocumentation = (url: string) => url === openApiPaths.document || isApiReferencePath(url);

/**
 * An onRoute hook: an /api/ route that is not declared in src/shared/api (or is registered without
 * its declaration, so with a schema of its own) fails the app's start, so the client and the
 * document cannot miss it.
 */
export function refuseUndeclaredRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isDocumentation(route.url)) return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route for each GET.
      if (method === 'HEAD') continue;
      const declaration = declared.get(`${method} ${route.url}`);
      const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
      if (!declaration) throw new Error(`${method} ${route.url} is not declared in the API contract (src/shared/api)`);
      if (operationId !== declaration.operationId)
        throw new Error(`${method} ${route.url} must be registered from its declaration, ${declaration.operationId} (contractRoute)`);
    }
  });
}
