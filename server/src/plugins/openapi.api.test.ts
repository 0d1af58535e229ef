import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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

  it('is compressed for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/crud/openapi.json', headers: { 'accept-encoding': 'gzip' } });

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).openapi).toBe('3.1.0');
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
