import type { CompiledQuery } from 'kysely';
import type { Db } from '../src/db/database';

/** The tables a query reads, as PostgreSQL plans it (EXPLAIN's relation names, subqueries and CTEs included). */
export async function tablesRead(db: Db, query: CompiledQuery<unknown>): Promise<Set<string>> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>({ ...query, sql: `explain (format json) ${query.sql}` });
  const read = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Relation Name') read.add(value as string);
        else visit(value);
      }
    }
  };
  visit(rows[0]?.['QUERY PLAN']);
  return read;
}
