import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { z } from 'zod';
import type { EndpointDeclaration } from '../shared/api/endpoint';
import { queryKeyOf, urlOf, type BodyOf, type ParamsOf, type QueryOf, type ResponseOf } from '../shared/api/urls';
import { HttpError, sendRequest, throwIfNotOk } from './http';

export { HttpError };

/** Every call sends cookies; a body, when present, is JSON. A refusal for want of a fresh code asks for one and, once given, is sent again. */
export async function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const send = () => sendRequest(method, url, body, headers);
  const response = await send();
  try {
    await throwIfNotOk(response);
  } catch (error) {
    // Once only: a second refusal (the code went stale again) is the caller's to show.
    if (!(await secondFactorGiven(error))) throw error;
    const retried = await send();
    await throwIfNotOk(retried);
    return retried;
  }
  return response;
}

/** What a call sends, as its endpoint declares it: parameters and body when it has them. */
export type CallOptions<E extends EndpointDeclaration> = { headers?: Record<string, string> } & (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> });
type CallArguments<E extends EndpointDeclaration> = Record<string, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** An answer its endpoint's declaration does not describe: the client and the server disagree. */
export class UnexpectedResponseError extends Error {}

/** The URL of a call to `endpoint` (for a download or a link, where no JSON comes back). */
export function endpointUrl<E extends EndpointDeclaration>(endpoint: E, ...[options]: CallArguments<E>): string {
  return urlOf(endpoint, options?.params as Record<string, string> | undefined, options?.query as Record<string, string> | undefined);
}

/** Calls `endpoint` and reads its answer with the schema declared for the status it came with. */
export async function callApi<E extends EndpointDeclaration>(endpoint: E, ...[options]: CallArguments<E>): Promise<ResponseOf<E>> {
  const url = endpointUrl(endpoint, ...([options] as CallArguments<E>));
  const response = await apiRequest(endpoint.method, url, options?.body, options?.headers);
  const text = await response.text();
  const schema = (endpoint.responses as Record<number, unknown>)[response.status];
  if (!(schema instanceof z.ZodType)) throw new UnexpectedResponseError(`${endpoint.method} ${url} answered ${response.status}, which its declaration does not list`);
  // No body is undefined (204, or a 200 whose news is in its headers), or null where the schema says so.
  const body: unknown = text ? JSON.parse(text) : schema.safeParse(undefined).success ? undefined : null;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UnexpectedResponseError(`${endpoint.method} ${url} answered what its declaration does not describe: ${z.prettifyError(parsed.error)}`);
  return parsed.data as ResponseOf<E>;
}

/** A read's query: its key (queryKeyOf, as the server renderer keys what it inlines) and its checked call. */
export function endpointQuery<E extends EndpointDeclaration>(endpoint: E, ...[options]: CallArguments<E>) {
  return {
    queryKey: queryKeyOf(endpoint, options?.params as Record<string, string> | undefined, options?.query as Record<string, string> | undefined),
    queryFn: () => callApi(endpoint, ...([options] as CallArguments<E>)),
  };
}

/** The default loader: GET the query key joined by "/"; a 401 fails it unless told to return null. */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** The issue path of an action refused for want of a fresh code (server/auth/guard.ts: money, accounts, bulk data, mail routing). */
const SECOND_FACTOR_ISSUE = 'secondFactor';
export function needsSecondFactor(error: unknown): boolean {
  if (!(error instanceof HttpError) || error.status !== 403) return false;
  try {
    return ((JSON.parse(error.body) as { issues?: { path: string }[] }).issues ?? []).some((issue) => issue.path === SECOND_FACTOR_ISSUE);
  } catch {
    return false;
  }
}

/** Asks the person for a code; resolves whether one was accepted (false when they closed the prompt). */
export type SecondFactorAsker = () => Promise<boolean>;
let askForSecondFactor: SecondFactorAsker | null = null;

/**
 * The admin panel answers refusals for want of a fresh code (SecondFactorPrompt): every call that
 * needs one waits for the code and then goes on by itself. Returns the function that stops answering.
 */
export function answerSecondFactorRequests(asker: SecondFactorAsker): () => void {
  askForSecondFactor = asker;
  return () => {
    if (askForSecondFactor === asker) askForSecondFactor = null;
  };
}

/** Whether the call failed for want of a fresh code and the person then gave one. */
async function secondFactorGiven(error: unknown): Promise<boolean> {
  if (!needsSecondFactor(error) || !askForSecondFactor) return false;
  return askForSecondFactor();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
