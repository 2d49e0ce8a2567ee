import { QueryClient, type QueryFunction } from '@tanstack/react-query';

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

/** Every call sends cookies; a body, when present, is JSON. A refusal for want of a fresh code asks for one and, once given, is sent again. */
export async function apiRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const send = () =>
    fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
