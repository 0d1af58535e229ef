import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { runSeeders } from './db/seed';

/** `npm run migrate` and `npm run seed`. */
async function run(command: string | undefined) {
  const config = loadConfig();
  const database = await openDatabase(config);
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
}

run(process.argv[2]).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
