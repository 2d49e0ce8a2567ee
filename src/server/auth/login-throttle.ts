import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimiter } from '../http/rate-limit.js';

export const loginPolicy = {
  windowMs: 15 * 60 * 1000,
  /** Sign-in attempts from one address (a success starts over) before it gets 429 for the rest of the window. */
  maxFailuresPerAddress: 10,
  /** Attempts on one username (a success starts over) after which every attempt on it waits, longer each time. */
  freeFailuresPerUsername: 3,
  maxDelayMs: 2000,
} as const;

/**
 * Guessing is throttled two ways: an address that keeps failing is refused (429), and a username
 * that keeps failing answers ever more slowly, from every address. The owner is never locked out:
 * the right password from another address still works, only a little slower.
 */
export function createLoginThrottle(limiter: RateLimiter, enabled: boolean) {
  const addressKey = (ip: string) => `login-ip:${ip}`;
  const usernameKey = (username: string) => `login-user:${username.toLowerCase()}`;
  return {
    /**
     * Counts the attempt before the password is checked, so parallel guesses cannot all slip in
     * under the limit; a success takes its attempts back.
     */
    async before(ip: string, username: string): Promise<void> {
      if (!enabled) return;
      await limiter.consume(addressKey(ip), loginPolicy.maxFailuresPerAddress, loginPolicy.windowMs);
      const { count } = await limiter.hit(usernameKey(username), loginPolicy.windowMs);
      const excess = count - 1 - loginPolicy.freeFailuresPerUsername;
      if (excess > 0) await sleep(Math.min(loginPolicy.maxDelayMs, 125 * 2 ** excess));
    },
    async succeeded(ip: string, username: string): Promise<void> {
      if (!enabled) return;
      await limiter.reset(addressKey(ip));
      await limiter.reset(usernameKey(username));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
