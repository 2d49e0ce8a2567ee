import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../../src/server/db/client.js';
import { migrate } from '../../src/server/db/migrate.js';

/**
 * One migrated PGlite data folder, dumped once per run; every test file boots its database from it
 * instead of paying for initdb each time.
 */
export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
  const client = await PGlite.create();
  await migrate(openPglite(client));
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
