/**
 * The back office's lists keep their filters in the address (issue 29: a
 * volunteer bookmarks "unshipped CDs this week", reloads, goes back).
 */

/** The page of the address (`?page=`, from 1); anything else is page 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * A list's address: its path and its values, the empty ones and page 1 left
 * out, so the plain list has the plain address. A value equal to its entry
 * in `defaults` is left out too.
 */
export function listHref(
  path: string,
  values: Record<string, string | number | undefined>,
  defaults: Record<string, string> = {},
): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === '' || String(value) === defaults[name]) continue;
    if (name === 'page' && Number(value) <= 1) continue;
    out.set(name, String(value));
  }
  const query = out.toString();
  return query ? `${path}?${query}` : path;
}
