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
// The message catalogs the server translates mail, posts and errors with (src/server/i18n/server-catalogs.ts).
fs.rmSync(`${dist}/server/catalogs`, { recursive: true, force: true });
fs.cpSync('src/shared/i18n/catalogs', `${dist}/server/catalogs`, { recursive: true });

// A fresh embedded cluster, for a new DATA_DIR to start from (src/server/db/embedded-template.ts):
// running initdb at first start costs over twice the memory. Made again only for another PGlite.
const template = `${dist}/server/pglite-template.tar.gz`;
const pgliteVersion = JSON.parse(fs.readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version;
const stamp = `${template}.version`;
if (!fs.existsSync(template) || !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== pgliteVersion) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  fs.writeFileSync(stamp, pgliteVersion);
}
