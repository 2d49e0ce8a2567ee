import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, no types
import { startFlags } from '../../bench/lib/site.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the server starts with the same node flags everywhere', () => {
  it('npm start holds the young generation small, and the image and the bench start it the same way', () => {
    const flags = startFlags(root) as string[];
    expect(flags).toContain('--max-semi-space-size=2');
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(command ?? 'null')).toEqual(['node', ...flags, 'dist/server/main.js']);
  });
});
