/**
 * The calls' plain parts, apart from src/web/api.ts (which brings zod and the query library): the
 * content pages' islands send with these too.
 */

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

export async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new HttpError(response.status, await response.text(), response.statusText);
}

/** A request as every call sends it: with cookies, and a body, when present, as JSON. */
export function sendRequest(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
