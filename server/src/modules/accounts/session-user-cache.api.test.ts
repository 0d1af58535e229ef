import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';

// The short read cache of sessions and users (docs/decisions/010-accounts.md), switched on as in production.
describe('the session read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_CACHE_MS: '1000' } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const user = (cookie: string) => t.app.inject({ method: 'GET', url: '/crud/user', headers: { cookie } });

  it('shows a change made through this instance at once', async () => {
    const u = await createUser(t.db);
    const cookie = await signIn(t.db, u.id);
    expect((await user(cookie)).json().layout).toBe('list');

    const saved = await t.app.inject({
      method: 'POST',
      url: '/crud/user/layout',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { layout: 'grid' },
    });

    expect(saved.statusCode).toBe(200);
    expect((await user(cookie)).json().layout).toBe('grid');
  });

  it('forgets a session at once when it logs out through this instance', async () => {
    const u = await createUser(t.db);
    const cookie = await signIn(t.db, u.id);
    expect((await user(cookie)).statusCode).toBe(200);

    await t.app.inject({ method: 'GET', url: '/logout', headers: { cookie } });

    expect((await user(cookie)).statusCode).toBe(401);
  });

  it('sees a change made elsewhere (another instance) once the cache time has passed', async () => {
    const u = await createUser(t.db);
    const cookie = await signIn(t.db, u.id);
    expect((await user(cookie)).statusCode).toBe(200);

    await t.db.deleteFrom('sessions').where('user_id', '=', u.id).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1001);

    expect((await user(cookie)).statusCode).toBe(401);
  });
});
