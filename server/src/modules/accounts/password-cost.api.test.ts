import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import type { Database } from '../../db/database';
import { DEMO_PASSWORD_HASH_PARAMS, PASSWORD_HASH_PARAMS } from './password';

/**
 * The cost a new password is hashed at is an option of the app (buildApp's
 * `passwordHash`), never a module mock that could leak from one test file
 * into the next of the same worker: a production server always hashes at the
 * full scrypt cost, and refuses to start with a cheaper one.
 */

const PRODUCTION = { NODE_ENV: 'production', PAYMENTS: 'test' };

// One database for the file: each app of a test is another server on it.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let accounts = 0;

/** Creates an account through the API, as the sign-up form does, and answers the hash its row stores. */
async function storedHashOfNewAccount(app: TestApp) {
  const email = `cost.${++accounts}@example.test`;
  const password = 'listen-along-8';
  const res = await app.app.inject({
    method: 'POST',
    url: '/crud/user-account',
    payload: {
      user: { firstName: 'Ada', lastName: 'Lovelace', email, emailConfirm: email, password, passwordConfirm: password },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await app.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('the scrypt cost of new passwords', () => {
  it('is the full cost (N = 2^17) on a production server', async () => {
    t = await createTestApp({ webRoot: null, env: PRODUCTION, database });

    expect(await storedHashOfNewAccount(t)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('a production server refuses to start with a cheaper one', async () => {
    await expect(
      createTestApp({ webRoot: null, env: PRODUCTION, database, passwordHash: DEMO_PASSWORD_HASH_PARAMS }),
    ).rejects.toThrow(/full scrypt cost/);
  });

  it('a test app hashes at the cheap cost unless it chooses the full one, which only that app uses', async () => {
    t = await createTestApp({ webRoot: null, database });
    expect(await storedHashOfNewAccount(t)).toMatch(/^scrypt\$1024\$8\$1\$/);
    await t.close();

    t = await createTestApp({ webRoot: null, database, passwordHash: PASSWORD_HASH_PARAMS });
    expect(await storedHashOfNewAccount(t)).toMatch(/^scrypt\$131072\$8\$1\$/);
    await t.close();

    // The next app of the same worker (one module graph per worker: vitest isolate off) is back at the cheap cost.
    t = await createTestApp({ webRoot: null, database });
    expect(await storedHashOfNewAccount(t)).toMatch(/^scrypt\$1024\$/);
  });
});
