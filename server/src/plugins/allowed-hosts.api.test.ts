import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { hostNameOf } from './allowed-hosts';

const get = (t: TestApp, url: string, host: string) => t.app.inject({ method: 'GET', url, headers: { host } });

describe('the Host header, with the default settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is accepted for every site host and the loopback addresses, with any port', async () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'LocalHost:80',
      'es.localhost:4173',
      'ru.localhost',
      '127.0.0.1:3000',
      '[::1]:3000',
    ]) {
      expect((await get(t, '/crud/session', host)).statusCode, host).toBe(200);
    }
  });

  it('is refused with a localized 400 when it names another host or is not a plain host[:port]', async () => {
    for (const host of [
      'localhost:@evil.example',
      'evil.example',
      'localhost:80@x',
      'evil.example:3000',
      'localhost:abc',
      'localhost.',
    ]) {
      const res = await get(t, '/crud/session', host);

      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_host', message: 'This site is not served at that address.' });
    }
    const spanish = await get(t, '/crud/session?test_spanish_site=1', 'evil.example');
    expect(spanish.json()).toEqual({ code: 'invalid_host', message: 'Este sitio no se sirve en esa dirección.' });
  });

  it('is refused for pages and unknown paths too, and for any method', async () => {
    expect((await get(t, '/', 'evil.example')).statusCode).toBe(400);
    expect((await get(t, '/no/such/page', 'localhost:@evil.example')).statusCode).toBe(400);
    const post = await t.app.inject({
      method: 'POST',
      url: '/crud/login/forgot',
      headers: { host: 'evil.example' },
      payload: {},
    });
    expect(post.statusCode).toBe(400);
  });

  it('is not checked for /healthz and /readyz, which load balancers and orchestrators call by address', async () => {
    expect((await get(t, '/healthz', '10.0.0.5:3000')).statusCode).toBe(200);
    expect((await get(t, '/readyz', '10.0.0.5:3000')).statusCode).toBe(200);
  });
});

describe('the Host header, with configured hosts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SITE_HOSTS_EN: 'storyhouse.example',
        PUBLIC_URL_ES: 'https://historias.example',
        ALLOWED_HOSTS: 'www.storyhouse.example, 10.0.0.5',
      },
    });
  });
  afterAll(() => t.close());

  it('accepts the site hosts, the PUBLIC_URL_* hosts, ALLOWED_HOSTS and the loopback addresses', async () => {
    for (const host of ['storyhouse.example', 'historias.example', 'www.storyhouse.example:8080', '10.0.0.5', '127.0.0.1']) {
      expect((await get(t, '/crud/session', host)).statusCode, host).toBe(200);
    }
  });

  it('refuses the default hosts the configuration replaced', async () => {
    expect((await get(t, '/crud/session', 'localhost')).statusCode).toBe(400);
  });
});

describe('hostNameOf', () => {
  it('takes the name out of host[:port], lower case, and nothing out of anything else', () => {
    expect(hostNameOf('ES.LocalHost:3000')).toBe('es.localhost');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [
      '',
      'localhost:@evil.example',
      'user@localhost',
      'localhost:80@x',
      'localhost/x',
      'a b',
      'localhost:123456',
    ]) {
      expect(hostNameOf(bad), bad).toBeUndefined();
    }
  });
});
