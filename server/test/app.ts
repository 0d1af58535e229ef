import { Writable } from 'node:stream';
import type { FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { type App, type AppOptions, buildApp } from '../src/app';

export type { App };

import { type Config, loadConfig } from '../src/config';
import type { Database, Db } from '../src/db/database';
import { runSeeders } from '../src/db/seed';
import { DEMO_PASSWORD_HASH_PARAMS } from '../src/modules/accounts/password';
import { createTestDatabase } from './database';

/** A tiny stand-in for web/dist (Vite's index.html and one hashed asset), so pages are testable without a web build. */
export const FIXTURE_WEB_ROOT = new URL('./fixtures/web', import.meta.url).pathname;

/** The configuration tests run with: production defaults, quiet, no demo content. */
export function testConfig(env: Record<string, string> = {}): Config {
  // No listing cache: tests change the catalogue and read it back at once (one test turns it on).
  // PORT 80: inject() calls come as Host localhost:80, so the sites' default origins are http://localhost, http://es.localhost….
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '80',
    LOG_LEVEL: 'silent',
    DEMO_CONTENT: 'off',
    CATALOGUE_CACHE_MS: '0',
    CMS_CACHE_MS: '0',
    ...env,
  });
}

export interface TestAppOptions {
  /** Environment variables for loadConfig (e.g. `{ SITE_HOSTS_ES: 'es.example.org' }`). */
  env?: Record<string, string>;
  /** Share a database (another instance of the app); the caller closes it. Default: a fresh copy. */
  database?: Database;
  /** Load the demo content first. */
  seed?: boolean;
  /** The built web app to serve; null for an API-only app. Default: the fixture. */
  webRoot?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Register extra (test-only) routes before the app is ready. */
  routes?: (app: App) => void | Promise<void>;
  /** Waits the delay of a sign-in after repeated failed logins (default: production's timer); record the delays instead. */
  loginDelay?: (ms: number) => Promise<void>;
  /**
   * The scrypt cost of new password hashes. Default: the demo accounts' cheap one, as the browser journeys' server
   * (PASSWORD_HASH_COST=test); production's with NODE_ENV=production in `env`, as a production server must.
   * password-cost.api.test.ts checks both.
   */
  passwordHash?: AppOptions['passwordHash'];
  /**
   * Answer 500 where a route gives a 4xx its description does not list (issue 40 item 13): default on, so every 4xx a
   * test provokes is checked against its route's description (plugins/route-errors.ts).
   */
  checkDescribedErrors?: boolean;
}

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * The production app (buildApp) over a fresh, migrated database of its own.
 * Call it in beforeAll and close it in afterAll; test/setup.ts closes any
 * database a file forgot.
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  if (opts.seed) await runSeeders(database.db);
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database,
    webRoot: opts.webRoot === null ? undefined : (opts.webRoot ?? FIXTURE_WEB_ROOT),
    logger: opts.logger ?? false,
    loginDelay: opts.loginDelay,
    checkDescribedErrors: opts.checkDescribedErrors ?? true,
    passwordHash: opts.passwordHash ?? (opts.env?.NODE_ENV === 'production' ? undefined : DEMO_PASSWORD_HASH_PARAMS),
  });
  await opts.routes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/** A logger that keeps the app's log lines, to check what the server logged (e.g. an unexpected error). */
export function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: { level: 'info', stream }, lines };
}

/** The cookie a response sets, by name. */
export function responseCookie(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** True when the response tells the browser to delete the cookie. */
export function isCleared(cookie: { value: string; maxAge?: number; expires?: Date } | undefined) {
  if (!cookie) return false;
  return cookie.value === '' && (cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()));
}
