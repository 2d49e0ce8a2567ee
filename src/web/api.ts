import { MutationCache, QueryClient, type QueryFunction } from '@tanstack/react-query';

/** A failed call: the message is "status: body text" (or the status text when the body is empty). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's `error` field when the body is our JSON error shape. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : null;
    } catch {
      return null;
    }
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new HttpError(response.status, await response.text(), response.statusText);
}

/** Every call sends cookies; a body, when present, is JSON. */
export async function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

export async function apiJson<T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await apiRequest(method, url, body, headers);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
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
/** Told when any mutation or download needs a fresh code: the admin panel then asks for one (SecondFactorPrompt). */
export const secondFactorRequests = new EventTarget();

/** For a call made outside a mutation (a download): asks for a code when that is why it failed; returns whether it did. */
export function askForSecondFactorIfNeeded(error: unknown): boolean {
  if (!needsSecondFactor(error)) return false;
  secondFactorRequests.dispatchEvent(new Event('needed'));
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error) => void askForSecondFactorIfNeeded(error),
    }),
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
