import { z } from 'zod';
import { SiteQuery } from './common';

/** Spec §2: /login's default back location. */
export const DEFAULT_BACK_LOCATION = '/';
/** Spec §2 /admin, §4 Login: where an admin lands after login with the default back location. */
export const ADMIN_HOME = '/admin';

/**
 * Only a path on this site: starts with a single '/', no backslash, no
 * control characters (so never `//evil.example`, `/\evil`, `https://…` or
 * `javascript:`). Anything else becomes the default, never an error, so a
 * tampered link still lets the person log in.
 */
export function safeBackLocation(raw: string | null | undefined): string {
  if (!raw) return DEFAULT_BACK_LOCATION;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_BACK_LOCATION;
  try {
    // Resolved against a dummy origin, a site path must stay on it.
    const url = new URL(raw, 'http://site.invalid');
    if (url.origin !== 'http://site.invalid') return DEFAULT_BACK_LOCATION;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_BACK_LOCATION;
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

/** POST /crud/login (spec §7 Account, §5 Login messages). */
export const LoginInput = z.strictObject({
  email: z.string().trim().min(1, { error: 'accountsLogin.emailRequired' }).max(254),
  password: z.string().min(1, { error: 'accountsLogin.passwordRequired' }).max(1024),
  back_location: z.string().max(2048).optional(),
});
export type LoginInput = z.input<typeof LoginInput>;

export const LoginResponse = z
  .object({ back_location: z.string().describe('Where the web app goes next (spec §4 Login admin rules)') })
  .meta({ id: 'LoginResult' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /crud/masquerade-finish and POST /crud/admin/masquerade/{userId}: where the web app goes next. */
export const MasqueradeResponse = z.object({ back_location: z.string() }).meta({ id: 'MasqueradeResult' });
export type MasqueradeResponse = z.infer<typeof MasqueradeResponse>;

export const MasqueradeParams = z.strictObject({ userId: z.coerce.number().int().positive() });

/** GET /crud/admin/users: the admin's user list (paged, optional search on e-mail and name). */
export const ADMIN_USERS_PER_PAGE = 25;
export const AdminUsersQuery = SiteQuery.extend({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  search: z.string().trim().max(100).default(''),
});

export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  is_admin: z.boolean(),
  locked: z.boolean().describe('Temporarily locked after repeated failed logins'),
});
export const AdminUsersResponse = z
  .object({
    items: z.array(AdminUser),
    page: z.number().int(),
    per_page: z.number().int(),
    count: z.number().int(),
  })
  .meta({ id: 'AdminUsers' });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;
