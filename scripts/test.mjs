// `npm test`: typecheck, lint, unit + API tests (Vitest) and browser tests (Playwright), then one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'test-results-'));
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, extraEnv = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return result.status ?? 1;
}

function count(label, ok) {
  totals[ok ? 'passed' : 'failed'] += 1;
  if (!ok) console.log(`${label} failed`);
}

count('typecheck', run('typecheck', 'npx', ['tsc', '-p', '.']) === 0);
count('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']) === 0);

/** One Vitest run, its tests added to the totals; `name` keeps the reports of two runs apart. */
function vitest(label, name, args = [], extraEnv = {}) {
  const json = path.join(tmp, `${name}.json`);
  const status = run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...args], extraEnv);
  if (fs.existsSync(json)) {
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    // A file that failed to load has no test results but must still count.
    if (status !== 0 && report.numFailedTests === 0) totals.failed += Math.max(1, report.numFailedTestSuites);
  } else if (status !== 0) totals.failed += 1;
}

vitest('unit and API tests', 'vitest');
// With PostgreSQL as the test database, the files whose rules must hold on both databases run
// again on the embedded one (PGlite), as `npm start` runs the site.
const onBothDatabases = ['several-cups', 'organizing-team', 'account', 'two-factor', 'inbox', 'permissions', 'refunds', 'refund-order', 'refund-property', 'privacy', 'team-link', 'waitlist', 'look-alikes', 'lifecycle-rules', 'lifecycle-transitions', 'tournament-pages', 'series-results', 'veto', 'returning-teams', 'prizes', 'captains-report', 'match-history', 'round-times', 'formats', 'my-teams', 'discord-roles', 'discord-channels', 'discord-staff', 'registration-burst'];
if (process.env.TEST_DATABASE_URL) {
  vitest('the same rules on the embedded database', 'vitest-pglite', onBothDatabases.map((name) => `tests/api/${name}.test.ts`), { TEST_DATABASE_URL: '' });
}

const built = run('build', 'npm', ['run', 'build', '--silent']) === 0;
count('build', built);
// CI also installs and starts the build as the production image does (slow: a second npm ci).
// The script each page loads before it is interactive, held to its budget (scripts/script-budgets.ts).
if (built) count('script budgets', run('script budgets', 'npx', ['tsx', 'scripts/check-script-budgets.ts']) === 0);
if (built && process.env.CI) count('production install', run('production install', 'node', ['scripts/check-production-install.mjs']) === 0);
if (built) {
  const playwrightJson = path.join(tmp, 'playwright.json');
  const status = run('browser tests', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });
  if (fs.existsSync(playwrightJson)) {
    const { stats } = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
    totals.passed += stats.expected + (stats.flaky ?? 0);
    if (stats.flaky) console.log(`\n${stats.flaky} browser test(s) passed only when run again (flaky): see the list above`);
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (status !== 0 && stats.unexpected === 0) totals.failed += 1;
  } else if (status !== 0) totals.failed += 1;
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
