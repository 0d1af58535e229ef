/**
 * Spec §9 paging: next appears when per_page × page is below the total
 * count; previous when the page is above 1.
 */
export function pagingOf(page: number, perPage: number, count: number) {
  return {
    hasPrevious: page > 1,
    hasNext: perPage * page < count,
    pages: Math.max(1, Math.ceil(count / Math.max(1, perPage))),
  };
}
