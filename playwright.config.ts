import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // Each worker runs its own server on its own database; tests in a worker run one after another.
  fullyParallel: false,
  workers: 2,
  // On CI a test that fails is run once more and, if it then passes, reported as flaky (the list
  // reporter names it): a rare timing failure on a loaded 2-core machine does not sink a run, while a
  // real regression fails both times.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
