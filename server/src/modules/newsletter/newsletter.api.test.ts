import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { jsonpBody, NEWSLETTER_RATE_LIMIT } from './newsletter.routes';

// Spec §4/§5/§7/§8 Newsletter: the offline provider behind a JSONP endpoint
// shaped like the email-marketing provider's (DESIGN "newsletter").

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let clientNo = 0;
const newClient = () => `10.1.0.${++clientNo}`;

interface Subscribe {
  id?: string;
  EMAIL?: string;
  FNAME?: string;
  LNAME?: string;
  c?: string;
}

const subscribe = (params: Subscribe, ip = newClient()) =>
  t.app.inject({
    method: 'GET',
    url: '/newsletter/subscribe/post-json',
    query: { u: 'storyhouse', ...params } as Record<string, string>,
    remoteAddress: ip,
  });

/** Runs the JSONP answer the way a browser's script tag would, returning what the callback received. */
function callbackResult(body: string, name: string) {
  const calls: unknown[] = [];
  new Function(name, body)((result: unknown) => calls.push(result));
  expect(calls).toHaveLength(1);
  return calls[0];
}

const subscribers = (listId: string) =>
  t.db.selectFrom('newsletter_subscribers').selectAll().where('list_id', '=', listId).orderBy('id').execute();

describe('GET /newsletter/subscribe/post-json', () => {
  it('subscribes and calls back with success, as JavaScript', async () => {
    const res = await subscribe({ id: 'storyhouse-en', EMAIL: 'anna@example.test', FNAME: 'Anna', LNAME: 'Lee', c: 'cb_1' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^\/\*\*\/cb_1\(\{.*\}\);$/);
    expect(callbackResult(res.body, 'cb_1')).toEqual({
      result: 'success',
      msg: 'Thank you for subscribing! Look for our next newsletter in your inbox.',
    });
    expect(await subscribers('storyhouse-en')).toMatchObject([{ email: 'anna@example.test', fname: 'Anna', lname: 'Lee' }]);
  });

  it('answers plain JSON without a callback', async () => {
    const res = await subscribe({ id: 'storyhouse-en', EMAIL: 'json@example.test' });

    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ result: 'success', msg: expect.any(String) });
  });

  it('says an address is already subscribed, whatever its letter case, in the list language', async () => {
    await subscribe({ id: 'storyhouse-es', EMAIL: 'pablo@example.test', c: 'cb' });

    const again = await subscribe({ id: 'storyhouse-es', EMAIL: ' Pablo@Example.TEST ', c: 'cb' });
    const english = await subscribe({ id: 'storyhouse-en', EMAIL: 'pablo@example.test', c: 'cb' });

    expect(callbackResult(again.body, 'cb')).toEqual({
      result: 'error',
      msg: 'Pablo@Example.TEST ya está suscrito a nuestro boletín.',
    });
    // Another language's list is another list.
    expect(callbackResult(english.body, 'cb')).toMatchObject({ result: 'success' });
    expect(await subscribers('storyhouse-es')).toHaveLength(1);
  });

  it('answers an invalid or missing e-mail and too-long names with an error result, storing nothing', async () => {
    const cases: [Subscribe, string][] = [
      [{ EMAIL: 'not-an-email' }, 'Электронная почта: Неверное значение'],
      [{ EMAIL: '' }, 'Электронная почта: Обязательное поле'],
      [{}, 'Электронная почта: Обязательное поле'],
      [{ EMAIL: 'ok@example.test', FNAME: 'x'.repeat(101) }, 'Имя: Не длиннее 100 символов'],
    ];
    for (const [params, msg] of cases) {
      const res = await subscribe({ id: 'storyhouse-ru', c: 'cb', ...params });
      expect(res.statusCode).toBe(200);
      expect(callbackResult(res.body, 'cb'), JSON.stringify(params)).toEqual({ result: 'error', msg });
    }
    expect(await subscribers('storyhouse-ru')).toEqual([]);
  });

  it('answers an unknown list with an error result in the site language', async () => {
    const res = await subscribe({ id: 'someone-elses-list', EMAIL: 'x@example.test', c: 'cb' });

    expect(callbackResult(res.body, 'cb')).toEqual({ result: 'error', msg: 'This newsletter list does not exist.' });
    expect(await subscribers('someone-elses-list')).toEqual([]);
  });

  it('refuses a callback that is not a plain identifier with 400, running nothing', async () => {
    for (const c of ['alert(1)//', 'a.b', '<script>', 'x;y', '1abc', 'cb\u2028', '']) {
      const res = await subscribe({ id: 'storyhouse-en', EMAIL: 'evil@example.test', c });
      expect(res.statusCode, c).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()).toEqual({
        code: 'newsletter_bad_callback',
        message: 'The callback name must be a plain JavaScript identifier.',
      });
    }
    expect((await subscribers('storyhouse-en')).map((s) => s.email)).not.toContain('evil@example.test');
  });

  it('limits tries per client, answering a localized error result', async () => {
    const ip = newClient();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.limit; i++) {
      await subscribe({ id: 'storyhouse-es', EMAIL: `many${i}@example.test`, c: 'cb' }, ip);
    }

    const res = await subscribe({ id: 'storyhouse-es', EMAIL: 'one-more@example.test', c: 'cb' }, ip);

    expect(callbackResult(res.body, 'cb')).toEqual({ result: 'error', msg: expect.stringMatching(/^Demasiados intentos/) });
    expect((await subscribers('storyhouse-es')).map((s) => s.email)).not.toContain('one-more@example.test');
  });
});

describe('jsonpBody', () => {
  it('keeps a message from closing the script or breaking the line', () => {
    const body = jsonpBody('cb', { result: 'error', msg: '</script><script>alert(1)</script>\u2028' });

    expect(body).not.toContain('<');
    expect(body).not.toContain('\u2028');
    expect(callbackResult(body, 'cb')).toEqual({ result: 'error', msg: '</script><script>alert(1)</script>\u2028' });
  });
});

describe('GET /crud/newsletter/config', () => {
  it("names the server's own endpoint and the site language's list", async () => {
    const en = await t.app.inject({ method: 'GET', url: '/crud/newsletter/config' });
    const es = await t.app.inject({ method: 'GET', url: '/crud/newsletter/config', headers: { host: 'es.localhost' } });
    const ru = await t.app.inject({ method: 'GET', url: '/crud/newsletter/config', headers: { host: 'ru.localhost' } });

    expect(en.json()).toEqual({ url: '/newsletter/subscribe/post-json', list_id: 'storyhouse-en' });
    expect(es.json()).toEqual({ url: '/newsletter/subscribe/post-json', list_id: 'storyhouse-es' });
    expect(ru.json()).toEqual({ url: '/newsletter/subscribe/post-json', list_id: 'storyhouse-ru' });
    expect(en.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('names a configured provider, whose origin may then serve scripts to the pages', async () => {
    const provider = await createTestApp({
      database: t.database,
      env: {
        NEWSLETTER_URL: 'https://ministry.us1.list-manage.com/subscribe/post-json?u=abc123',
        NEWSLETTER_LIST_ES: 'f00ba4',
      },
    });
    try {
      const res = await provider.app.inject({ method: 'GET', url: '/crud/newsletter/config?test_spanish_site=1' });

      expect(res.json()).toEqual({
        url: 'https://ministry.us1.list-manage.com/subscribe/post-json?u=abc123',
        list_id: 'f00ba4',
      });
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://ministry.us1.list-manage.com;");
    } finally {
      await provider.close();
    }
  });
});
