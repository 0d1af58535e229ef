import { z } from 'zod';
import { CaptchaToken } from './captcha';
import { SiteQuery } from './common';
import { IdParam, wholeNumberParam } from './numbers';
import { text } from './text-fields';

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

/** POST /crud/login (spec §7 Account, §5 Login messages). */
export const LoginInput = z.strictObject({
  email: text().trim().min(1, { error: 'accountsLogin.emailRequired' }).max(254),
  password: text().min(1, { error: 'accountsLogin.passwordRequired' }).max(1024),
  back_location: text().max(2048).optional(),
  /**
   * A solved ALTCHA challenge, needed only after repeated failed logins for
   * the e-mail (the server then answers `captcha_required`); ignored otherwise.
   */
  captcha: CaptchaToken.optional(),
});
export type LoginInput = z.input<typeof LoginInput>;

/**
 * The web's login form: the same input, its captcha field empty (and not
 * sent) until the server asks for a challenge, then required.
 */
export const loginForm = (challenge: boolean) =>
  challenge ? LoginInput.required({ captcha: true }) : LoginInput.extend({ captcha: z.literal('') });

export const LoginResponse = z
  .object({ back_location: z.string().describe('Where the web app goes next (spec §4 Login admin rules)') })
  .meta({ id: 'LoginResult' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** GET /crud/masquerade-finish and POST /crud/admin/masquerade/{userId}: where the web app goes next. */
export const MasqueradeResponse = z.object({ back_location: z.string() }).meta({ id: 'MasqueradeResult' });
export type MasqueradeResponse = z.infer<typeof MasqueradeResponse>;

export const MasqueradeParams = z.strictObject({ userId: IdParam });

/** GET /crud/admin/users: the admin's user list (paged, optional search on e-mail and name). */
export const ADMIN_USERS_PER_PAGE = 25;
export const AdminUsersQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  search: text().trim().max(100).default(''),
});

export const AdminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  fullname: z.string(),
  is_admin: z.boolean(),
  locked: z.boolean().describe('Repeated failed logins: signing in currently needs a solved captcha'),
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
