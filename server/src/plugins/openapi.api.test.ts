import { gunzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { errorCodes } from '@storyhouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { AppError } from '../lib/errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    routes: (app) => {
      // Issue 40 item 13: a route that gives a refusal its description does not list, and one that lists it.
      app.get('/crud/test/undescribed', async () => {
        throw new AppError('conflict', 'order_not_paid');
      });
      app.get('/crud/test/described', { config: { errors: { 409: ['order_not_paid'] } } }, async () => {
        throw new AppError('conflict', 'order_not_paid');
      });
    },
  });
});
afterAll(() => t.close());

describe('GET /crud/openapi.json', () => {
  it('is an OpenAPI 3.1 document of every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/openapi.json' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Storyhouse API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/healthz', '/crud/session', '/crud/user', '/logout', '/crud/content/entry/list/site-navigation']),
    );
  });

  it('leaves out the web pages and the document itself', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/crud/openapi.json' })).json();

    expect(Object.keys(doc.paths)).not.toContain('/');
    expect(Object.keys(doc.paths)).not.toContain('/crud/openapi.json');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/crud/docs'))).toEqual([]);
  });

  it('describes responses and query parameters from the zod contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/crud/openapi.json' })).json();
    /** The JSON schema of a 200 response, through its $ref to the components. */
    const okSchema = (path: string) => {
      const schema = doc.paths[path].get.responses['200'].content['application/json'].schema;
      return schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
    };

    const session = doc.paths['/crud/session'].get;
    expect(session.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:test_spanish_site', 'query:swr']),
    );
    expect(Object.keys(okSchema('/crud/session').properties)).toEqual(
      expect.arrayContaining(['logged_in', 'user_id', 'is_admin', 'site_lang']),
    );
    expect(Object.keys(okSchema('/crud/user').properties)).toEqual(
      expect.arrayContaining(['id', 'email', 'fullname', 'admin', 'masqueradeUserId', 'layout']),
    );
    expect(doc.components.schemas).toHaveProperty('NavigationItem');
  });

  it('is valid OpenAPI 3.1', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/crud/openapi.json' })).json();
    const validator = new Validator();

    const result = await validator.validate(doc);

    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("lists each operation's 4xx answers with the codes they carry (issue 40 item 13)", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/crud/openapi.json' })).json();
    /** The codes a status of an operation lists: its `code` enum. */
    const codes = (path: string, method: string, status: number): string[] => {
      const response = doc.paths[path][method].responses[String(status)];
      expect(response, `${method} ${path} ${status}`).toBeDefined();
      const schema = response.content['application/json'].schema;
      expect(schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Error' });
      return schema.allOf[1].properties.code.enum;
    };

    expect(doc.components.schemas.Error.required).toEqual(expect.arrayContaining(['code', 'message']));
    const refund = '/crud/admin/orders/{id}/refund';
    expect(codes(refund, 'post', 400)).toEqual(expect.arrayContaining(['validation_failed', 'bad_request']));
    expect(codes(refund, 'post', 401)).toEqual(['not_authenticated']);
    expect(codes(refund, 'post', 403)).toEqual(expect.arrayContaining(['forbidden', 'forbidden_origin']));
    expect(codes(refund, 'post', 404)).toContain('order_not_found');
    expect(codes(refund, 'post', 409)).toContain('refund_too_large');
    expect(doc.paths[refund].post.responses['409'].description).toContain('`refund_too_large`: ');
    expect(codes('/crud/orders/{orderId}', 'get', 401)).toEqual(['not_authenticated']);
    expect(codes('/crud/orders/{orderId}', 'get', 404)).toContain('order_not_found');
    expect(codes('/crud/cart-session/coupons', 'post', 404)).toContain('coupon_not_found');
    // A visitor's route: no 401; a GET: no cross-site refusal.
    expect(doc.paths['/crud/search'].get.responses['401']).toBeUndefined();
    expect(doc.paths['/crud/search'].get.responses['403']).toBeUndefined();

    // Every operation lists its answers, each code one of the server's (contracts/errors.ts).
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses).filter((s) => s.startsWith('4'));
        expect(statuses, `${method} ${path}`).toContain('400');
        for (const status of statuses) expect(errorCodes).toEqual(expect.arrayContaining(codes(path, method, Number(status))));
      }
    }
  });

  it('is compressed for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/openapi.json', headers: { 'accept-encoding': 'gzip' } });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
  });
});

describe('a 4xx answer the route does not describe (issue 40 item 13)', () => {
  it('fails in the tests, so the test that provokes it names the code to add to the route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/undescribed' });

    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('internal_error');
    expect(res.headers['x-undescribed-error']).toBe('409 order_not_paid');
  });

  it('is answered as it is once the route lists it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/test/described' });

    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order_not_paid');
  });

  it('is answered as it is by an app that does not check (production)', async () => {
    const production = await createTestApp({
      database: t.database,
      checkDescribedErrors: false,
      routes: (app) => {
        app.get('/crud/test/undescribed', async () => {
          throw new AppError('conflict', 'order_not_paid');
        });
      },
    });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/crud/test/undescribed' })).statusCode).toBe(409);
    } finally {
      await production.close();
    }
  });
});

describe('GET /crud/docs', () => {
  it('shows the readable API page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/docs' });

    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger-ui');
  });

  it('serves the document it shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/docs/json' });

    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/crud/session']).toBeDefined();
  });
});
