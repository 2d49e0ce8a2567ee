import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../db/client.js';

interface CounterRow {
  count: number;
  reset_at: string | Date;
}
import { AppError } from './errors.js';

export interface RateRule {
  /** Counter family, e.g. "team-create". */
  name: string;
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-client-address limit for this route. */
    rateLimit?: RateRule;
  }
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', 'Too many requests, please try again later');
  }
}

/**
 * Fixed-window counters in PostgreSQL, so every app process agrees on them. One upsert per
 * counted request: limits go on writes and sign-ins only, never on the polled reads.
 */
export function createRateLimiter(db: Db, now: () => Date) {
  async function hit(key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
    const at = now();
    const [row] = await queryRows<CounterRow>(db, sql`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, ${new Date(at.getTime() + windowMs).toISOString()})
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= ${at.toISOString()} then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= ${at.toISOString()} then excluded.reset_at else rate_limits.reset_at end
      returning count, reset_at`);
    return { count: Number(row.count), resetAt: new Date(row.reset_at) };
  }

  async function peek(key: string): Promise<{ count: number; resetAt: Date } | null> {
    const [row] = await queryRows<CounterRow>(db, sql`select count, reset_at from rate_limits where key = ${key} and reset_at > ${now().toISOString()}`);
    return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
  }

  const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - now().getTime()) / 1000));

  return {
    hit,
    peek,
    reset: async (key: string) => {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    /** Counts one request; throws 429 (with the seconds to wait) past `max`. */
    async consume(key: string, max: number, windowMs: number): Promise<void> {
      const { count, resetAt } = await hit(key, windowMs);
      if (count > max) throw new RateLimitedError(secondsUntil(resetAt));
    },
    /** Throws 429 when the counter is already past `max`, without counting. */
    async check(key: string, max: number): Promise<void> {
      const current = await peek(key);
      if (current && current.count >= max) throw new RateLimitedError(secondsUntil(current.resetAt));
    },
    async purgeExpired(): Promise<void> {
      await db.execute(sql`delete from rate_limits where reset_at <= ${now().toISOString()}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Applies each route's `config.rateLimit` per client address. */
export function registerRouteRateLimits(app: FastifyInstance, limiter: RateLimiter, enabled: boolean): void {
  if (!enabled) return;
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.rateLimit;
    if (rule) await limiter.consume(`${rule.name}:${request.ip}`, rule.max, rule.windowMs);
  });
}
