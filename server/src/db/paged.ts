import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a list and how many the whole list has (the admin's lists, a
 * family's orders): `filtered` is the list's table and filters, `selected`
 * adds its columns and order. Both queries start from the same filters, so the
 * count always counts the rows the pages hold. Pages count from 1.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  selected: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: number,
  perPage: number,
): Promise<{ rows: O[]; count: number }> {
  const [rows, count] = await Promise.all([
    selected(filtered)
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    // A count is a bigint (a string from node-postgres); the generic builder cannot name its one column.
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow() as Promise<{ n: number | string | bigint }>,
  ]);
  return { rows, count: Number(count.n) };
}
