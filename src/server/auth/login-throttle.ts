import { setTimeout as sleep } from 'node:timers/promises';
import type { RateLimiter } from '../http/rate-limit.js';

export const loginPolicy = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins from one address before it gets 429 for the rest of the window. */
  maxFailuresPerAddress: 10,
  /** Failures on one username after which every attempt on it waits, longer each time. */
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
    async before(ip: string, username: string): Promise<void> {
      if (!enabled) return;
      await limiter.check(addressKey(ip), loginPolicy.maxFailuresPerAddress);
      const failures = (await limiter.peek(usernameKey(username)))?.count ?? 0;
      const excess = failures - loginPolicy.freeFailuresPerUsername;
      if (excess > 0) await sleep(Math.min(loginPolicy.maxDelayMs, 125 * 2 ** excess));
    },
    async failed(ip: string, username: string): Promise<void> {
      if (!enabled) return;
      await limiter.hit(addressKey(ip), loginPolicy.windowMs);
      await limiter.hit(usernameKey(username), loginPolicy.windowMs);
    },
    async succeeded(username: string): Promise<void> {
      if (!enabled) return;
      await limiter.reset(usernameKey(username));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
