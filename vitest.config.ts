import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time keeps PGlite's memory and the CPU in check.
    maxWorkers: 2,
    // On CI a failed test runs once more (see playwright.config.ts); a real regression fails both times.
    retry: process.env.CI ? 1 : 0,
  },
});
