// `npm test`: typecheck, lint, unit and API tests, the two-server test,
// build, bundle budget, browser journeys; stops at the first failing step and
// ends with a "N passed, N failed" line counting every test that ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterMissing } from './haproxy.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'storyhouse-test-'));
const vitestReport = path.join(reports, 'vitest.json');
const clusterReport = path.join(reports, 'cluster.json');
const playwrightReport = path.join(reports, 'playwright.json');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['import boundaries', process.execPath, [path.join(root, 'scripts/check-imports.mjs')]],
  [
    'unit and API tests',
    bin('vitest'),
    [
      'run',
      '--project',
      'unit',
      '--project',
      'api',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ],
  ],
  // Two servers on PostgreSQL behind HAProxy, one killed and restarted (issue 31): once, not per test file. Needs both;
  // skipped, saying why, on a machine with Node.js alone.
  [
    'two-server test',
    bin('vitest'),
    ['run', '--project', 'cluster', '--reporter=default', '--reporter=json', `--outputFile.json=${clusterReport}`],
    {},
    clusterMissing,
  ],
  // What is out of date (scripts/build.mjs): after `npm start`, or again in the browser tests' server start, nothing.
  ['build', process.execPath, [path.join(root, 'scripts/build.mjs')]],
  ['bundle budget', process.execPath, [path.join(root, 'scripts/check-bundle.mjs')]],
  // Always on the embedded database, as `npm start` on a fresh machine: a DATABASE_URL that sends the API tests to
  // PostgreSQL (.ci/run) does not reach the journeys' server.
  [
    'browser tests',
    bin('playwright'),
    ['test', '-c', 'web/e2e/playwright.config.ts'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport, DATABASE_URL: undefined },
  ],
];

function counts() {
  let passed = 0;
  let failed = 0;
  for (const report of [vitestReport, clusterReport]) {
    if (!existsSync(report)) continue;
    const v = JSON.parse(readFileSync(report, 'utf8'));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (existsSync(playwrightReport)) {
    const p = JSON.parse(readFileSync(playwrightReport, 'utf8'));
    // A journey that passed only on its retry fails the run, except on CI (web/e2e/playwright.config.ts).
    const flakyFails = !process.env.CI;
    passed += p.stats.expected + (flakyFails ? 0 : p.stats.flaky);
    failed += p.stats.unexpected + (flakyFails ? p.stats.flaky : 0);
    if (p.stats.flaky > 0) console.log(`\n${p.stats.flaky} browser test(s) passed only on retry (flaky): named above`);
  }
  return { passed, failed };
}

let failedStep;
for (const [name, cmd, args, env, missing] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const why = await missing?.();
  if (why) {
    console.log(`– ${name}: skipped, ${why}`);
    continue;
  }
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`${r.status === 0 ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed } = counts();
rmSync(reports, { recursive: true, force: true });
if (failedStep) console.error(`\nnpm test failed at: ${failedStep}`);
console.log(`\n${passed} passed, ${failed + (failedStep && failed === 0 ? 1 : 0)} failed`);
process.exit(failedStep ? 1 : 0);
