import type { DiscordSignInOutcome } from '../../shared/schemas/discord.js';
import { paths } from '../../shared/paths.js';
import type { SignedValues } from './captain-session.js';
import { DiscordUnavailableError, type DiscordApi } from './discord-api.js';
import { callbackPath, cookieAuthorization, isSameBrowser, readAccount, withOutcome } from './oauth-authorization.js';

/**
 * "My Teams": a captain signs in with the Discord account they connected at step 2 (scope identify
 * only; nothing is added to the server). Same authorization as connecting (oauth-authorization.ts:
 * a `state`, PKCE S256, the same redirect URL), but no row in the database: there is no team yet to
 * tie it to, so the browser keeps the state and the PKCE verifier in a signed cookie scoped to the
 * callback for 10 minutes, and the callback clears it (Discord's code works once besides). A state
 * this browser did not start is refused; the session itself is captain-session.ts's.
 */

export const signInCookieName = 'discord_sign_in';
const signInPurpose = 'discord-sign-in';

const back = (outcome: DiscordSignInOutcome) => withOutcome(paths.myTeams, outcome, paths.myTeams);

export function createDiscordSignIn({
  api,
  publicOrigin,
  signed,
  now,
  log,
}: {
  api: DiscordApi;
  publicOrigin: string;
  signed: SignedValues;
  now: () => Date;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const redirectUri = `${publicOrigin}${callbackPath}`;

  const authorization = cookieAuthorization({ api, signed, purpose: signInPurpose, redirectUri, now });

  return {
    /** Discord's consent screen (scope identify), and the value of the sign-in cookie that goes with it. */
    start: () => authorization.start(),

    /**
     * Whether the browser coming back to the shared callback started a sign-in rather than a connection:
     * it holds a sign-in cookie and no connection's, or the sign-in's state is the one that came back.
     */
    isSignIn: (state: string | undefined, signInCookie: string | undefined, connectCookie: string | undefined) =>
      authorization.isStartedHere(state, signInCookie, [connectCookie]),

    /** The browser is back from Discord: where to send it (/my-teams?discord=<outcome>) and, signed in, the account's id. */
    async complete(
      query: { code?: string; state?: string; error?: string },
      signInCookie: string | undefined,
    ): Promise<{ location: string; discordUserId: string | null }> {
      const started = authorization.startedHere(signInCookie);
      if (!started || !isSameBrowser(query.state, started.state)) return { location: back('refused'), discordUserId: null };
      if (query.error) return { location: back(query.error === 'access_denied' ? 'denied' : 'failed'), discordUserId: null };
      if (!query.code) return { location: back('refused'), discordUserId: null };
      try {
        const { user } = await readAccount(api, { code: query.code, codeVerifier: started.codeVerifier, redirectUri });
        return { location: back('signed-in'), discordUserId: user.id };
      } catch (error) {
        if (!(error instanceof DiscordUnavailableError)) throw error;
        log.warn({ problem: error.message }, 'Discord sign-in failed');
        return { location: back('failed'), discordUserId: null };
      }
    },
  };
}

export type DiscordSignIn = ReturnType<typeof createDiscordSignIn>;
