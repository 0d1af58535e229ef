import { defineConfig } from 'vitest/config';

/**
 * Two layers (STYLE.md "Tests"): `unit` for pure rules, `api` for the real
 * app over a real database (PGlite; PostgreSQL when DATABASE_URL is set).
 * Browser journeys are Playwright's (web/e2e).
 */
export default defineConfig({
  test: {
    // Two test files at a time, whatever the machine reports (a container may
    // report the host's cores): the CI machine has two, and each API file
    // holds a PGlite database of its own in memory.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'server/src/**/*.unit.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'web/scripts/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/src/**/*.api.test.ts'],
          environment: 'node',
          // Migrates once per run; each test file then copies the migrated database (server/test).
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          // One module graph per worker, not one per file: the app's modules are loaded and compiled once per worker
          // instead of once per file (about half the suite's time). Each file still builds its own app over its own
          // database; nothing a file changes is global (the password cost is an option of the app under test, not a
          // module mock: accounts/password-cost.api.test.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
