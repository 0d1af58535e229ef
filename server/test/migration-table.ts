import type { Insertable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Db } from '../src/db/database';
import type { Carts } from '../src/db/schema';
import { createTestDatabase } from './database';

/**
 * A migrated database of its own for the enclosing describe block, open
 * while its tests run: for checking what a migration's tables refuse.
 * Read `db` inside the tests (it is not open before).
 */
export function useMigratedDatabase(): { readonly db: Db } {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());
  return {
    get db() {
      if (!database) throw new Error('useMigratedDatabase: the database opens in beforeAll; read db inside a test');
      return database.db;
    },
  };
}

let users = 0;

/** Inserts a cart with these values, owned by a new user (a cart needs an owner); answers its id. */
export async function insertUserCart(db: Db, values: Partial<Insertable<Carts>> = {}) {
  users += 1;
  const user = await db
    .insertInto('users')
    .values({ email: `cart-owner-${users}@example.test`, fname: 'A', lname: 'B' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('carts')
    .values({ user_id: user.id, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
}
