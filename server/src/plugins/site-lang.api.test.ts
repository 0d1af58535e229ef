import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

/** The site language as the API reports it (GET /crud/session `site_lang`). */
async function siteLang(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/crud/session${url}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().site_lang;
}

describe('site language, with the default host lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is English by default', async () => {
    expect(await siteLang(t, '', { host: 'localhost:3000' })).toBe('en');
    expect(await siteLang(t, '', { host: '127.0.0.1:3000' })).toBe('en');
  });

  it('follows the host name, whatever its case or port', async () => {
    expect(await siteLang(t, '', { host: 'es.localhost' })).toBe('es');
    expect(await siteLang(t, '', { host: 'ES.LocalHost:3000' })).toBe('es');
    expect(await siteLang(t, '', { host: 'ru.localhost:3000' })).toBe('ru');
  });

  it('is Spanish with ?test_spanish_site=1 or =true, on any host', async () => {
    expect(await siteLang(t, '?test_spanish_site=1')).toBe('es');
    expect(await siteLang(t, '?test_spanish_site=true', { host: 'ru.localhost' })).toBe('es');
  });

  it('is Spanish with the flag cookie, which outranks the host', async () => {
    expect(await siteLang(t, '', { cookie: 'test_spanish_site=1' })).toBe('es');
    expect(await siteLang(t, '', { host: 'ru.localhost', cookie: 'test_spanish_site=1' })).toBe('es');
  });

  it('falls back to the host with ?test_spanish_site=0 or =false, even with the cookie', async () => {
    expect(await siteLang(t, '?test_spanish_site=0', { cookie: 'test_spanish_site=1' })).toBe('en');
    expect(await siteLang(t, '?test_spanish_site=false', { host: 'ru.localhost', cookie: 'test_spanish_site=1' })).toBe('ru');
    expect(await siteLang(t, '?test_spanish_site=0', { host: 'es.localhost' })).toBe('es');
  });

  it('ignores a flag cookie with another value', async () => {
    expect(await siteLang(t, '', { cookie: 'test_spanish_site=0' })).toBe('en');
    expect(await siteLang(t, '', { cookie: 'test_spanish_site=yes' })).toBe('en');
  });
});

describe('site language, with configured host lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { SITE_HOSTS_ES: 'historias.example, ES.Storyhouse.example', SITE_HOSTS_RU: 'istorii.example' },
    });
  });
  afterAll(() => t.close());

  it('uses every host of each list', async () => {
    expect(await siteLang(t, '', { host: 'historias.example' })).toBe('es');
    expect(await siteLang(t, '', { host: 'es.storyhouse.example' })).toBe('es');
    expect(await siteLang(t, '', { host: 'istorii.example' })).toBe('ru');
  });

  it('no longer serves the default Spanish and Russian hosts', async () => {
    for (const host of ['es.localhost', 'ru.localhost']) {
      expect((await t.app.inject({ method: 'GET', url: '/crud/session', headers: { host } })).statusCode).toBe(400);
    }
  });

  it('links each language version of a page on the first host of its list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'istorii.example' } });

    expect(res.body).toContain('hreflang="es" href="http://historias.example/"');
    expect(res.body).toContain('hreflang="ru" href="http://istorii.example/"');
  });
});

describe('links to the sites, with PUBLIC_URL_* set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL_EN: 'https://stories.example',
        PUBLIC_URL_ES: 'https://historias.example:8443',
        PUBLIC_URL_RU: 'https://istorii.example',
      },
    });
  });
  afterAll(() => t.close());

  it('start hreflang links with the configured origins, not with the request’s host and port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nowhere', headers: { host: '127.0.0.1:3000' } });

    expect(res.body).toContain('hreflang="en" href="https://stories.example/nowhere"');
    expect(res.body).toContain('hreflang="es" href="https://historias.example:8443/nowhere"');
    expect(res.body).toContain('hreflang="ru" href="https://istorii.example/nowhere"');
    expect(res.body).not.toContain('127.0.0.1');
  });
});
