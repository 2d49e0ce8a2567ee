import type { RateLimiter } from '../http/rate-limit.js';

export const loginPolicy = {
  windowMs: 15 * 60 * 1000,
  /** Failed sign-ins from one address in a window after which its wrong passwords get 429 instead of 401. */
  maxFailuresPerAddress: 10,
  /** Attempts on one username checked without delay; a success starts over. */
  freeFailuresPerUsername: 3,
  /** The delay before the next attempt on a username after its free ones, doubling per attempt up to the cap. */
  firstDelayMs: 1000,
  maxDelayMs: 60 * 1000,
} as const;

/**
 * What bounds guessing is the username, not the address: an address can be shared (a LAN party
 * behind one NAT, or every visitor when a proxy is not trusted), so refusing it would lock the
 * organizer out with the attacker. After 3 free attempts, a username takes one attempt per slot,
 * the slots 1 s, 2 s, 4 s… up to 60 s apart; an attempt before its slot opens gets 429 and a
 * Retry-After without the password being checked. The slot is claimed by one atomic upsert
 * before the check (see `claimSlot`), so parallel guesses cannot all slip in: from any number of
 * addresses, a username gets at most about one guess a minute (1440 a day). A username's attempts
 * are forgotten 15 quiet minutes after its slot opens, and a success starts it over.
 *
 * The address limit no longer refuses anyone: past 10 failures in 15 minutes, its wrong passwords
 * are answered 429 instead of 401, and its right password still gets in (and clears the counters).
 *
 * The price: the real organizer, after someone's failures on the same username, may have to wait
 * out the current slot, at most 60 s. An attacker who keeps guessing and claims every slot the
 * moment it opens can keep them waiting longer, for as long as the attack lasts.
 */
export function createLoginThrottle(limiter: RateLimiter, enabled: boolean) {
  const addressKey = (ip: string) => `login-ip:${ip}`;
  const usernameKey = (username: string) => `login-user:${username.toLowerCase()}`;
  return {
    /** Before the password check: takes the username's next slot, or throws 429 while it is not open. */
    async claim(username: string): Promise<void> {
      if (!enabled) return;
      await limiter.claimSlot(usernameKey(username), {
        free: loginPolicy.freeFailuresPerUsername,
        firstDelayMs: loginPolicy.firstDelayMs,
        maxDelayMs: loginPolicy.maxDelayMs,
        memoryMs: loginPolicy.windowMs,
      });
    },
    /** After a wrong password: counts it against the address, and throws 429 once the address is past its limit. */
    async failed(ip: string): Promise<void> {
      if (!enabled) return;
      await limiter.consume(addressKey(ip), loginPolicy.maxFailuresPerAddress, loginPolicy.windowMs);
    },
    async succeeded(ip: string, username: string): Promise<void> {
      if (!enabled) return;
      await limiter.reset(addressKey(ip));
      await limiter.reset(usernameKey(username));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
