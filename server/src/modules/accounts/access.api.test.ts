import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

/**
 * Issue 40 item 6: who asks is answered before what they send. Every route the app registered is walked (the access
 * plugin keeps the list as routes are added): each back-office route and each route for signed-in users answers a
 * visitor 401, and each back-office route answers a customer and an impersonating admin 403, whatever the body and
 * the parameters are: an unreadable body, made-up path parameters, no query. A route added later is walked too.
 */

let t: TestApp;
const cookies: Record<'customer' | 'impersonating admin', string> = { customer: '', 'impersonating admin': '' };

beforeAll(async () => {
  t = await createTestApp();
  const customer = await createUser(t.db, { email: 'family@example.org' });
  const admin = await createUser(t.db, { email: 'admin@example.org', is_admin: true });
  cookies.customer = await signIn(t.db, customer.id);
  cookies['impersonating admin'] = await signIn(t.db, customer.id, { masqueradeAdminId: admin.id });
});
afterAll(() => t.close());

/** The route's address with every path parameter made up (`:id` → `x`; a wildcard → `x`). */
const addressOf = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');

function requestOf(method: string, url: string, cookie?: string): InjectOptions {
  const withBody = !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method);
  return {
    method: method as InjectOptions['method'],
    url: addressOf(url),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    // Not even JSON: the answer must not depend on it.
    ...(withBody ? { payload: '{"unreadable' } : {}),
  };
}

/** Answers of the walk that are not what the route's access says, as `METHOD url as who: status code`. */
async function wrongAnswers(
  who: 'visitor' | 'customer' | 'impersonating admin',
  status: number,
  code: string,
  only: 'admin' | 'any',
) {
  const wrong: string[] = [];
  for (const route of t.app.routeAccess) {
    if (!route.access || (only === 'admin' && route.access !== 'admin')) continue;
    const res = await t.app.inject(requestOf(route.method, route.url, who === 'visitor' ? undefined : cookies[who]));
    const answered = route.method === 'HEAD' ? '' : res.json().code;
    if (res.statusCode !== status || (route.method !== 'HEAD' && answered !== code)) {
      wrong.push(`${route.method} ${route.url} as ${who}: ${res.statusCode} ${answered}`);
    }
  }
  return wrong;
}

describe('routes for signed-in users and admins', () => {
  it('are every /crud/admin/ route (admins) and the family routes that declare it', () => {
    const declared = (access: string) => t.app.routeAccess.filter((r) => r.access === access).map((r) => `${r.method} ${r.url}`);
    const adminPaths = t.app.routeAccess.filter((r) => r.url.startsWith('/crud/admin/')).map((r) => `${r.method} ${r.url}`);

    expect(adminPaths.length).toBeGreaterThan(50);
    expect(declared('admin')).toEqual(expect.arrayContaining(adminPaths));
    expect(declared('admin')).toContain('POST /crud/test-payments/clock');
    expect(declared('user')).toEqual(
      expect.arrayContaining([
        'GET /crud/user',
        'POST /crud/purchases',
        'GET /crud/orders',
        'POST /crud/stripe/customer/card',
        'GET /crud/stripe/customer/my/subscriptions',
        'POST /crud/reset/password',
        'POST /crud/user-account/:id',
      ]),
    );
    // A child profile listens too (issue 42): the library is the family's, whoever listens.
    expect(declared('listener')).toEqual(
      expect.arrayContaining(['GET /crud/my-library', 'PUT /crud/my-library/progress/:skuId']),
    );
  });

  it('answer a visitor 401 not_authenticated before reading the body or the parameters', async () => {
    expect(await wrongAnswers('visitor', 401, 'not_authenticated', 'any')).toEqual([]);
  });

  it('answer a customer 403 forbidden on every back-office route before reading the body or the parameters', async () => {
    expect(await wrongAnswers('customer', 403, 'forbidden', 'admin')).toEqual([]);
  });

  it('answer an impersonating admin 403 forbidden on every back-office route: they act as the family', async () => {
    expect(await wrongAnswers('impersonating admin', 403, 'forbidden', 'admin')).toEqual([]);
  });
});
