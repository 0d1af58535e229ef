// Back locations (spec §2 /login, §4 Login) without zod: the web's first
// download links to them (the API client's 401 rule), and a module that
// builds schemas at load time would bring zod along.

/** Spec §2: /login's default back location. */
export const DEFAULT_BACK_LOCATION = '/';
/** Spec §2 /admin, §4 Login: where an admin lands after login with the default back location. */
export const ADMIN_HOME = '/admin';

/**
 * Only a path on this site: starts with a single '/', no backslash, no
 * control characters (so never `//evil.example`, `/\evil`, `https://…` or
 * `javascript:`). Anything else becomes the default, never an error, so a
 * tampered link still lets the person log in. Idempotent: the answer is
 * itself a safe path that comes back unchanged.
 */
export function safeBackLocation(raw: string | null | undefined): string {
  const path = resolveSitePath(raw);
  // Dot segments resolve to something new (`/..//evil.example` → `//evil.example`,
  // a protocol-relative URL): the result must pass the same checks and be final.
  return path !== undefined && resolveSitePath(path) === path ? path : DEFAULT_BACK_LOCATION;
}

/** A raw back location resolved as a path of this site, or undefined when it is anything else. */
function resolveSitePath(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return undefined;
  try {
    // Resolved against a dummy origin, a site path must stay on it.
    const url = new URL(raw, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

const isAdminPath = (path: string) =>
  path === ADMIN_HOME || path.startsWith(`${ADMIN_HOME}/`) || path.startsWith(`${ADMIN_HOME}?`);

/**
 * Spec §4 Login: an admin with the default back location goes to /admin; a
 * back location starting with /admin is honoured for admins only (others go
 * home); otherwise the back location.
 */
export function loginBackLocation(raw: string | null | undefined, isAdmin: boolean): string {
  const path = safeBackLocation(raw);
  if (isAdmin && path === DEFAULT_BACK_LOCATION) return ADMIN_HOME;
  if (!isAdmin && isAdminPath(path)) return DEFAULT_BACK_LOCATION;
  return path;
}
