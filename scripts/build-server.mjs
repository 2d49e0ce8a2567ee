// Bundles the server into dist/server/main.js (dependencies stay in node_modules) and copies the SQL migrations beside it.
// Code splitting keeps modules that main.ts imports lazily (the Stripe and S3 adapters) and their SDKs out of memory until used.
import fs from 'node:fs';
import { build } from 'esbuild';

const dist = process.env.SITE_DIST ?? 'dist';

await build({
  entryPoints: ['src/server/main.ts'],
  outdir: `${dist}/server`,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
fs.rmSync(`${dist}/server/migrations`, { recursive: true, force: true });
fs.cpSync('src/server/db/migrations', `${dist}/server/migrations`, { recursive: true });
