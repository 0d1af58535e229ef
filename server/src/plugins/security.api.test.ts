import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, responseCookie, type TestApp } from '../../test/app';
import { createProduct } from '../../test/factories';
import { RESIZE_RATE_LIMIT } from '../modules/media/images';
import { hitRateLimit } from '../modules/rate-limit/rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ALLOWED_ORIGINS: 'https://partner.example' } });
});
afterAll(() => t.close());

/** A POST to an API path that has no POST route: once past the origin check, the next answer is a 404. */
const post = (headers: Record<string, string>, url = '/crud/session') =>
  t.app.inject({ method: 'POST', url, headers: { host: 'localhost:3000', ...headers }, payload: {} });

describe('security headers', () => {
  it.each([
    ['an API answer', '/crud/session'],
    ['a page', '/'],
    ['the not-found page', '/no-such-page'],
    ['an API error', '/crud/user'],
  ])('are sent with %s', async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });

    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    // Stripe's scripts and frames only when Stripe takes the cards (stripe-checkout.api.test.ts).
    expect(csp).not.toContain('stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('leave HSTS out over plain HTTP (a browser ignores it there; it would only mislead)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/crud/session' });
    // Without TRUST_PROXY a client's X-Forwarded-Proto is not believed.
    const forged = await t.app.inject({ method: 'GET', url: '/crud/session', headers: { 'x-forwarded-proto': 'https' } });

    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows scripts only from the site itself (no inline script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });

    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });
});

describe('unsafe requests from another site (CSRF)', () => {
  it('refuses a POST whose Origin is another site', async () => {
    const res = await post({ origin: 'https://evil.example' });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden_origin', message: 'Requests from another site are not accepted.' });
  });

  it('refuses it in Spanish on the Spanish site', async () => {
    const res = await post({ host: 'es.localhost', origin: 'https://evil.example' });

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden_origin', message: 'No se aceptan solicitudes de otro sitio.' });
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('refuses a foreign %s too', async (method) => {
    const res = await t.app.inject({
      method,
      url: '/crud/session',
      headers: { host: 'localhost:3000', origin: 'https://evil.example' },
    });

    expect(res.statusCode).toBe(403);
  });

  it('refuses it before routing, on page paths as well', async () => {
    const res = await post({ origin: 'https://evil.example' }, '/some/form');

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden_origin' });
  });

  it('refuses a sandboxed page (Origin: null)', async () => {
    const res = await post({ origin: 'null' });

    expect(res.statusCode).toBe(403);
  });

  it('refuses the same host on another port or scheme', async () => {
    for (const origin of ['http://localhost:4000', 'https://localhost:3000']) {
      const res = await post({ origin });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it('refuses a cross-site request without Origin, by Sec-Fetch-Site', async () => {
    const res = await post({ 'sec-fetch-site': 'cross-site' });

    expect(res.statusCode).toBe(403);
  });

  it('lets a same-origin POST through to the next check', async () => {
    const res = await post({ origin: 'http://localhost:3000' });

    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'route_not_found' });
  });

  it('lets a same-site request without Origin through (Sec-Fetch-Site same-origin, or a non-browser client)', async () => {
    const fetched = await post({ 'sec-fetch-site': 'same-origin' });
    const curl = await post({});

    expect(fetched.statusCode).toBe(404);
    expect(curl.statusCode).toBe(404);
  });

  it('lets an origin of ALLOWED_ORIGINS through', async () => {
    const res = await post({ origin: 'https://partner.example' });

    expect(res.statusCode).toBe(404);
  });

  it('does not check safe methods', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/crud/session',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });

    expect(res.statusCode).toBe(200);
  });
});

describe("a proxy's X-Forwarded-* headers without TRUST_PROXY (ignored: any client can send them)", () => {
  const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '198.51.100.23' };

  it('do not make the session cookie Secure on plain HTTP, nor take it to another host', async () => {
    const { album } = await createProduct(t.db, { slug: 'forwarded', title: 'Forwarded' }, { album: 899 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/crud/cart-session/skus',
      headers: { host: 'localhost:3000', ...forged },
      payload: { sku_id: album, quantity: 1 },
    });

    expect(res.statusCode).toBe(200);
    const sid = responseCookie(res, 'sid');
    expect(sid?.value).toBeTruthy();
    expect(sid?.secure).toBeFalsy();
    expect(sid?.domain).toBeUndefined();
  });

  it("do not make the forwarded host this site's own: an Origin of that host is still refused", async () => {
    const res = await post({ ...forged, origin: 'https://evil.example' });

    expect([res.statusCode, res.json().code]).toEqual([403, 'forbidden_origin']);
  });

  it('do not change the client address a limit counts: a spent budget stays spent whatever the header says', async () => {
    const client = '203.0.113.77';
    for (let i = 0; i < RESIZE_RATE_LIMIT.limit; i++) await hitRateLimit(t.db, `image-resize:${client}`, RESIZE_RATE_LIMIT);

    const res = await t.app.inject({
      method: 'GET',
      url: '/crud/image/resize?url=/media/covers/noahs-big-boat.jpg&width=1000',
      headers: forged,
      remoteAddress: client,
    });

    expect([res.statusCode, res.json().code]).toEqual([429, 'rate_limited']);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({
      database: t.database,
      env: { TRUST_PROXY: 'true', ALLOWED_HOSTS: 'shop.storyhouse.example' },
    });
  });
  afterAll(() => proxied.close());

  it('compares the Origin with the public address the proxy forwarded', async () => {
    const headers = { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.storyhouse.example' };

    const own = await proxied.app.inject({
      method: 'POST',
      url: '/crud/session',
      headers: { ...headers, origin: 'https://shop.storyhouse.example' },
    });
    const foreign = await proxied.app.inject({
      method: 'POST',
      url: '/crud/session',
      headers: { ...headers, origin: 'http://127.0.0.1:3000' },
    });

    expect(own.statusCode).toBe(404);
    expect(foreign.statusCode).toBe(403);
  });

  it('makes the session cookie Secure when the proxy says the client came over HTTPS', async () => {
    const { album } = await createProduct(proxied.db, { slug: 'forwarded-trusted', title: 'Forwarded' }, { album: 899 });
    const res = await proxied.app.inject({
      method: 'POST',
      url: '/crud/cart-session/skus',
      headers: { host: 'shop.storyhouse.example', 'x-forwarded-proto': 'https' },
      payload: { sku_id: album, quantity: 1 },
    });

    expect(res.statusCode).toBe(200);
    expect(responseCookie(res, 'sid')?.secure).toBe(true);
  });

  it('sends HSTS when the proxy says the client came over HTTPS, and only then', async () => {
    const https = await proxied.app.inject({ method: 'GET', url: '/crud/session', headers: { 'x-forwarded-proto': 'https' } });
    const http = await proxied.app.inject({ method: 'GET', url: '/crud/session', headers: { 'x-forwarded-proto': 'http' } });
    const page = await proxied.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'x-forwarded-proto': 'https' } });

    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}$/);
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}$/);
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
