import { z } from 'zod';
import { SiteQuery } from './common';
import { IdParam } from './numbers';

/**
 * Issue 29 item 6: a user's page in the back office, and what a volunteer
 * may do for them: send a password-reset link, lock or unlock sign-in,
 * grant or remove the admin right (never the last admin's).
 */

const Usd = z.number().describe('US dollars, 2 decimals');
const IsoDate = z.string().describe('ISO date-time');

export const AdminUserParams = z.strictObject({ id: IdParam });

export const AdminUserDetail = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    is_admin: z.boolean(),
    /** Signing in is locked by an admin (the account stays; its sessions ended when it was locked). */
    sign_in_locked: z.boolean(),
    /** Repeated failed logins: signing in needs a solved captcha for now. */
    login_challenge: z.boolean(),
    created_at: IsoDate,
    orders: z.array(
      z.object({ id: z.number().int(), number: z.string(), status: z.string(), created_at: IsoDate, total_usd: Usd }),
    ),
    /** Plans and monthly donations, as the local record knows them. */
    renewals: z.array(
      z.object({
        type: z.enum(['subscription', 'recurring_donation']),
        title: z.string(),
        status: z.enum(['active', 'past_due', 'cancelled']),
        amount_usd: Usd,
        interval: z.enum(['month', 'year']),
        current_period_end: IsoDate.nullable(),
      }),
    ),
    gift_cards: z.array(z.object({ id: z.number().int(), original_usd: Usd, balance_usd: Usd, created_at: IsoDate })),
    /** Saved cards: brand and last4 only. */
    cards: z.array(z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() })),
    addresses: z.array(
      z.object({
        fname: z.string(),
        lname: z.string(),
        line1: z.string(),
        city: z.string(),
        state: z.string(),
        postal_code: z.string(),
        country_id: z.number().int(),
        phone: z.string(),
      }),
    ),
  })
  .meta({ id: 'AdminUserDetail' });
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

/** POST /crud/admin/users/{id}/lock. */
export const LockUserBody = z.strictObject({ locked: z.boolean() }).meta({ id: 'LockUserBody' });
/** POST /crud/admin/users/{id}/admin. */
export const AdminRightBody = z.strictObject({ is_admin: z.boolean() }).meta({ id: 'AdminRightBody' });
/** POST /crud/admin/users/{id}/password-reset: where the link went. */
export const PasswordResetSentResponse = z.object({ sent_to: z.string() }).meta({ id: 'PasswordResetSent' });
export const AdminUserQuery = SiteQuery;
