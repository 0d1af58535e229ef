import { z } from 'zod';
import { SiteQuery } from './common';
import { IdParam, wholeNumberParam } from './numbers';
import { text } from './text-fields';

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
    /** When the account was made. */
    created_at: IsoDate,
    /** A customer since: their first order (not a failed one) or their sign-up, whichever came first. */
    customer_since: IsoDate,
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
        /** Issue 45: a monthly gift's chosen day of the month, null while it keeps the day it was given. */
        charge_day: z.number().int().nullable(),
        /** Issue 45: while a monthly gift is paused, the day it is charged again. */
        paused_until: IsoDate.nullable(),
      }),
    ),
    /** Issue 45: the changes the donor made to their monthly gifts (from the audit log), newest first. */
    gift_changes: z.array(
      z.object({
        at: IsoDate,
        fund: z.string(),
        amount_usd: Usd,
        charge_day: z.number().int().nullable(),
        pause_months: z.number().int().nullable(),
        next_charge: IsoDate,
      }),
    ),
    /**
     * Issue 45: renewals whose charge failed, newest first (at most 50): what for, how much, when it first
     * failed and how many times, and when a later charge paid it (null: not paid).
     */
    failed_charges: z.array(
      z.object({
        invoice_id: z.string(),
        title: z.string(),
        type: z.enum(['subscription', 'recurring_donation']),
        amount_usd: Usd,
        failed_at: IsoDate,
        failures: z.number().int(),
        recovered_at: IsoDate.nullable(),
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

/** Issue 29 item 4: the plans and monthly donations that renew, for the back office. */
export const ADMIN_RENEWALS_PER_PAGE = 50;
export const AdminRenewalsQuery = SiteQuery.extend({
  page: wholeNumberParam(1, 100000).default(1),
  type: z.enum(['subscription', 'recurring_donation']).optional(),
  status: z.enum(['active', 'past_due', 'cancelled']).optional(),
});
export const AdminRenewal = z
  .object({
    subscription_id: z.string(),
    type: z.enum(['subscription', 'recurring_donation']),
    title: z.string(),
    status: z.enum(['active', 'past_due', 'cancelled']),
    amount_usd: Usd,
    interval: z.enum(['month', 'year']),
    /** The next payment's date while it renews (the end of the period paid). */
    current_period_end: IsoDate.nullable(),
    /** Set while a cancel at the period's end is pending. */
    cancel_at: IsoDate.nullable(),
    /** Issue 45: while a monthly gift is paused, the day it is charged again. */
    paused_until: IsoDate.nullable(),
    started_at: IsoDate,
    customer: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  })
  .meta({ id: 'AdminRenewal' });
export const AdminRenewalsResponse = z
  .object({ items: z.array(AdminRenewal), page: z.number().int(), per_page: z.number().int(), count: z.number().int() })
  .meta({ id: 'AdminRenewals' });
export type AdminRenewalsResponse = z.infer<typeof AdminRenewalsResponse>;

export const AdminRenewalParams = z.strictObject({
  id: text()
    .max(100)
    .regex(/^[A-Za-z0-9_]+$/),
});
/** POST /crud/admin/renewals/{id}/cancel: on the family's behalf, by the same rules as their own cancel (spec §4). */
export const AdminCancelRenewalBody = z
  .strictObject({ when: z.enum(['now', 'period_end']) })
  .meta({ id: 'AdminCancelRenewalBody' });

/** Issue 29 item 4: gifts per fund and per donor in a calendar year. */
export const AdminDonorsQuery = SiteQuery.extend({ year: wholeNumberParam(2000, 2100) });
export const AdminDonorsResponse = z
  .object({
    year: z.number().int(),
    total_usd: Usd,
    funds: z.array(z.object({ title: z.string(), one_time_usd: Usd, monthly_usd: Usd, gifts: z.number().int() })),
    donors: z.array(
      z.object({
        id: z.number().int(),
        email: z.string(),
        name: z.string(),
        one_time_usd: Usd,
        monthly_usd: Usd,
        gifts: z.number().int(),
        /** A gift of the year chose "don't show my name" (decision 070): leave this donor off anything published. */
        anonymous: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'AdminDonors' });
export type AdminDonorsResponse = z.infer<typeof AdminDonorsResponse>;
/** POST /crud/admin/donors/{id}/statement {year}: the donor's year-end statement e-mailed to them. */
export const AdminStatementBody = z
  .strictObject({ year: z.number().int().min(2000).max(2100) })
  .meta({ id: 'AdminStatementBody' });

/** GET /crud/admin/donors/{id}/statement?year=: the statement as a printable page shows it. */
export const AdminStatementQuery = SiteQuery.extend({ year: wholeNumberParam(2000, 2100) });

/**
 * The year's statements sent to every donor (issue 45, decision 069): GET /crud/admin/statements?year= and
 * POST /crud/admin/statements {year}. `started` false: not sent yet (total and sent 0); a run is done once
 * `finished_at` is set (sent = total). A donor is sent a year's statement once; a press after the run adds only
 * the donors who first gave since.
 */
export const StatementRun = z
  .object({
    year: z.number().int(),
    started: z.boolean(),
    total: z.number().int(),
    sent: z.number().int(),
    /** Donors of the year without a statement in the run yet (all of them before it begins): whom a press sends to. */
    new_donors: z.number().int(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'StatementRun' });
export type StatementRun = z.infer<typeof StatementRun>;
export const GivingStatementDetail = z
  .object({
    year: z.number().int(),
    donor: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
    gifts: z.array(
      z.object({
        given_at: IsoDate,
        fund: z.string(),
        amount_usd: Usd,
        monthly: z.boolean(),
        order_number: z.string().nullable(),
      }),
    ),
    total_usd: Usd,
  })
  .meta({ id: 'GivingStatementDetail' });
export type GivingStatementDetail = z.infer<typeof GivingStatementDetail>;
