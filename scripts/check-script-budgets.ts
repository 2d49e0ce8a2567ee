// `npm test` runs this after the build: fails when a page's script before interactivity is over its
// budget (scripts/script-budgets.ts), listing what it loads and what grew since
// scripts/script-weights.json. `npx tsx scripts/check-script-budgets.ts --record` rewrites that record;
// `--json` prints each page's figures and budget instead (the bench reads them).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain script, no types
import { measurePageWeights } from '../bench/lib/page-weight.mjs';
import { budgetFailures, budgetOf, measuredPages, recordOf, startsOf, type PageWeight } from './script-budgets';

const dist = process.env.SITE_DIST ?? 'dist';
const webRoot = path.resolve(dist, 'web');
const recordFile = path.resolve(import.meta.dirname, 'script-weights.json');

const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<string, unknown>;
const entry = (await import(pathToFileURL(path.resolve(dist, 'ssr', 'entry-server.js')).href)) as { modulesOf(pathname: string): string[] };
const weights = measurePageWeights(webRoot, Object.fromEntries(measuredPages.map((page) => [page, startsOf(page, entry.modulesOf, manifest)]))) as Record<
  string,
  PageWeight
>;

if (process.argv.includes('--json')) {
  // The bench's page-weight table (bench/run.mjs): each page's figures and budget.
  console.log(JSON.stringify(Object.fromEntries(Object.entries(weights).map(([page, weight]) => [page, { ...weight, budget: budgetOf(page) }]))));
  process.exit(0);
}

for (const [page, weight] of Object.entries(weights))
  console.log(`${page.padEnd(52)} ${(weight.jsGzip / 1000).toFixed(1).padStart(6)} KB of ${budgetOf(page) / 1000} KB`);

if (process.argv.includes('--record')) {
  fs.writeFileSync(recordFile, `${JSON.stringify(recordOf(weights), null, 2)}\n`);
  console.log(`recorded in ${path.relative(process.cwd(), recordFile)}`);
} else {
  const record = fs.existsSync(recordFile) ? (JSON.parse(fs.readFileSync(recordFile, 'utf8')) as Record<string, number>) : {};
  const failures = budgetFailures(weights, record);
  if (failures.length > 0) {
    console.error(`\nScript over budget (gzip):\n${failures.join('\n')}`);
    process.exit(1);
  }
}
// The server entry's modules (React Query's timers) would keep Node running.
process.exit(0);
