import path from 'node:path';
import { z } from 'zod';

const hostList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, 'a host name such as es.example.org')));

/** A site's public address: scheme, host and port only, kept as its origin (no trailing slash). */
const publicUrl = z
  .url({ protocol: /^https?$/, error: 'an http:// or https:// address such as https://stories.example' })
  .refine((s) => {
    // Not a URL at all: the check above says so.
    if (!URL.canParse(s)) return true;
    const u = new URL(s);
    return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password;
  }, 'an origin only (no path, query or user), such as https://stories.example')
  .transform((s) => new URL(s).origin);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The demo media of this checkout (server/demo/media): the same path from src/ and from the dist/ bundle. */
export const demoMediaDir = path.resolve(import.meta.dirname, '../demo/media');

/** Audio and image files (providers/storage): a local folder, or an S3-compatible bucket. */
const mediaSettings = {
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Folder of the local storage (default: demoMediaDir). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Folder of resized images (default: DATA_DIR/cache/images). */
  IMAGE_CACHE_DIR: z.string().min(1).optional(),
  /** Most megabytes of resized images this instance keeps; the least recently used go first (image-cache.ts). */
  IMAGE_CACHE_MAX_MB: z.coerce.number().positive().max(1_000_000).default(512),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'an http:// or https:// URL such as https://s3.us-east-1.amazonaws.com' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'a region such as us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (endpoint/bucket/key), as MinIO and most S3-compatible services expect; false for bucket.endpoint/key. */
  S3_PATH_STYLE: bool.default(true),
};
/** E-mail, the ministry's inbox and the newsletter provider (issue 4 forms). */
const mailSettings = {
  /** "outbox": e-mails stay in the database and show on the developer mailbox page; "smtp": sent through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.org')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Storyhouse <hello@storyhouse.example>'),
  /** Where contact messages, Bible-lesson requests and guest-book moderation go. */
  MINISTRY_EMAIL: z.email({ error: 'an e-mail address' }).default('ministry@storyhouse.example'),
  /**
   * How the ministry hears of paid orders with a CD or book to post (issue 29 item 3): "each" (an e-mail per
   * order) or "daily" (one e-mail a day listing every order still to post).
   */
  MINISTRY_ORDER_ALERTS: z.enum(['each', 'daily']).default('each'),
  /** The developer mailbox page (/dev/mailbox); defaults to on outside production. */
  MAILBOX_PAGE: bool.optional(),
  /**
   * JSONP endpoint of the newsletter provider (Mailchimp's …/subscribe/post-json
   * shape); by default the server's own /newsletter/subscribe/post-json.
   */
  NEWSLETTER_URL: z.url({ protocol: /^https?$/ }).optional(),
  NEWSLETTER_LIST_EN: z.string().min(1).default('storyhouse-en'),
  NEWSLETTER_LIST_ES: z.string().min(1).default('storyhouse-es'),
  NEWSLETTER_LIST_RU: z.string().min(1).default('storyhouse-ru'),
};
/** Card payments (providers/payments): the built-in test processor, or Stripe. */
const paymentSettings = {
  /** "test": the built-in test processor (Stripe's test cards, no account or network); "stripe": Stripe. */
  PAYMENTS: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'a Stripe secret key such as sk_live_…')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'a Stripe publishable key such as pk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'a Stripe webhook signing secret such as whsec_…')
    .optional(),
  /** Stripe's API address (tests point it at a local stand-in); default Stripe's own. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
};
const stripeRequired = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

const s3Required = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Settings that depend on each other: S3 storage needs its bucket, endpoint and keys. */
function requireS3Settings(
  config: { MEDIA_STORAGE: string } & Partial<Record<(typeof s3Required)[number], string>>,
  ctx: z.RefinementCtx,
) {
  if (config.MEDIA_STORAGE !== 's3') return;
  for (const name of s3Required) {
    if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when MEDIA_STORAGE=s3' });
  }
}

/**
 * Every setting the server reads from the environment. Parsed once at
 * start-up; a bad value stops the server with a message naming it.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL')
    // A password holding / ? # @ pasted raw into the URL (openssl rand -base64 32 gives / often) breaks it: said here,
    // not as node-postgres's "TypeError: Invalid URL" at the first query (issue 47 item 11).
    .refine(
      (url) => URL.canParse(url),
      'not a valid URL: percent-encode the password (encodeURIComponent), or leave it out of the URL and set PGPASSWORD',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Built web app to serve (default: web/dist of this checkout). */
  WEB_DIST: z.string().min(1).optional(),
  /**
   * Host names of each language's site (spec §1); the first of each list is
   * that site's canonical host, the default of its PUBLIC_URL_*.
   */
  SITE_HOSTS_EN: hostList.default(['localhost']),
  SITE_HOSTS_ES: hostList.default(['es.localhost']),
  SITE_HOSTS_RU: hostList.default(['ru.localhost']),
  /**
   * Public origin of each language's site (e.g. https://stories.example), the
   * start of every link in e-mails and of canonical and hreflang links
   * (default: http://, the first SITE_HOSTS_* host and PORT).
   */
  PUBLIC_URL_EN: publicUrl.optional(),
  PUBLIC_URL_ES: publicUrl.optional(),
  PUBLIC_URL_RU: publicUrl.optional(),
  /**
   * Host names besides SITE_HOSTS_*, the PUBLIC_URL_* hosts, 127.0.0.1 and
   * [::1] that requests may name in their Host header; any other is refused.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/, 'host names or addresses such as www.example.org, 10.0.0.5 or [::1]'),
      ),
    ),
  /** Origins besides the request's own host allowed to send unsafe requests. */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'a comma-separated list of origins such as https://example.org' }))),
  /**
   * Prometheus metrics (plugins/metrics.ts): GET /metrics for a caller sending `Authorization: Bearer <METRICS_TOKEN>`
   * (no such route without it), and/or a port of their own, METRICS_PORT, on METRICS_HOST (no credential there:
   * by default only this machine reaches it). Both off by default.
   */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters, such as the output of openssl rand -hex 24').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Behind a reverse proxy: trust X-Forwarded-* (for HTTPS detection and client IPs). */
  TRUST_PROXY: bool.default(false),
  /** Secure cookies: "auto" sets Secure when the request came over HTTPS. */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * What a new password's hash costs (modules/accounts/password.ts): "full" is scrypt's production cost (128 MiB,
   * about half a second of a core); "test" is the demo accounts' cheap one, for the browser journeys' server, which
   * creates and signs in hundreds of accounts. Refused with NODE_ENV=production.
   */
  PASSWORD_HASH_COST: z.enum(['full', 'test']).default('full'),
  /** Multiplies every rate limit (logins, sign-ups, forms): raise it for many families behind one address. */
  RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /** How long an instance may reuse a session and its user it has read (ms; 0 off). docs/decisions/010-accounts.md. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(5000).default(1000),
  /**
   * How long the shop's product listing may be served from memory before it
   * is read again (docs/decisions/005-catalogue-search.md); 0 turns it off.
   */
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(2000).default(1000),
  /** How long a CMS page may be served from memory before it is read again; 0 turns it off. */
  CMS_CACHE_MS: z.coerce.number().int().min(0).max(60000).default(5000),
  /** How long a page waits for its first data (decision 014) before it is sent with what has answered; the client asks for the rest. */
  FIRST_DATA_WAIT_MS: z.coerce.number().int().min(0).max(5000).default(400),
  /**
   * Demo content (db/seed.ts demoContentAtStartup): "on" loads it into an empty database, production too (a public
   * demo site: its accounts' passwords are published); "auto" is "on" outside production and "off" in it, so a real
   * site never gets the demo admin; "off" never loads it.
   */
  DEMO_CONTENT: z.enum(['auto', 'on', 'off']).default('auto'),
  ...mediaSettings,
  ...mailSettings,
  ...paymentSettings,
});

export type Config = z.infer<typeof ConfigSchema>;
const checkedConfig = ConfigSchema.superRefine(requireS3Settings).superRefine((config, ctx) => {
  if (config.PASSWORD_HASH_COST === 'test' && config.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['PASSWORD_HASH_COST'], message: 'a production server hashes passwords at full cost' });
  }
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when MAIL_TRANSPORT=smtp' });
  }
  if (config.PAYMENTS === 'stripe') {
    for (const name of stripeRequired) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when PAYMENTS=stripe' });
    }
  }
});

export class ConfigError extends Error {}

/** Settings that are a key: a bad value is named, never printed (the message goes to the log). */
const SECRET_SETTINGS = new Set(['S3_SECRET_ACCESS_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);

/** Settings that are a URL which may hold a password. */
const URL_WITH_PASSWORD = new Set(['DATABASE_URL', 'SMTP_URL']);

/** A setting's value as an error message shows it: a key not at all, the password of a URL that has one masked. */
function shownValue(name: string, value: string) {
  if (value !== '' && SECRET_SETTINGS.has(name)) return '(a secret, not shown)';
  if (!URL_WITH_PASSWORD.has(name)) return JSON.stringify(value);
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):.*@/i, '$1:***@'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`PORT=` in a .env file or compose file) means unset, not
  // a value: otherwise PORT= would listen on a random port.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const result = checkedConfig.safeParse(given);
  // A live site must choose its card processor: the test processor's default
  // takes "payments" with test card numbers, which a family could not tell from real ones.
  if (result.success && result.data.NODE_ENV === 'production' && given.PAYMENTS === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS="": required when NODE_ENV=production (stripe, or test for a demo site)',
    );
  }
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (i) => `  ${i.path.join('.')}=${shownValue(String(i.path[0]), env[String(i.path[0])] ?? '')}: ${i.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
