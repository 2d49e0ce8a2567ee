import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../db/client.js';
import { createGroupCommit } from '../db/group-commit.js';
import { msg } from '../../shared/i18n/msg.js';

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

export interface SlotPolicy {
  /** Attempts that open the next slot at once. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long after its next slot opens a key's attempts are forgotten. */
  memoryMs: number;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', msg('Too many requests, please try again later'));
  }
}

/**
 * Fixed-window counters in PostgreSQL, so every app process agrees on them. One upsert per
 * batch of counted requests: limits go on writes and sign-ins only, never on the polled reads.
 */
export function createRateLimiter(db: Db, now: () => Date) {
  /**
   * The counters' upserts go in one statement per batch (db/group-commit.ts): a burst of captains
   * registering at once would otherwise queue a statement each before their registrations. A key
   * counted n times in a batch moves by n, and each of its requests gets the count it would have
   * got one after the other. The rows are locked in key order, the same in every process: two
   * processes' batches sharing keys then wait for each other, never in a circle (a deadlock).
   */
  const hits = createGroupCommit<string, { count: number; resetAt: Date }>({
    run: async (window, batch) => {
      const at = now();
      const times = new Map<string, number>();
      for (const { input: key } of batch) times.set(key, (times.get(key) ?? 0) + 1);
      const rows = await queryRows<CounterRow & { key: string }>(db, sql`
        insert into rate_limits (key, count, reset_at)
        select h.key, h.n, ${new Date(at.getTime() + Number(window)).toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify([...times].map(([key, n]) => ({ key, n })))}::jsonb) as h(key text, n int)
        order by h.key
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${at.toISOString()} then excluded.count else rate_limits.count + excluded.count end,
          reset_at = case when rate_limits.reset_at <= ${at.toISOString()} then excluded.reset_at else rate_limits.reset_at end
        returning key, count, reset_at`);
      const counted = new Map(rows.map((row) => [row.key, row]));
      for (const waiting of batch) {
        const row = counted.get(waiting.input)!;
        const left = times.get(waiting.input)! - 1;
        times.set(waiting.input, left);
        waiting.resolve({ count: Number(row.count) - left, resetAt: new Date(row.reset_at) });
      }
    },
  });
  const hit = (key: string, windowMs: number) => hits.submit(String(windowMs), key);

  async function peek(key: string): Promise<{ count: number; resetAt: Date } | null> {
    const [row] = await queryRows<CounterRow>(db, sql`select count, reset_at from rate_limits where key = ${key} and reset_at > ${now().toISOString()}`);
    return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
  }

  const secondsUntil = (date: Date) => Math.max(1, Math.ceil((date.getTime() - now().getTime()) / 1000));

  /**
   * One attempt per slot, the slots ever further apart: after `free` attempts, the next one opens
   * `firstDelayMs` after the last, doubling per attempt up to `maxDelayMs`. The claim is a single
   * upsert whose WHERE reads the row under its lock, so of any number of parallel claims exactly one
   * wins an open slot. The row is forgotten (`reset_at`, as for the counters) `memoryMs` after its
   * next slot opens; the slot opening is thus `reset_at - memoryMs`.
   */
  async function claimSlot(key: string, policy: SlotPolicy): Promise<void> {
    const at = now().toISOString();
    const memory = sql`${policy.memoryMs} * interval '1 millisecond'`;
    const delayAfter = (count: SQL) => sql`
      case when ${count} >= ${policy.free}
        then least(${policy.maxDelayMs}, ${policy.firstDelayMs} * power(2, least(${count} - ${policy.free}, 30)))
        else 0 end * interval '1 millisecond'`;
    const next = sql`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`;
    const claimed = await queryRows<CounterRow>(db, sql`
      insert into rate_limits (key, count, reset_at) values (${key}, 1, ${at}::timestamptz + ${memory} + ${delayAfter(sql`1`)})
      on conflict (key) do update set
        count = ${next},
        reset_at = ${at}::timestamptz + ${memory} + ${delayAfter(next)}
      where rate_limits.reset_at - ${memory} <= ${at}
      returning count, reset_at`);
    if (claimed.length) return;
    const [row] = await queryRows<CounterRow>(db, sql`select count, reset_at from rate_limits where key = ${key}`);
    throw new RateLimitedError(row ? secondsUntil(new Date(new Date(row.reset_at).getTime() - policy.memoryMs)) : 1);
  }

  return {
    hit,
    /** Refuses the counts still queued: the app is closing. */
    close: hits.close,
    peek,
    claimSlot,
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
