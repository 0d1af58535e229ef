import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { prepared, preparedQuery } from './prepared';

describe('prepared queries', () => {
  it('answers a marked query like any other, with its parameters, on both databases', async () => {
    const { db } = await createTestDatabase();
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const { rows } = await sql<{ twice: number }>`${prepared}select ${n}::int * 2 as twice`.execute(db);
      expect(rows).toEqual([{ twice: n * 2 }]);
    }
  });

  it('keeps a marked query prepared on the PostgreSQL connection, and only a marked one', async () => {
    const database = await createTestDatabase();
    if (database.kind !== 'postgres') return;
    const names = await database.db.connection().execute(async (c) => {
      await sql`${prepared}select 41 + 1 as answer`.execute(c);
      await sql`select 'not kept' as plain`.execute(c);
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(c);
      return rows;
    });
    expect(names).toHaveLength(1);
    expect(names[0]?.name).toMatch(/^q_[0-9a-f]{20}$/);
    expect(names[0]?.statement).toContain('41 + 1');
  });

  it('runs a Kysely query marked with preparedQuery, kept prepared on PostgreSQL', async () => {
    const database = await createTestDatabase();
    const query = (c: typeof database.db) => c.selectFrom('countries').select('country_name').where('code', '=', 'US');
    const { rows } = await database.db.executeQuery(preparedQuery(query(database.db)));
    expect(rows).toEqual([{ country_name: 'United States' }]);
    if (database.kind !== 'postgres') return;
    const statements = await database.db.connection().execute(async (c) => {
      await c.executeQuery(preparedQuery(query(c)));
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
      return rows.map((r) => r.statement);
    });
    expect(statements).toEqual([expect.stringContaining('from "countries"')]);
  });
});
