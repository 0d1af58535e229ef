import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/database';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { migrateToLatest } from './db/migrate';
import { demoContentAtStartupOnce } from './db/seed';
import { logDestination } from './lib/log-destination';
import { runPeriodically } from './lib/periodic';
import { demoAccounts } from './modules/accounts/accounts.seed';
import { DEMO_PASSWORD_HASH_PARAMS } from './modules/accounts/password';
import { captchaRepository } from './modules/captcha/captcha.repository';
import { freeMp3Repository } from './modules/free-mp3/free-mp3.repository';
import { passwordsRepository } from './modules/passwords/passwords.repository';
import { profileRepository } from './modules/profile/profile.repository';
import { sweepRateLimits } from './modules/rate-limit/rate-limit';
import { sessionsRepository } from './modules/sessions/sessions.repository';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const pretty = process.stdout.isTTY && config.NODE_ENV !== 'production';
  const logger = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    // A terminal gets pretty lines; anything else (a pipe, a file) one JSON line per write, whose errors never stop the server.
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } }
      : { stream: logDestination(1) }),
  };

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    // Another server (or a command) has the embedded database: said plainly, never a second writer.
    if (err instanceof EmbeddedDatabaseBusyError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const applied = await migrateToLatest(database.db);
  const { demo, seeded, warning, notice } = await demoContentAtStartupOnce(config, database);

  const webRoot = config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist');
  const passwordHash = config.PASSWORD_HASH_COST === 'test' ? DEMO_PASSWORD_HASH_PARAMS : undefined;
  const app = await buildApp({ config, database, webRoot, logger, passwordHash });
  app.log.info(
    { database: database.kind === 'pglite' ? path.resolve(config.DATA_DIR, 'pglite') : 'postgres', migrations: applied, seeded },
    'database ready',
  );
  if (warning) app.log.warn(warning);
  if (notice) app.log.info(notice);

  // Hourly (and at start): expired sessions, ended rate-limit windows, spent password-reset and e-mail-change links,
  // expired captcha solutions, free MP3 download links a day past their expiry. A background job like the others:
  // its runs and failures counted, closing waits for it.
  runPeriodically(app, {
    name: 'sweeping expired rows',
    everyMs: 60 * 60 * 1000,
    run: () =>
      Promise.all([
        sessionsRepository(database.db).deleteExpired(),
        sweepRateLimits(database.db),
        passwordsRepository(database.db).deleteStaleTokens(),
        profileRepository(database.db).deleteStaleEmailChangeTokens(),
        captchaRepository(database.db).deleteExpired(),
        freeMp3Repository(database.db).deleteStale(),
      ]),
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // A signal drains first (health 503, every request answered) then closes; a crash closes at once.
    await (err ? app.close() : app.stop());
    await database.close();
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    app.log.error(`Port ${config.PORT} is already in use. Stop the other server or start with another port: PORT=3001 npm start`);
    await app.close();
    await database.close();
    process.exit(1);
  }
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const accounts = demo ? demoAccounts.map((a) => `\n    ${a.role.padEnd(8)} ${a.email} / ${a.password}`).join('') : '';
  app.log.info(
    `Storyhouse is running at ${url}  (Spanish site: ${url}/?test_spanish_site=1)${accounts ? `\n  Demo accounts:${accounts}` : ''}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
