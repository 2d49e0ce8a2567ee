import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openEmbedded, queryRows } from '../../src/server/db/client.js';
import { embeddedTemplate } from '../../src/server/db/embedded-template.js';

// A new embedded data folder starts from a prebuilt cluster instead of running initdb (memory).
// The run's migrated template (global-setup) stands in for the one the build writes.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-template-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('embedded data folder template', () => {
  it('is used only for a folder without a cluster, and only when the build left one', async () => {
    const template = inject('pgliteTemplate');
    const dir = path.join(root, 'db');
    fs.mkdirSync(dir);
    expect(embeddedTemplate(dir, path.join(root, 'missing.tar.gz'))).toBeUndefined();

    const db = await PGlite.create(dir, { loadDataDir: embeddedTemplate(dir, template) });
    await db.exec("insert into rate_limits (key, count, reset_at) values ('kept', 1, now())");
    await db.close();
    expect(embeddedTemplate(dir, template)).toBeUndefined();

    const reopened = await PGlite.create(dir, { loadDataDir: embeddedTemplate(dir, template) });
    expect((await reopened.query<{ key: string }>('select key from rate_limits')).rows).toEqual([{ key: 'kept' }]);
    await reopened.close();
  });

  it("runs with 32 MB of shared buffers, not PostgreSQL's 128 MB, which PGlite's process holds from its start", async () => {
    const database = await openEmbedded(path.join(root, 'site'));
    try {
      expect(await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`)).toEqual([{ shared_buffers: '32MB' }]);
    } finally {
      await database.close();
    }
  });
});
