import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, JOURNEY_BROWSER_PATH } from '../../scripts/chromium.mjs';
import type { ProjectLang } from './fixtures';

/**
 * Browser journeys (STYLE.md "Tests"): the real server, built as `npm start`
 * builds it, on a fresh embedded database with the demo content, driven
 * through Debian's Chromium (its headless shell: scripts/chromium.mjs) in
 * English and in Spanish.
 */

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 4173);

// The config is evaluated again in every worker; the runner's choice of data
// folder travels to them (and to global-teardown) through the environment.
process.env.E2E_DATA_DIR ??= path.join(tmpdir(), `storyhouse-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig<{ siteLang: ProjectLang }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // One folder per port: runs on different ports (parallel work) do not clear each other's results.
  outputDir: port === 4173 ? './test-results' : `./test-results-${port}`,
  globalTeardown: './global-teardown.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry, so a journey that fails once is run again and, if it passes
  // then, named flaky (timing-reporter.ts lists them). A flaky journey fails
  // the run everywhere but on CI, where it may land so that a race lost once
  // on the two shared cores does not block a landing: it gets looked at.
  retries: 1,
  failOnFlakyTests: !process.env.CI,
  // The machine has two cores; the server shares them.
  workers: 2,
  // The list as it goes; at the end the slowest journeys with their steps, and the flaky ones. `npm test` adds
  // the JSON report it counts from (PLAYWRIGHT_JSON_OUTPUT_NAME).
  reporter: [['list'], ['./timing-reporter.ts'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? ([['json']] as const) : [])],
  use: {
    // Recording a trace costs a journey about a third of its time, so only the retry of a failed journey records
    // one: a journey that fails twice comes with the trace of its second run (and a screenshot of each).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // No service worker (decision 034) but in the journeys of the worker itself (fixtures.ts WITH_SERVICE_WORKER): in
    // every fresh context it would install and precache the whole build, which cost the suite about a tenth of its time.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: JOURNEY_BROWSER_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // The site language comes from the host name (spec §1); Chromium resolves
    // every *.localhost name to the loopback address. Every journey runs in
    // English; in Spanish run those where the language matters (tagged
    // `@i18n`: the language itself, localized texts, addresses, formats,
    // messages of forms and of the server, e-mails), at least one per flow.
    { name: 'en', use: { baseURL: `http://localhost:${port}`, siteLang: 'en' } },
    { name: 'es', grep: /@i18n/, use: { baseURL: `http://es.localhost:${port}`, siteLang: 'es' } },
    // In Russian, the journeys whose words or flow differ there and that the issue asks for in Russian (tagged `@ru`).
    { name: 'ru', grep: /@ru/, use: { baseURL: `http://ru.localhost:${port}`, siteLang: 'ru' } },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `http://localhost:${port}/healthz`,
    // A fresh database each run: never attach to a server left running.
    reuseExistingServer: false,
    // start.mjs first builds the web app and the server when they are stale (in `npm test`, its build step did).
    timeout: 180_000,
    // Every journey comes from 127.0.0.1: the limits per client address are raised (their API tests keep them at 1).
    // A page waits for all of its first data (decision 014) however busy the machine: the journeys check that a page
    // needs no API call to show; a late answer's fallback is server/src/modules/web/first-data.unit.test.ts's.
    // The journeys create and sign in hundreds of accounts: their passwords are hashed at the demo accounts' cost (a
    // production hash is half a second of a core; server/src/modules/accounts/password-cost.api.test.ts checks it).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '50',
      FIRST_DATA_WAIT_MS: '5000',
      PASSWORD_HASH_COST: 'test',
    },
    // The server logs only warnings and errors here: shown, so a failed
    // request in a journey comes with the server's reason.
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
