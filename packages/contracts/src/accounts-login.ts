import { z } from 'zod';
import { CaptchaToken } from './captcha';
import { SiteQuery } from './common';
import { IdParam, wholeNumberParam } from './numbers';
import { text } from './text-fields';

export { ADMIN_HOME, DEFAULT_BACK_LOCATION, loginBackLocation, safeBackLocation } from './back-location';

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
  sign_in_locked: z.boolean().describe('An admin locked signing in to the account (issue 29)'),
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
