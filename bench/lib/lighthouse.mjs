// Lighthouse (its default: mobile profile, simulated throttling) on the system Chromium. The bench
// starts Chromium itself and points the Lighthouse CLI at it, so it owns that process and can
// always stop it; each page gets its own Lighthouse process with a time limit.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, runToEnd, start, waitForHttp } from './processes.mjs';

const require = createRequire(import.meta.url);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
  return candidates.find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** The run whose performance score is the median of a page's runs (an odd count: the middle one), with every run's score beside it. */
function medianRun(runs) {
  const scored = runs.filter((run) => !run.error).sort((a, b) => a.performance - b.performance);
  if (scored.length === 0) return runs[0];
  return { ...scored[Math.floor((scored.length - 1) / 2)], runs: runs.map((run) => run.performance ?? 'error') };
}

/**
 * Runs Lighthouse `runs` times on each URL, one after the other, and keeps the median run by
 * performance score (one run varies by several points on a loaded machine); a page whose runs all
 * fail gets `{ error }` instead of scores.
 */
export async function runLighthouse(urls, { runs = 1, timeoutMs = 150_000, log = () => {} } = {}) {
  const chrome = chromiumPath();
  if (!chrome) return Object.fromEntries(urls.map((url) => [url, { error: 'no Chromium found (set CHROME_PATH)' }]));
  let cli;
  try {
    cli = require.resolve('lighthouse/cli/index.js');
  } catch {
    return Object.fromEntries(urls.map((url) => [url, { error: 'lighthouse is not installed (npm ci)' }]));
  }

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const debugPort = await freePort();
  const browser = start('chromium', chrome, [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    `--user-data-dir=${profile}`,
    '--remote-debugging-address=127.0.0.1',
    `--remote-debugging-port=${debugPort}`,
    'about:blank',
  ]);
  const results = {};
  try {
    await waitForHttp(`http://127.0.0.1:${debugPort}/json/version`, { handle: browser, timeoutMs: 30_000 });
    for (const url of urls) {
      const runsOfPage = [];
      for (let n = 1; n <= runs; n++) {
        log(`  lighthouse ${url}${runs > 1 ? ` (${n} of ${runs})` : ''}`);
        runsOfPage.push(await lighthouseOnce(cli, url, debugPort, profile, timeoutMs));
      }
      results[url] = medianRun(runsOfPage);
    }
  } catch (error) {
    for (const url of urls) results[url] ??= { error: `Chromium did not start: ${String(error.message ?? error).split('\n')[0]}` };
  } finally {
    await browser.stop(3000);
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

/** One Lighthouse run on a URL: its scores and metrics, or `{ error }`. */
async function lighthouseOnce(cli, url, debugPort, profile, timeoutMs) {
  const report = path.join(profile, 'report.json');
  try {
    await runToEnd(
      'lighthouse',
      process.execPath,
      [cli, url, `--port=${debugPort}`, '--output=json', `--output-path=${report}`, `--only-categories=${categories.join(',')}`, '--quiet'],
      {
        timeoutMs,
      },
    );
    const lhr = JSON.parse(fs.readFileSync(report, 'utf8'));
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      firstContentfulPaintMs: Math.round(metric('first-contentful-paint')),
      largestContentfulPaintMs: Math.round(metric('largest-contentful-paint')),
      totalBlockingTimeMs: Math.round(metric('total-blocking-time')),
      cumulativeLayoutShift: Number((metric('cumulative-layout-shift') ?? 0).toFixed(3)),
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      // Audits below a full score in the categories with a target, so the failing ones are named.
      failing: Object.values(lhr.categories)
        .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
        .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => audit.id),
    };
  } catch (error) {
    return {
      error: String(error.message ?? error)
        .split('\n')
        .slice(0, 3)
        .join(' '),
    };
  } finally {
    fs.rmSync(report, { force: true });
  }
}
