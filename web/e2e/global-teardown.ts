import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PREFIX = 'storyhouse-e2e-';

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes this run's database folder, and those that runs stopped half-way
 * (Ctrl-C) left behind: their runner's pid is in the name. The web server is
 * still up here (Playwright stops it after the teardown, with SIGKILL), which
 * is harmless: nothing writes once the tests are over.
 */
export default function globalTeardown() {
  const own = process.env.E2E_DATA_DIR;
  if (own) rmSync(own, { recursive: true, force: true });
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (name.startsWith(PREFIX) && Number.isInteger(pid) && !isAlive(pid)) {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}
