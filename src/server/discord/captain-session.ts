import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The captain's Discord sign-in ("My Teams"): no account, no password, no table. The browser keeps
 * a cookie holding the Discord user id and an expiry, signed with an HMAC whose key is derived from
 * the site's secrets key (SECRETS_KEY, or DATA_DIR/secrets-key: auth/secrets-key.ts), so it cannot
 * be made or changed by hand and every process sharing that key reads it. Nothing is stored on the
 * server: signing out clears this browser's cookie; a copy taken before stays valid until its expiry.
 */

export const captainSessionCookieName = 'captain_session';
export const captainSessionTtlMs = 30 * 24 * 60 * 60_000;
/** Only the API reads it. */
const cookiePath = '/api';

/** HMAC-signed values that expire: `<payload>.<expires, seconds>.<mac>`, each purpose with its own MAC input. */
export function createSignedValues(secretsKey: Buffer) {
  // A key of its own for these MACs, never the secrets key itself (which also encrypts at rest).
  const key = Buffer.from(crypto.hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'captain sign-in cookies', 32));
  const mac = (purpose: string, payload: string, expires: number) => crypto.createHmac('sha256', key).update(`${purpose}\n${payload}\n${expires}`).digest();

  return {
    seal(purpose: string, payload: string, expiresAt: Date): string {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${payload}.${expires}.${mac(purpose, payload, expires).toString('base64url')}`;
    },
    /** The payload, when the value is this site's for `purpose` and has not expired; null otherwise. */
    open(purpose: string, value: string | undefined, now: Date): string | null {
      const found = value ? /^(.+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
      if (!found) return null;
      const [, payload, expiresText, given] = found;
      const expires = Number(expiresText);
      const expected = mac(purpose, payload, expires);
      const givenBytes = Buffer.from(given, 'base64url');
      if (givenBytes.length !== expected.length || !crypto.timingSafeEqual(givenBytes, expected)) return null;
      return expires * 1000 > now.getTime() ? payload : null;
    },
  };
}

export type SignedValues = ReturnType<typeof createSignedValues>;

const sessionPurpose = 'captain-session';
/** Discord ids are snowflakes: digits only. */
const discordIdPattern = /^\d{1,25}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The Discord account this browser signed in with (a valid captain session cookie); read by the team link guard and the owner proof. */
    captainDiscordUserId?: string;
  }
}

export function createCaptainSessions({ signed, secureCookies, now }: { signed: SignedValues; secureCookies: boolean; now: () => Date }) {
  // Lax, like the admin's session: it is set on Discord's redirect back, a top-level navigation from another site.
  const options = { httpOnly: true, sameSite: 'lax' as const, path: cookiePath, secure: secureCookies };
  return {
    signIn(reply: FastifyReply, discordUserId: string): void {
      const expiresAt = new Date(now().getTime() + captainSessionTtlMs);
      reply.setCookie(captainSessionCookieName, signed.seal(sessionPurpose, discordUserId, expiresAt), { ...options, maxAge: captainSessionTtlMs / 1000 });
    },
    signOut(reply: FastifyReply): void {
      reply.clearCookie(captainSessionCookieName, options);
    },
    /** Every request: the signed-in Discord account, if the cookie holds a valid one, on `request.captainDiscordUserId`. */
    register(app: FastifyInstance): void {
      app.addHook('onRequest', async (request) => {
        const id = signed.open(sessionPurpose, request.cookies[captainSessionCookieName], now());
        if (id && discordIdPattern.test(id)) request.captainDiscordUserId = id;
      });
    },
  };
}

export type CaptainSessions = ReturnType<typeof createCaptainSessions>;
