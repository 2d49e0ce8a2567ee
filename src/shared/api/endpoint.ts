import type { z } from 'zod';

/**
 * One endpoint of the HTTP API, declared once: the server registers its route from it
 * (src/server/http/contract-routes.ts), the OpenAPI document describes it, and the web client builds
 * its URL, query key and response check from it (src/web/api.ts).
 */

/** The groups of the API reference; each is described in the OpenAPI document (openapi.ts). */
export type ApiTag =
  | 'site'
  | 'operations'
  | 'auth'
  | 'admin'
  | 'tournaments'
  | 'teams'
  | 'team link'
  | 'pending-registration'
  | 'discord'
  | 'bracket'
  | 'champions'
  | 'contact'
  | 'payments'
  | 'uploads';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file for a body (responses.ts): documented with its media type, never parsed as JSON. */
export interface FileResponse {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export type ResponseDeclaration = z.ZodType | FileResponse;

export interface EndpointDeclaration {
  /** camelCase and unique: the key of `endpoints` (index.ts) and the OpenAPI operationId. */
  operationId: string;
  method: HttpMethod;
  /** Fastify style: `/api/teams/:id`, or a trailing `*` for a wildcard (then `wildcard` names it). */
  path: string;
  tag: ApiTag;
  /** One line: what it does. */
  summary: string;
  /** More than the summary, when the summary does not say enough. */
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** What it answers, by status: every status it answers on success (errors share one body). */
  responses: { [status: number | `${number}xx`]: ResponseDeclaration };
  /** The trailing `*` of the path as a named parameter in the OpenAPI document (`{*}` is not a valid name). */
  wildcard?: { name: string; description: string };
}

export const endpoint = <const E extends EndpointDeclaration>(declaration: E): E => declaration;

/** The path as OpenAPI writes it: `/api/teams/{id}`, the wildcard under its name. */
export function openApiPathOf(declaration: Pick<EndpointDeclaration, 'path' | 'wildcard'>): string {
  const path = declaration.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return declaration.wildcard ? path.replace(/\*$/, `{${declaration.wildcard.name}}`) : path;
}
