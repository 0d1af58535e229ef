import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, captureLogs, createTestApp, type TestApp } from '../../test/app';
import { AppError } from '../lib/errors';

/**
 * The error handler as clients see it. Besides the real routes, the app gets
 * a few test-only routes (registered before it is ready) so that every kind
 * of failure the handler maps can be provoked on purpose.
 */
function testRoutes(app: App) {
  app.post(
    '/crud/test/echo',
    {
      schema: {
        body: z.strictObject({
          name: z.string().min(1).max(10),
          password: z.string().min(8, { error: 'validation.passwordMin' }),
          age: z.number().int().min(0).max(150).optional(),
          children: z.array(z.strictObject({ title: z.string().min(1) })).optional(),
        }),
      },
    },
    async (request) => request.body,
  );
  app.get('/crud/test/conflict', { config: { errors: { 409: ['conflict'] } } }, async () => {
    throw new AppError('conflict', 'conflict', {}, { email: { key: 'validation.emailsMismatch' } });
  });
  app.get('/crud/test/refused', { config: { errors: { 409: ['coupon_expired'] } } }, async () => {
    throw new AppError('conflict', 'coupon_expired');
  });
  app.get('/crud/test/limited', { config: { errors: { 429: ['rate_limited'] } } }, async () => {
    throw new AppError('rate_limited', 'rate_limited', { seconds: 42 });
  });
  app.get('/crud/test/limited-elsewhere', { config: { errors: { 429: ['rate_limited'] } } }, async () => {
    throw Object.assign(new Error('too many'), { statusCode: 429 });
  });
  app.get('/crud/test/bug', async () => {
    throw new Error('connection to db-primary.internal:5432 failed for user "storyhouse" password "hunter2"');
  });
}

const log = captureLogs();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ routes: testRoutes, logger: log.logger });
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/crud/test/echo',
    payload: payload as object,
    headers: { host: 'localhost', ...headers },
  });

const valid = { name: 'Grace', password: 'listen-along' };

describe('request validation', () => {
  it('refuses an unknown query parameter, naming it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/session?foo=1&bar=2' });

    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Some of the information is missing or invalid.',
      fields: { 'querystring.foo': 'Unknown field', 'querystring.bar': 'Unknown field' },
    });
  });

  it('refuses a value outside a query parameter’s choices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/session?swr=yes' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Some of the information is missing or invalid.',
      fields: { 'querystring.swr': 'Invalid' },
    });
  });

  it('explains in Spanish on the Spanish site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/session?swr=yes&test_spanish_site=1' });

    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Falta información o no es válida.',
      fields: { 'querystring.swr': 'No válido' },
    });
  });

  it('treats a bad test_spanish_site value as invalid and answers in the host’s language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/session?test_spanish_site=maybe' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { 'querystring.test_spanish_site': 'Invalid' } });
  });

  it('passes a valid body through', async () => {
    const res = await post({ ...valid, age: 7, children: [{ title: 'Jonah' }] });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...valid, age: 7, children: [{ title: 'Jonah' }] });
  });

  it('names every missing field as required', async () => {
    const res = await post({});

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Some of the information is missing or invalid.',
      fields: { name: 'Required', password: 'Required' },
    });
  });

  it('treats an empty required string as missing', async () => {
    const res = await post({ ...valid, name: '' });

    expect(res.json().fields).toEqual({ name: 'Required' });
  });

  it('says how long a too-long string may be', async () => {
    const res = await post({ ...valid, name: 'Bartholomew the Great' });

    expect(res.json().fields).toEqual({ name: 'Must be at most 10 characters' });
  });

  it('uses the message a contract names for a rule (spec §5)', async () => {
    const res = await post({ ...valid, password: 'short' });

    expect(res.json().fields).toEqual({ password: 'Must be at least 8 characters' });
  });

  it('says a wrong type or out-of-range number is invalid, with the limit', async () => {
    const wrongType = await post({ ...valid, age: 'seven' });
    const tooBig = await post({ ...valid, age: 200 });

    expect(wrongType.json().fields).toEqual({ age: 'Invalid' });
    expect(tooBig.json().fields).toEqual({ age: 'Must be at most 150' });
  });

  it('names nested fields by their dotted path', async () => {
    const res = await post({ ...valid, children: [{ title: 'Jonah' }, { title: '' }] });

    expect(res.json().fields).toEqual({ 'children.1.title': 'Required' });
  });

  it('refuses unknown body fields', async () => {
    const res = await post({ ...valid, is_admin: true });

    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ is_admin: 'Unknown field' });
  });

  it('gives field messages in Spanish on the Spanish site', async () => {
    const res = await post({ password: 'short' }, { host: 'es.localhost' });

    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Falta información o no es válida.',
      fields: { name: 'Obligatorio', password: 'Debe tener al menos 8 caracteres' },
    });
  });
});

describe('malformed requests', () => {
  it('answers malformed JSON with 400 bad_request', async () => {
    const res = await post('{"name": "Grace",', { 'content-type': 'application/json' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'bad_request', message: 'The request could not be understood.' });
  });

  it('answers an empty JSON body with 400 bad_request', async () => {
    const res = await post('', { 'content-type': 'application/json' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request' });
  });

  it('answers a body in an unsupported format with 415', async () => {
    const res = await post('name=Grace', { 'content-type': 'application/x-www-form-urlencoded' });

    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'unsupported_media_type', message: 'The request format is not supported.' });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await post({ ...valid, name: 'x'.repeat(1024 * 1024) });

    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'payload_too_large', message: 'The request is too large.' });
  });

  it('answers a path parameter too long for the router with 414, in the site’s language, without echoing it', async () => {
    const long = 'x'.repeat(10_000);
    const en = await t.app.inject({ method: 'GET', url: `/crud/coupon/code/${long}` });
    const es = await t.app.inject({ method: 'GET', url: `/crud/coupon/code/${long}`, headers: { host: 'es.localhost' } });

    expect(en.statusCode).toBe(414);
    expect(en.json()).toEqual({ code: 'uri_too_long', message: 'That address is too long.' });
    expect(es.json()).toEqual({ code: 'uri_too_long', message: 'Esa dirección es demasiado larga.' });
  });
});

describe('errors raised by the application', () => {
  it('maps an AppError to its status, with localized field messages', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/crud/test/conflict' });
    const es = await t.app.inject({ method: 'GET', url: '/crud/test/conflict?test_spanish_site=1' });

    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({
      code: 'conflict',
      message: 'That conflicts with the current state. Please reload and try again.',
      fields: { email: 'Emails do not match' },
    });
    expect(es.json()).toMatchObject({ code: 'conflict', fields: { email: 'Los correos electrónicos no coinciden' } });
  });

  it('says in Retry-After when a rate-limited client may come back (a minute when the limit did not say)', async () => {
    const limited = await t.app.inject({ method: 'GET', url: '/crud/test/limited' });
    const elsewhere = await t.app.inject({ method: 'GET', url: '/crud/test/limited-elsewhere' });

    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('42');
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.headers['retry-after']).toBe('60');
    expect(elsewhere.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('answers an unexpected error with a generic 500, telling the client nothing of it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/bug' });

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal_error',
      message: 'Something went wrong on our side. Please try again later.',
      request_id: expect.any(String),
    });
    expect(res.body).not.toMatch(/hunter2|db-primary|\bat .+\(|\.ts:\d+/);
  });

  it('names the request in the 500, as the log line of the error names it (what a family quotes finds the cause)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/bug' });

    const { request_id } = res.json() as { request_id: string };
    expect(request_id).toMatch(/^[0-9a-f-]{36}$/);
    const entry = log.lines.find((l) => l.reqId === request_id && l.msg === 'unexpected error');
    expect(entry).toMatchObject({ level: 50, err: { message: expect.stringContaining('db-primary') } });
    expect(log.lines.filter((l) => l.reqId === request_id).map((l) => l.msg)).toEqual([
      'incoming request',
      'unexpected error',
      'request completed',
    ]);
  });

  it('answers a 4xx without a request id (a refusal of the request itself needs none)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/limited' });

    expect(res.statusCode).toBe(429);
    expect(res.json()).not.toHaveProperty('request_id');
  });

  it('logs the unexpected error with its stack and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/bug', headers: { 'x-request-id': 'req-500-check' } });

    expect(res.statusCode).toBe(500);
    const entry = log.lines.find((l) => l.reqId === 'req-500-check' && l.msg === 'unexpected error');
    expect(entry).toMatchObject({ level: 50, err: { message: expect.stringContaining('db-primary') } });
    expect((entry?.err as { stack?: string } | undefined)?.stack).toContain('errors.api.test.ts');
  });

  it('answers the 500 in the site language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/bug', headers: { host: 'ru.localhost' } });

    expect(res.json()).toEqual({
      code: 'internal_error',
      message: 'Что-то пошло не так на нашей стороне. Попробуйте позже.',
      request_id: expect.any(String),
    });
  });
});

describe('a failing database query in a real route', () => {
  it('is a generic 500 with no stack trace or SQL in the body', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.schema.dropTable('site_navigation').execute();

      const res = await broken.app.inject({ method: 'GET', url: '/crud/content/entry/list/site-navigation' });

      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again later.',
        request_id: expect.any(String),
      });
      expect(res.body).not.toMatch(/site_navigation|select|relation|stack/i);
    } finally {
      await broken.close();
    }
  });
});

describe('refusals a family meets (issue 27 item 13)', () => {
  const prefer = { host: 'localhost', prefer: 'respond-async, refusal-status=200' };

  it('answers a refusal 200 with its status, code and message in `refused` to a client that prefers it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/refused', headers: prefer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['preference-applied']).toBe('refusal-status=200');
    expect(res.headers.vary).toMatch(/prefer/i);
    expect(res.json()).toEqual({
      refused: { status: 409, code: 'coupon_expired', message: 'This coupon has expired.' },
    });
  });

  it('says it in the site language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/refused', headers: { ...prefer, host: 'es.localhost' } });
    expect(res.json().refused.message).toBe('Este cupón ha caducado.');
  });

  it('keeps the 4xx for a client that does not ask', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/refused', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(409);
    expect(res.headers['preference-applied']).toBeUndefined();
    expect(res.json()).toEqual({ code: 'coupon_expired', message: 'This coupon has expired.' });
  });

  it('keeps the status of every other error, even when asked', async () => {
    const conflict = await t.app.inject({ method: 'GET', url: '/crud/test/conflict', headers: prefer });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('conflict');
    const invalid = await t.app.inject({ method: 'POST', url: '/crud/test/echo', payload: {}, headers: prefer });
    expect(invalid.statusCode).toBe(400);
  });
});
