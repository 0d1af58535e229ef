// Builds what is out of date: the web app (web/dist) and the server bundle
// (server/dist). Each build leaves a stamp (`.built`); a target is stale when
// a source it is built from is newer than its stamp. `npm start` and the build
// step of `npm test` both come here, so one run builds each target once.
//   node scripts/build.mjs            build the stale targets
//   node scripts/build.mjs --force    build both
// With WEB_DIST set (the server serves a web app built elsewhere) a stale web
// app is not built.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

/** The newest modification time of the files under `paths` (node_modules and dist skipped). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && e !== 'dist') visit(path.join(p, e));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  for (const p of paths) visit(p);
  return latest;
}

const shared = [at('packages/contracts/src'), at('packages/i18n/src'), at('package-lock.json')];

const viteBuild = [at('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];

export const targets = [
  {
    name: 'web app',
    stamp: at('web/dist/.built'),
    inputs: [at('web/src'), at('web/public'), at('web/index.html'), at('web/vite.config.ts'), ...shared],
    build: [
      [process.execPath, [...viteBuild], at('web')],
      // The server render's bundle (decision 015), inside the build it belongs to, so the two always agree.
      [process.execPath, [...viteBuild, '--ssr', 'src/entry-server.tsx', '--outDir', 'dist/.ssr'], at('web')],
    ],
  },
  {
    name: 'server',
    stamp: at('server/dist/.built'),
    inputs: [at('server/src'), at('server/build.mjs'), ...shared],
    build: [[process.execPath, ['build.mjs'], at('server')]],
  },
];

export function isStale(target) {
  const built = existsSync(target.stamp) ? statSync(target.stamp).mtimeMs : 0;
  return built < newest(target.inputs);
}

/**
 * Builds the stale targets (all with `force`; only those named in `only` when given); returns the exit status of a
 * failed build, else 0.
 */
export function buildStale({ force = false, env = process.env, only = undefined } = {}) {
  for (const t of targets) {
    if (only && !only.includes(t.name)) continue;
    if (t.name === 'web app' && env.WEB_DIST && !force) continue;
    if (!force && !isStale(t)) {
      console.log(`The ${t.name} is up to date.`);
      continue;
    }
    console.log(`Building the ${t.name}…`);
    // The stamp gets the time the build started: a source saved during the build makes it stale again.
    const started = new Date();
    for (const [cmd, args, cwd] of t.build) {
      const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
      if (r.status !== 0) return r.status ?? 1;
    }
    writeFileSync(t.stamp, started.toISOString());
    utimesSync(t.stamp, started, started);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(buildStale({ force: process.argv.includes('--force') }));
}
