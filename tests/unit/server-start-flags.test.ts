import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, no types
import { startCommand } from '../../bench/lib/site.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server starts the same way everywhere', () => {
  it('npm start holds memory down, and the image and the bench start it the same way', () => {
    const { env, flags } = startCommand(root) as { env: Record<string, string>; flags: string[] };
    expect(flags).toEqual(['--max-semi-space-size=2', '--expose-gc']);
    expect(env).toEqual({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=4194304' });
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(command ?? 'null')).toEqual(['node', ...flags, 'dist/server/main.js']);
    for (const [name, value] of Object.entries(env)) expect(dockerfile).toMatch(new RegExp(`^ENV ${name}=${value.replace(/\./g, '\\.')}$`, 'm'));
  });
});
