import type { z } from 'zod';
import type { EndpointDeclaration } from './endpoint.js';
import { getPendingRegistration } from './teams.js';

/** What a call to an endpoint sends: its path parameters, query and body, typed by its declaration. */
type InputOf<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined;
export type ParamsOf<E extends EndpointDeclaration> = InputOf<E, 'params'>;
export type QueryOf<E extends EndpointDeclaration> = InputOf<E, 'querystring'>;
export type BodyOf<E extends EndpointDeclaration> = InputOf<E, 'body'>;

/** What a successful call answers: its declared 200, 201 or 204, as the schema reads it. */
type Declared<E extends EndpointDeclaration, S extends number> = E['responses'] extends { [P in S]: infer R extends z.ZodType } ? z.output<R> : never;
export type ResponseOf<E extends EndpointDeclaration> = Declared<E, 200> | Declared<E, 201> | Declared<E, 204>;

type Query = Record<string, string | number | boolean | null | undefined>;

/** The URL of a call: the declared path with its parameters filled in, and the query, if any. */
export function urlOf(declaration: Pick<EndpointDeclaration, 'path'>, params?: Record<string, string | number>, query?: Query): string {
  const path = declaration.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The TanStack Query key of a read: its path up to the first parameter, then each segment after it
 * (`['/api/tournaments', id, 'teams']`), then the query. A key without its parameters is the prefix
 * of all of them, to invalidate them at once. The server renderer keys its inlined answers with it
 * too (src/server/site/page-data.ts), so the page finds them.
 */
export function queryKeyOf(declaration: Pick<EndpointDeclaration, 'path'>, params?: Record<string, string | number | undefined>, query?: Query): readonly unknown[] {
  const segments = declaration.path.split('/');
  const firstParam = segments.findIndex((segment) => segment.startsWith(':'));
  if (firstParam < 0) return query ? [declaration.path, query] : [declaration.path];
  const key: unknown[] = [segments.slice(0, firstParam).join('/')];
  if (!params) return key;
  for (const segment of segments.slice(firstParam)) key.push(segment.startsWith(':') ? params[segment.slice(1)] : segment);
  return query ? [...key, query] : key;
}

/** The wizard's unpaid registration for a tournament (its query keeps only `registration`, so both sides name its key here). */
export const pendingRegistrationKey = (tournamentId: string | undefined) => [...queryKeyOf(getPendingRegistration), tournamentId ?? ''];
