import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ChangeNotifier } from '../db/client.js';

/**
 * A public read: its cache key, how to load it, and the schema of what it answers. The body is
 * encoded through the schema (unknown keys dropped), as a route's response schema does for the
 * answers that are not cached: a new column never reaches the public by accident.
 */
export interface CachedRead {
  key: string;
  produce: () => Promise<unknown>;
  schema: z.ZodType;
}

/**
 * The polled public reads (active tournament, teams, capacity, champions) served from memory:
 * each body is serialised once per change with a strong ETag, so thousands of visitors polling
 * every 5 s cost no database work and, when nothing changed, a 304 without a body.
 *
 * Entries live `ttlMs` at most: that bounds staleness from what no write announces (a hold or an
 * offer passing its deadline on the clock, before the sweep releases it) while keeping the database
 * cost at about two queries per key per ttl, whatever the traffic. A body still asked for is reloaded
 * ahead, once it is half its ttl old, while it is still served: under polling it is replaced before
 * it expires, so the polls never all fall through to the route at once to wait for the reload (the
 * early answer serves only fresh bodies). Every service that changes public data
 * says so after its commit (http/public-data.ts), and `invalidate` drops the entries at once; with
 * a `notifier` (PostgreSQL LISTEN/NOTIFY) the other processes' caches too, within milliseconds.
 */
export function createReadCache({
  ttlMs = 1000,
  now = () => Date.now(),
  notifier,
  pruneAbove = 1000,
}: { ttlMs?: number; now?: () => number; notifier?: ChangeNotifier; pruneAbove?: number } = {}) {
  interface Entry extends CachedBody {
    /** Reloaded ahead from then on, while still served. */
    refreshAt: number;
    expiresAt: number;
    /** How to load it again. */
    read: CachedRead;
  }
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry>>();
  let generation = 0;

  function drop() {
    generation++;
    entries.clear();
  }
  const unsubscribe = notifier?.subscribe(drop);

  async function load(read: CachedRead): Promise<Entry> {
    return fresh(read.key) ?? reload(read);
  }

  function reload(read: CachedRead): Promise<Entry> {
    const { key, produce, schema } = read;
    // One load per key at a time: a burst of misses shares the same query.
    let pending = loading.get(key);
    if (!pending) {
      const startedAt = generation;
      pending = produce()
        .then((value) => {
          const body = JSON.stringify(schema.encode(value));
          const loadedAt = now();
          const entry = { ...cachedBody(body), refreshAt: loadedAt + ttlMs / 2, expiresAt: loadedAt + ttlMs, read };
          // A write that landed while we were loading makes this result stale: serve it, don't keep it.
          if (startedAt === generation) {
            // Keys come from addresses anyone can make up (a cup's slug, a match's id): expired ones go
            // once there are many, so memory is bounded by what was asked within one ttl.
            if (entries.size >= pruneAbove) for (const [old, kept] of entries) if (kept.expiresAt <= now()) entries.delete(old);
            entries.set(key, entry);
          }
          return entry;
        })
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  /** The body kept for `key` while it is fresh, without waiting for anything (past half its ttl, it is reloaded behind). */
  function fresh(key: string): Entry | null {
    const entry = entries.get(key);
    if (!entry) return null;
    const at = now();
    if (entry.expiresAt <= at) return null;
    if (entry.refreshAt <= at && !loading.has(key)) {
      // A failed reload is not this request's: the body expires, and the route reports the failure.
      reload(entry.read).catch(() => {});
    }
    return entry;
  }

  return {
    /** Replies with the cached JSON for `key`, or 304 when the client already has it. */
    async reply(request: FastifyRequest, reply: FastifyReply, read: CachedRead) {
      return sendEntry(request, reply, await load(read));
    },

    /**
     * Replies from memory when `key` holds a fresh body, without loading anything; false when it does
     * not (the route then answers as usual, and keeps the body for the next request).
     */
    replyIfFresh(request: FastifyRequest, reply: FastifyReply, key: string): boolean {
      const entry = fresh(key);
      if (!entry) return false;
      sendEntry(request, reply, entry);
      return true;
    },

    fresh,

    /** The cached JSON text for `key` (loading it when needed), for embedding in served HTML. */
    async json(read: CachedRead): Promise<string> {
      return (await load(read)).bytes.toString();
    },

    /** After a write: drops this process's entries and tells the other processes to drop theirs. */
    invalidate() {
      drop();
      notifier?.publish();
    },

    /** How many bodies are kept (for tests). */
    get size() {
      return entries.size;
    },

    /** Stops hearing the other processes. */
    close() {
      unsubscribe?.();
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** A body as kept in memory, with both of its answers made once, not on every request. */
export interface CachedBody {
  /** The body as sent: encoded once (the only copy kept). */
  bytes: Buffer;
  etag: string;
  ok: CachedAnswer;
  notModified: CachedAnswer;
}

export interface CachedAnswer {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body: Buffer | null;
}

export function cachedBody(json: string): CachedBody {
  const bytes = Buffer.from(json);
  const etag = `"${crypto.createHash('sha1').update(json).digest('base64url')}"`;
  const headers = { etag, 'cache-control': 'public, max-age=0, s-maxage=1, must-revalidate' };
  return {
    bytes,
    etag,
    ok: { status: 200, headers: Object.freeze({ ...headers, 'content-type': 'application/json; charset=utf-8' }), body: bytes },
    notModified: { status: 304, headers: Object.freeze(headers), body: null },
  };
}

/**
 * What a cached read answers, wherever it is sent from (the route, the early hook, the server's
 * own fast path: http/early-reads.ts): a 304 without a body when the client has it, else the body.
 */
export function cachedAnswer(entry: CachedBody, ifNoneMatch: string | string[] | undefined): CachedAnswer {
  return matches(ifNoneMatch, entry.etag) ? entry.notModified : entry.ok;
}

/**
 * Whether If-None-Match names `etag`: a list of tags (several headers count as one list), weak ones
 * (W/"…", compared weakly as RFC 9110 says for If-None-Match) or `*`.
 */
function matches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  // What a poller sends back: the tag it was given, alone.
  if (ifNoneMatch === etag) return true;
  const tags = [ifNoneMatch]
    .flat()
    .flatMap((header) => header.split(','))
    .map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.some((tag) => tag === '*' || tag === etag);
}

function sendEntry(request: FastifyRequest, reply: FastifyReply, entry: CachedBody) {
  const answer = cachedAnswer(entry, request.headers['if-none-match']);
  return reply
    .headers(answer.headers)
    .status(answer.status)
    .send(answer.body ?? undefined);
}
