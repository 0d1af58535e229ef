// The deployment recipe (compose.yaml, docs/deploy.md), read as compose reads it: each service's environment, its
// ${VAR} taken from a .env. Issue 47 items 11 and 12: a random database password of any characters reaches the
// server as one it accepts, and no service is handed another's secret.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from './config';

const root = path.resolve(import.meta.dirname, '../..');

interface Service {
  environment?: Record<string, string | number | boolean> | string[];
  env_file?: unknown;
  depends_on?: Record<string, { condition: string }> | string[];
}

const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};

/** A value of `openssl rand -base64 32` with each character a URL cannot hold raw: / + = (and @). */
const DB_PASSWORD = 'q9/Zr+K@w1=/Xe+8Lp@Tn3v=/Mw+5Rb@Yc7h0s==';

/** A .env as docs/deploy.md has it filled in: one distinct secret each, so each can be followed to where it goes. */
const dotEnv: Record<string, string> = {
  POSTGRES_PASSWORD: DB_PASSWORD,
  MINIO_ROOT_USER: 'storyhouse-root',
  MINIO_ROOT_PASSWORD: 'minio-root-secret-3f9a',
  S3_ACCESS_KEY_ID: 'storyhouse-app',
  S3_SECRET_ACCESS_KEY: 's3-app-secret-71c2',
  S3_BUCKET: 'storyhouse-media',
  SITE_HOSTS_EN: 'stories.example.org',
  SITE_HOSTS_ES: 'es.stories.example.org',
  SITE_HOSTS_RU: 'ru.stories.example.org',
  PUBLIC_URL_EN: 'https://stories.example.org',
  PUBLIC_URL_ES: 'https://es.stories.example.org',
  PUBLIC_URL_RU: 'https://ru.stories.example.org',
  TLS_MODE: 'office@stories.example.org',
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_stripeSecret9d1e',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_public',
  STRIPE_WEBHOOK_SECRET: 'whsec_webhookSecret5b0c',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtps://mailer:smtp-secret-2a8f@smtp.example.org',
  MAIL_FROM: 'Storyhouse <hello@stories.example.org>',
  METRICS_TOKEN: 'metrics-secret-6e4d',
  BACKUP_KEEP_DAYS: '14',
};

/** Each secret of the .env, and the services that may be handed it (in whatever variable). */
const SECRETS: Record<string, string[]> = {
  // The app connects as the database's user; the backups dump as it.
  POSTGRES_PASSWORD: ['postgres', 'migrate', 'app1', 'app2', 'backup'],
  // MinIO's root account: MinIO itself, and the one-off job that makes the bucket and the app's user.
  MINIO_ROOT_PASSWORD: ['minio', 'minio-init'],
  S3_SECRET_ACCESS_KEY: ['minio-init', 'migrate', 'app1', 'app2'],
  STRIPE_SECRET_KEY: ['migrate', 'app1', 'app2'],
  STRIPE_WEBHOOK_SECRET: ['migrate', 'app1', 'app2'],
  SMTP_URL: ['migrate', 'app1', 'app2'],
  METRICS_TOKEN: ['migrate', 'app1', 'app2'],
};

/** compose's interpolation: $$ is a $; ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g, (whole, name, colon, kind, word) => {
    if (whole === '$$') return '$';
    const set = name in vars && (colon !== ':' || vars[name] !== '');
    if (set) return vars[name];
    if (kind === '?') throw new Error(`compose would stop: ${word || `${name} is not set`}`);
    return kind === '-' ? word : '';
  });
}

/** A service's environment as its container gets it (an env_file of .env: the whole file, under its `environment`). */
function environmentOf(name: string, vars = dotEnv): Record<string, string> {
  const service = compose.services[name];
  if (!service) throw new Error(`no service ${name}`);
  const fromFile = service.env_file === undefined ? {} : vars;
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
    : Object.entries(service.environment ?? {}).map(([k, v]) => [k, String(v)] as [string, string]);
  return { ...fromFile, ...Object.fromEntries(entries.map(([k, v]) => [k, interpolate(v ?? '', vars)])) };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('compose.yaml: each service is handed only its own settings (issue 47 item 12)', () => {
  it('hands no service the whole .env (env_file)', () => {
    const withFile = Object.entries(compose.services).filter(([, s]) => s.env_file !== undefined);
    expect(withFile.map(([name]) => name)).toEqual([]);
  });

  for (const [secret, allowed] of Object.entries(SECRETS)) {
    it(`${secret} reaches only ${allowed.join(', ')}`, () => {
      const value = secret === 'SMTP_URL' ? 'smtp-secret-2a8f' : dotEnv[secret]!;
      const holders = Object.keys(compose.services).filter((name) =>
        Object.values(environmentOf(name)).some((v) => v.includes(value)),
      );
      // Every allowed service that needs it has it (the app its database password), and no other.
      expect(holders.filter((h) => !allowed.includes(h))).toEqual([]);
      expect(holders.length).toBeGreaterThan(0);
    });
  }

  it('the proxy is handed no secret at all', () => {
    const values = Object.values(environmentOf('caddy'));
    for (const secret of Object.keys(SECRETS)) expect(values.join('\n')).not.toContain(dotEnv[secret]);
  });

  it('the first nightly dump waits for the migrations, so it is never of an empty database (item 13)', () => {
    expect(compose.services.backup?.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' } });
  });
});

describe('compose.yaml: the database password (issue 47 item 11)', () => {
  it('a password with / + = and @ reaches the server as a connection it accepts, with that password', () => {
    const env = environmentOf('app1');
    // The server's own reading of its settings, as main.ts and the migrate command start.
    const config = loadConfig(env);
    expect(config.DATABASE_URL).toBeDefined();
    // node-postgres's reading of the URL and of PGPASSWORD, as the server's pool connects (db/database.ts).
    vi.stubEnv('PGPASSWORD', env.PGPASSWORD);
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    expect({ user: client.user, host: client.host, port: client.port, database: client.database }).toEqual({
      user: 'storyhouse',
      host: 'postgres',
      port: 5432,
      database: 'storyhouse',
    });
    expect(client.password).toBe(DB_PASSWORD);
  });

  it('the migration runner and both servers connect alike', () => {
    for (const name of ['migrate', 'app2']) {
      expect(environmentOf(name).DATABASE_URL).toBe(environmentOf('app1').DATABASE_URL);
      expect(environmentOf(name).PGPASSWORD).toBe(DB_PASSWORD);
    }
  });

  it('the same password pasted raw into a URL is refused at start-up, naming the fix and not the password', () => {
    const raw = `postgres://storyhouse:${DB_PASSWORD}@postgres:5432/storyhouse`;
    let message = '';
    try {
      loadConfig({ ...environmentOf('app1'), DATABASE_URL: raw });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('percent-encode the password');
    expect(message).not.toContain(DB_PASSWORD);
  });

  it('percent-encoded (encodeURIComponent), as docs/deploy.md says for a URL of its own, it is accepted and decoded', () => {
    const url = `postgres://storyhouse:${encodeURIComponent(DB_PASSWORD)}@postgres:5432/storyhouse`;
    const config = loadConfig({ ...environmentOf('app1'), DATABASE_URL: url, PGPASSWORD: '' });
    vi.stubEnv('PGPASSWORD', '');
    expect(new pg.Client({ connectionString: config.DATABASE_URL }).password).toBe(DB_PASSWORD);
  });
});
