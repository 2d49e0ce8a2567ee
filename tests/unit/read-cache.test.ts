import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { cachedAnswer, cachedBody, createReadCache } from '../../src/server/http/read-cache.js';

describe('the read cache', () => {
  it('forgets expired bodies once it holds many: made-up addresses cannot grow it without bound', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock, pruneAbove: 50 });
    const read = (key: string) => ({ key, produce: async () => null, schema: z.null() });
    for (let i = 0; i < 200; i++) {
      await cache.json(read(`ref:made-up-${i}`));
      clock += 100;
    }
    // Only the bodies asked for within the last ttl (10 at 100 ms apart) and the ones not yet pruned stay.
    expect(cache.size).toBeLessThanOrEqual(60);
    // A body still within its ttl is served from memory.
    clock += 1;
    let produced = 0;
    await cache.json({ key: 'ref:made-up-199', produce: async () => (produced++, null), schema: z.null() });
    expect(produced).toBe(0);
  });

  it('reloads a body asked for past half its ttl while still serving it, one reload at a time, so polls never wait for it', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    let version = 0;
    let produced = 0;
    let release: () => void = () => {};
    const read = {
      key: 'k',
      produce: () => (produced++, new Promise<number>((resolve) => (release = () => resolve(++version)))),
      schema: z.number(),
    };
    const first = cache.json(read);
    release();
    expect(await first).toBe('1');
    clock = 499;
    expect(cache.fresh('k')!.bytes.toString()).toBe('1');
    expect(produced).toBe(1);
    // Half its ttl old: still served, and one reload starts behind it, however many ask meanwhile.
    clock = 500;
    expect(cache.fresh('k')!.bytes.toString()).toBe('1');
    clock = 900;
    expect(cache.fresh('k')!.bytes.toString()).toBe('1');
    expect(await cache.json(read)).toBe('1');
    expect(produced).toBe(2);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    // The reloaded body replaces it before it expires, with a ttl of its own.
    expect(cache.fresh('k')!.bytes.toString()).toBe('2');
    clock = 1899;
    expect(cache.fresh('k')!.bytes.toString()).toBe('2');
    expect(produced).toBe(3);
  });

  it('serves a body no longer than its ttl when its reload fails or hangs, and keeps nothing a write made stale', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    let fail = false;
    let produced = 0;
    let release: () => void = () => {};
    const read = {
      key: 'k',
      produce: async () => {
        produced++;
        if (fail) throw new Error('database down');
        await new Promise<void>((resolve) => (release = resolve));
        return produced;
      },
      schema: z.number(),
    };
    const first = cache.json(read);
    release();
    expect(await first).toBe('1');
    fail = true;
    clock = 600;
    // The failed reload is nobody's error here: the body is still served until it expires, then not at all.
    expect(cache.fresh('k')!.bytes.toString()).toBe('1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(produced).toBe(2);
    clock = 1000;
    expect(cache.fresh('k')).toBeNull();
    await expect(cache.json(read)).rejects.toThrow('database down');

    // A reload ahead that a write overtakes is served to those who waited for it, never kept.
    fail = false;
    clock = 2000;
    const again = cache.json(read);
    release();
    expect(await again).toBe('4');
    clock = 2600;
    expect(cache.fresh('k')!.bytes.toString()).toBe('4');
    // Its reload hangs: the body still goes at the end of its ttl.
    clock = 3000;
    expect(cache.fresh('k')).toBeNull();
    cache.invalidate();
    expect(cache.fresh('k')).toBeNull();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.fresh('k')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('answers 304 to an If-None-Match naming the body among others, weakly, or with *; 200 to other tags', () => {
    const entry = cachedBody('{}');
    const tag = entry.etag;
    const weak = `W/${tag}`;
    for (const header of [tag, `"old", ${tag}`, `"old",${tag}`, weak, `"old", ${weak}`, '*', ['"old"', tag]])
      expect(cachedAnswer(entry, header).status, String(header)).toBe(304);
    for (const header of [undefined, '', '"old"', `${tag.slice(0, -1)}x"`, 'W/"old", "xyz"']) expect(cachedAnswer(entry, header).status, String(header)).toBe(200);
    expect(cachedAnswer(entry, undefined)).toMatchObject({ body: Buffer.from('{}'), headers: { etag: tag, 'content-type': 'application/json; charset=utf-8' } });
    expect(cachedAnswer(entry, tag)).toMatchObject({ body: null, headers: { etag: tag } });
  });

  it('embeds in HTML the same JSON it sends', async () => {
    const cache = createReadCache();
    const read = { key: 'k', produce: async () => ({ name: 'Café', extra: 1 }), schema: z.object({ name: z.string() }) };
    expect(await cache.json(read)).toBe('{"name":"Café"}');
    expect(cache.fresh('k')!.bytes.toString()).toBe('{"name":"Café"}');
  });
});
