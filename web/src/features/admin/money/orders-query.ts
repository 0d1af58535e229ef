import { AdminOrderFilter } from '@storyhouse/contracts';
import type { AdminOrdersFilters } from '../shared/api/get-admin-orders';
import { listHref, pageParam } from '../shared/list-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The orders list's filters as the address has them; a value the list would not take is left out. */
export function readOrdersFilters(params: URLSearchParams): AdminOrdersFilters {
  const filter = AdminOrderFilter.safeParse(params.get('filter'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    filter: filter.success ? filter.data : 'all',
    from: day('from'),
    to: day('to'),
    search: (params.get('search') ?? '').trim().slice(0, 100),
    page: pageParam(params),
  };
}

/** The address of the orders list with these filters (`all` and page 1 left out). */
export const ordersHref = (path: string, f: Partial<AdminOrdersFilters>) =>
  listHref(path, { filter: f.filter, from: f.from, to: f.to, search: f.search, page: f.page }, { filter: 'all' });
