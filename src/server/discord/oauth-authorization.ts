import crypto from 'node:crypto';
import { discordOutcomeParam } from '../../shared/schemas/discord.js';
import type { SignedValues } from './captain-session.js';
import { signInScopes, type DiscordApi } from './discord-api.js';

/**
 * What connecting at step 2 (connect-captain.ts), signing in for "My Teams" (sign-in.ts) and a staff
 * account's link (link-staff.ts) share: one redirect URL, a random `state` the browser also holds in
 * a cookie, a PKCE pair (S256), the comparison of the state that comes back, the code exchanged for
 * the account, and the way back into the site with `?discord=<outcome>`.
 */

/** How long a captain has on Discord's consent screen. */
export const authorizationTtlMs = 10 * 60_000;
/** Where the browser comes back to, for both: the one redirect URL to register in the Discord application. */
export const callbackPath = '/api/discord/callback';

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** A new authorization: its `state` (32 random bytes) and its PKCE verifier and challenge. */
export function newAuthorization(): { state: string; codeVerifier: string; codeChallenge: string } {
  const codeVerifier = randomToken();
  return { state: randomToken(), codeVerifier, codeChallenge: crypto.createHash('sha256').update(codeVerifier).digest('base64url') };
}

/**
 * Whether the `state` Discord sent back is the one this browser's cookie holds. Compared as digests:
 * equal lengths whatever the bytes sent, so a crafted state cannot make timingSafeEqual throw.
 */
export function isSameBrowser(state: string | undefined, cookieState: string | undefined): boolean {
  return !!state && !!cookieState && crypto.timingSafeEqual(Buffer.from(sha256(state)), Buffer.from(sha256(cookieState)));
}

/** The cookie that holds a browser's authorization (sign-in, staff link): Lax, not Strict, to come along on Discord's redirect back (a top-level navigation from another site). */
export const authorizationCookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, path: callbackPath, secure });

/**
 * An authorization (scope identify) whose state and verifier the browser keeps in a signed cookie
 * for `authorizationTtlMs`, with no row in the database: a captain's sign-in (sign-in.ts) and a staff
 * account's link (link-staff.ts, which adds the account that started it). `purpose` keeps one's
 * cookie from being read as the other's.
 */
export function cookieAuthorization({
  api,
  signed,
  purpose,
  redirectUri,
  now,
}: {
  api: DiscordApi;
  signed: SignedValues;
  purpose: string;
  redirectUri: string;
  now: () => Date;
}) {
  /** The state, verifier (and what was added) this browser's cookie holds, when it is this site's and not expired. */
  function startedHere(cookie: string | undefined): { state: string; codeVerifier: string; added: string[] } | null {
    const [state, codeVerifier, ...added] = signed.open(purpose, cookie, now())?.split('.') ?? [];
    return state && codeVerifier ? { state, codeVerifier, added } : null;
  }

  return {
    startedHere,

    /** Discord's consent screen, and the value of the cookie that goes with it (`added`: more to keep, without dots). */
    start(added: string[] = []): { authorizeUrl: string; cookie: string } {
      const { state, codeVerifier, codeChallenge } = newAuthorization();
      const cookie = signed.seal(purpose, [state, codeVerifier, ...added].join('.'), new Date(now().getTime() + authorizationTtlMs));
      return { authorizeUrl: api.authorizeUrl({ state, codeChallenge, redirectUri, scopes: signInScopes }), cookie };
    },

    /**
     * Whether the browser coming back to the shared callback started this flow: it holds this flow's
     * cookie and no other flow's, or this flow's state is the one that came back.
     */
    isStartedHere(state: string | undefined, cookie: string | undefined, otherFlowCookies: (string | undefined)[]): boolean {
      if (!cookie) return false;
      if (!otherFlowCookies.some(Boolean)) return true;
      return isSameBrowser(state, startedHere(cookie)?.state);
    },
  };
}

/** `returnPath` with `?discord=<outcome>`: always a path of this site, whatever was stored. */
export function withOutcome(returnPath: string, outcome: string, fallbackPath: string): string {
  const url = new URL(returnPath, 'http://site.invalid');
  // Never another site: `//host` is read by browsers as one.
  if (url.pathname.startsWith('//')) return withOutcome(fallbackPath, outcome, fallbackPath);
  url.searchParams.set(discordOutcomeParam, outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The account that authorized, and its access token: the code exchanged with the PKCE verifier. Throws DiscordUnavailableError. */
export async function readAccount(api: DiscordApi, { code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string }) {
  const { access_token: accessToken } = await api.exchangeCode({ code, codeVerifier, redirectUri });
  const user = await api.currentUser(accessToken);
  return { accessToken, user };
}
