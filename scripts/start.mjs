// `npm start`: builds what is out of date (web app, server bundle), then runs
// the server. The server migrates the database, loads the demo content into
// an empty one, and serves everything on http://localhost:$PORT (3000).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const at = (...p) => path.join(root, ...p);

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
const targets = [
  {
    name: 'web app',
    stamp: at('web/dist/.built'),
    inputs: [at('web/src'), at('web/public'), at('web/index.html'), at('web/vite.config.ts'), ...shared],
    build: [process.execPath, [at('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], at('web')],
  },
  {
    name: 'server',
    stamp: at('server/dist/.built'),
    inputs: [at('server/src'), at('server/build.mjs'), ...shared],
    build: [process.execPath, ['build.mjs'], at('server')],
  },
];

for (const t of targets) {
  const built = existsSync(t.stamp) ? statSync(t.stamp).mtimeMs : 0;
  if (built >= newest(t.inputs)) continue;
  console.log(`Building the ${t.name}…`);
  const [cmd, args, cwd] = t.build;
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(t.stamp, new Date().toISOString());
}

await import(at('server/dist/main.js'));
