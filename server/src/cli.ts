import { type Config, loadConfig } from './config';
import { createAdminCommand } from './create-admin-command';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { runSeeders } from './db/seed';
import { siteLangOptions } from './plugins/site-lang';
import { processTerminal } from './process-terminal';

/** `npm run migrate`, `npm run seed` and `npm run create-admin`. */
async function run(command: string | undefined, args: string[]): Promise<number> {
  const config = loadConfig();
  // Refused while the server has the embedded database open (db/embedded-lock.ts).
  const open = () => openDatabase(config);
  if (command === 'create-admin') {
    return createAdminCommand(args, process.env, processTerminal(process), open, `${siteLangOptions(config).origins.en}/login`);
  }
  if (command !== 'migrate' && command !== 'seed')
    throw new Error(`Unknown command ${command ?? '(none)'}: migrate, seed or create-admin.`);
  if (command === 'seed') refuseDemoInProduction(config);
  const database = await open();
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
    if (command === 'seed') {
      const ran = await runSeeders(database.db);
      console.log(ran.length ? `Loaded demo content: ${ran.join(', ')}` : 'Demo content already loaded.');
    }
  } finally {
    await database.close();
  }
  return 0;
}

/** The demo content brings an admin whose password the README publishes: in production only for a public demo site. */
function refuseDemoInProduction(config: Config) {
  if (config.NODE_ENV === 'production' && config.DEMO_CONTENT !== 'on') {
    throw new Error(
      'NODE_ENV=production: the demo content has accounts with public passwords, an admin among them; ' +
        'it is loaded only with DEMO_CONTENT=on (a public demo site). A real site makes its admin with npm run create-admin.',
    );
  }
}

// npm runs workspace scripts in server/, but npm start runs in the project's root: relative paths (DATA_DIR=./data)
// must name the same folders as for the server, or `npm run create-admin` makes the admin in a database nobody serves.
if (process.env.npm_config_local_prefix) process.chdir(process.env.npm_config_local_prefix);

run(process.argv[2], process.argv.slice(3)).then(
  (status) => {
    process.exitCode = status;
  },
  (err) => {
    // A bad setting (ConfigError), a busy or unreachable database, an unknown command: the message says it all.
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
