import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** The ConfigError message for an environment, or undefined when it is valid. */
function configError(env: Record<string, string>) {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
}

describe('loadConfig', () => {
  it('runs with no configuration at all: embedded database, port 3000, demo content', () => {
    expect(loadConfig({})).toEqual({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      IMAGE_CACHE_MAX_MB: 512,
      LOG_LEVEL: 'info',
      DATA_DIR: './data',
      SITE_HOSTS_EN: ['localhost'],
      SITE_HOSTS_ES: ['es.localhost'],
      SITE_HOSTS_RU: ['ru.localhost'],
      ALLOWED_HOSTS: [],
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: false,
      COOKIE_SECURE: 'auto',
      SESSION_DAYS: 30,
      PASSWORD_HASH_COST: 'full',
      RATE_LIMIT_FACTOR: 1,
      SESSION_CACHE_MS: 1000,
      CATALOGUE_CACHE_MS: 1000,
      CMS_CACHE_MS: 5000,
      FIRST_DATA_WAIT_MS: 400,
      DEMO_CONTENT: 'auto',
      MEDIA_STORAGE: 'local',
      METRICS_HOST: '127.0.0.1',
      S3_REGION: 'us-east-1',
      S3_PATH_STYLE: true,
      MAIL_TRANSPORT: 'outbox',
      MAIL_FROM: 'Storyhouse <hello@storyhouse.example>',
      MINISTRY_EMAIL: 'ministry@storyhouse.example',
      MINISTRY_ORDER_ALERTS: 'each',
      NEWSLETTER_LIST_EN: 'storyhouse-en',
      NEWSLETTER_LIST_ES: 'storyhouse-es',
      NEWSLETTER_LIST_RU: 'storyhouse-ru',
      PAYMENTS: 'test',
    });
  });

  it('makes a production site choose its card processor, so test cards never take real orders by default', () => {
    expect(configError({ NODE_ENV: 'production' })).toMatch(/PAYMENTS="": required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).PAYMENTS).toBe('test');
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENTS).toBe('test');
  });

  it('hashes passwords at full cost unless told "test", which a production site refuses', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe('full');
    expect(loadConfig({ PASSWORD_HASH_COST: 'test' }).PASSWORD_HASH_COST).toBe('test');
    expect(configError({ NODE_ENV: 'production', PAYMENTS: 'test', PASSWORD_HASH_COST: 'test' })).toMatch(
      /PASSWORD_HASH_COST="test": a production server hashes passwords at full cost/,
    );
    expect(configError({ PASSWORD_HASH_COST: 'cheap' })).toMatch(/PASSWORD_HASH_COST="cheap"/);
  });

  it('takes DEMO_CONTENT on (a public demo site, production too), auto (the default) or off', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test' }).DEMO_CONTENT).toBe('auto');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS: 'test', DEMO_CONTENT: 'on' }).DEMO_CONTENT).toBe('on');
    expect(loadConfig({ DEMO_CONTENT: 'off' }).DEMO_CONTENT).toBe('off');
    expect(configError({ DEMO_CONTENT: 'yes' })).toMatch(/^ {2}DEMO_CONTENT="yes": .*"auto"\|"on"\|"off"/m);
  });

  it('needs the SMTP address to send e-mail by SMTP', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL="": required when MAIL_TRANSPORT=smtp/);
    expect(loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://u:p@smtp.example.org' }).SMTP_URL).toBe(
      'smtps://u:p@smtp.example.org',
    );
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://storyhouse@db.internal:5432/storyhouse',
      SITE_HOSTS_ES: ' historias.example , ES.Storyhouse.example ',
      PUBLIC_URL_EN: 'https://Stories.example/',
      PUBLIC_URL_ES: 'http://historias.example:8080',
      ALLOWED_HOSTS: ' www.storyhouse.example, 10.0.0.5,[::1] ',
      ALLOWED_ORIGINS: 'https://partner.example, https://admin.example',
      TRUST_PROXY: '1',
      SESSION_DAYS: '7',
      DEMO_CONTENT: 'off',
    });

    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://storyhouse@db.internal:5432/storyhouse',
      SITE_HOSTS_ES: ['historias.example', 'es.storyhouse.example'],
      PUBLIC_URL_EN: 'https://stories.example',
      PUBLIC_URL_ES: 'http://historias.example:8080',
      ALLOWED_HOSTS: ['www.storyhouse.example', '10.0.0.5', '[::1]'],
      ALLOWED_ORIGINS: ['https://partner.example', 'https://admin.example'],
      TRUST_PROXY: true,
      SESSION_DAYS: 7,
      DEMO_CONTENT: 'off',
    });
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
  });

  it('treats an empty variable as unset (PORT= does not mean a random port)', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SITE_HOSTS_ES: '' });

    expect(config).toMatchObject({ PORT: 3000, SITE_HOSTS_ES: ['es.localhost'] });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/storyhouse'],
    ['DATABASE_URL', 'localhost:5432'],
    ['SITE_HOSTS_ES', 'es.example.org, espanol example'],
    ['SITE_HOSTS_RU', 'https://ru.example.org'],
    ['ALLOWED_ORIGINS', 'partner.example'],
    ['PUBLIC_URL_EN', 'stories.example'],
    ['PUBLIC_URL_EN', 'ftp://stories.example'],
    ['PUBLIC_URL_ES', 'https://example.org/es'],
    ['PUBLIC_URL_RU', 'https://user:pass@example.org'],
    ['ALLOWED_HOSTS', 'localhost:@evil.example'],
    ['ALLOWED_HOSTS', 'www.example.org:8080'],
    ['TRUST_PROXY', 'yes'],
    ['SESSION_DAYS', '0'],
    ['LOG_LEVEL', 'verbose'],
    ['NODE_ENV', 'staging'],
    ['MEDIA_STORAGE', 'ftp'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_BUCKET', 'Media_Files'],
  ])('refuses %s=%s, naming the variable and its value', (name, value) => {
    const message = configError({ [name]: value });

    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toContain(`${name}`);
    expect(message).toContain(JSON.stringify(value));
  });

  it('needs the bucket, its endpoint and keys when media live in S3', () => {
    const s3 = { MEDIA_STORAGE: 's3', S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_BUCKET: 'storyhouse-media' };

    const message = configError(s3);
    const config = loadConfig({ ...s3, S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' });

    expect(message?.split('\n').slice(1)).toEqual([
      '  S3_ACCESS_KEY_ID="": required when MEDIA_STORAGE=s3',
      '  S3_SECRET_ACCESS_KEY="": required when MEDIA_STORAGE=s3',
    ]);
    expect(config).toMatchObject({
      MEDIA_STORAGE: 's3',
      S3_REGION: 'eu-west-1',
      S3_BUCKET: 'storyhouse-media',
      S3_PATH_STYLE: true,
    });
  });

  it('lists every bad value at once, one line each', () => {
    const message = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://root@localhost/storyhouse',
      SITE_HOSTS_ES: 'bad host!',
    });

    const lines = message?.split('\n').slice(1) ?? [];
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.trim().startsWith('PORT='))).toContain('"eighty"');
    expect(lines.find((l) => l.trim().startsWith('DATABASE_URL='))).toContain('a postgres:// or postgresql:// URL');
    expect(lines.find((l) => l.trim().startsWith('SITE_HOSTS_ES'))).toContain('a host name such as es.example.org');
  });
});
