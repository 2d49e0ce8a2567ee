/**
 * The token of a remote-file job is the address itself, encoded for a path segment: it grants
 * nothing (the socket checks the session), and any process can serve it, with no shared job table.
 */
export const tokenForUrl = (url: string) => Buffer.from(url, 'utf8').toString('base64url');

export function urlFromToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,4096}$/.test(token)) return null;
  return Buffer.from(token, 'base64url').toString('utf8');
}
