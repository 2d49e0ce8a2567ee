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
