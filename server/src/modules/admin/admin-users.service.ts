import { type AdminUserDetail, isPageRouteBuilt, type LangCode, routePath } from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { recordAdminAction, userTarget } from '../audit/audit';
import { failureKey, LOGIN_CHALLENGE_AFTER, loginFailures } from '../login/login.service';
import { lastOrderLang } from '../orders/last-order-lang';
import { passwordsService } from '../passwords/passwords.service';
import { existingCustomer } from '../payments/customers';
import { pausedUntil } from '../subscriptions/monthly-gifts';
import { adminRepository } from './admin.repository';

type Admin = { id: number; email: string };
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Issue 29 item 6: a user as the back office sees them, and what an admin
 * may do for them, each recorded in the audit log: a password-reset link,
 * signing in locked or unlocked, the admin right granted or removed (never
 * so that no admin could sign in, decision 025).
 */
export function adminUsersService(db: Db, payments: PaymentProvider, { origins }: { origins: Record<LangCode, string> }) {
  const repo = adminRepository(db);

  async function detail(userId: number): Promise<AdminUserDetail> {
    const user = await repo.userDetail(userId);
    if (!user) throw new AppError('not_found', 'not_found');
    const customerId = await existingCustomer(db, payments, userId);
    const [orders, firstOrder, renewals, giftCards, addresses, failures, cards, giftChanges] = await Promise.all([
      repo.ordersOf(userId),
      repo.firstOrderAt(userId),
      repo.renewalsOf(userId),
      repo.giftCardsOf(userId),
      repo.addressesOf(userId),
      loginFailures(db).counts([failureKey(user.email)]),
      // The processor not answering leaves the cards out rather than the page.
      customerId ? payments.listCards(customerId).catch(() => []) : Promise.resolve([]),
      repo.giftChangesOf(userTarget(user.email)),
    ]);
    return {
      id: user.id,
      email: user.email,
      name: `${user.fname} ${user.lname}`.trim(),
      phone: user.phone,
      is_admin: user.is_admin,
      sign_in_locked: user.sign_in_locked_at !== null,
      login_challenge: (failures.get(failureKey(user.email)) ?? 0) >= LOGIN_CHALLENGE_AFTER,
      created_at: iso(user.created_at),
      // An order placed as a guest and later tied to the account, or one brought over, can be older than the account.
      customer_since: iso(firstOrder && new Date(firstOrder) < new Date(user.created_at) ? firstOrder : user.created_at),
      orders: orders.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        created_at: iso(o.created_at),
        total_usd: toUsd(o.total_cents),
      })),
      renewals: renewals.map((r) => ({
        type: r.type === 'subscription' ? 'subscription' : 'recurring_donation',
        title: r.title,
        status: r.status as 'active' | 'past_due' | 'cancelled',
        amount_usd: toUsd(r.amount_cents),
        interval: r.interval === 'year' ? 'year' : 'month',
        current_period_end: r.current_period_end ? iso(r.current_period_end) : null,
        charge_day: r.charge_day,
        paused_until: pausedUntil(r),
      })),
      gift_changes: giftChanges.map((c) => giftChangeOf(iso(c.at), c.details)),
      gift_cards: giftCards.map((g) => ({
        id: g.id,
        original_usd: toUsd(g.original_amount_cents),
        balance_usd: toUsd(g.balance_cents),
        created_at: iso(g.created_at),
      })),
      cards: cards.map((c) => ({ brand: c.brand, last4: c.last4, exp_month: c.exp_month, exp_year: c.exp_year })),
      addresses: addresses.map((a) => ({ ...a, phone: a.phone ?? '' })),
    };
  }

  /** The user, for an action: 404 when there is none. */
  async function target(userId: number) {
    const user = await repo.userDetail(userId);
    if (!user) throw new AppError('not_found', 'not_found');
    return user;
  }

  return {
    detail,

    /** A password-reset link e-mailed to the user, in the language they last ordered in (else English). */
    async sendPasswordReset(request: FastifyRequest, admin: Admin, userId: number) {
      const user = await target(userId);
      const lang = await lastOrderLang(db, userId);
      const page = (isPageRouteBuilt('passwordResetLink') && routePath('passwordResetLink', lang)) || '/forgot-password/reset';
      await passwordsService(db).forgot(
        { lang, clientIp: request.ip, linkFor: (token) => `${origins[lang]}${page}?token=${token}` },
        user.email,
      );
      await recordAdminAction(db, request, admin, 'user.password_reset', userTarget(user.email), { lang });
      return { sent_to: user.email };
    },

    /**
     * Locks or unlocks the user's sign-in. Never one's own (own_sign_in_lock),
     * and never the last admin's who can sign in (last_admin): the back office
     * always keeps someone who can open it.
     */
    async setSignInLock(request: FastifyRequest, admin: Admin, userId: number, locked: boolean) {
      const user = await target(userId);
      if (locked && userId === admin.id) throw new AppError('conflict', 'own_sign_in_lock');
      await db.transaction().execute(async (trx) => {
        const repo = adminRepository(trx);
        if (locked && !(await repo.keepsAnAdminBesides(userId))) throw new AppError('conflict', 'last_admin');
        await repo.setSignInLock(userId, locked);
        await recordAdminAction(trx, request, admin, 'user.lock', userTarget(user.email), { locked });
      });
      return detail(userId);
    },

    /** Grants or removes the admin right; never the last admin's who can sign in (last_admin). */
    async setAdmin(request: FastifyRequest, admin: Admin, userId: number, isAdmin: boolean) {
      const user = await target(userId);
      await db.transaction().execute(async (trx) => {
        const repo = adminRepository(trx);
        if (!isAdmin && !(await repo.keepsAnAdminBesides(userId))) throw new AppError('conflict', 'last_admin');
        await repo.setAdmin(userId, isAdmin);
        await recordAdminAction(trx, request, admin, 'user.admin', userTarget(user.email), { is_admin: isAdmin });
      });
      return detail(userId);
    },
  };
}

/** A monthly gift's change as the audit log recorded it (monthly-gifts, subscriptions.service changeGift). */
function giftChangeOf(at: string, details: unknown): AdminUserDetail['gift_changes'][number] {
  const d = (details ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    at,
    fund: typeof d.fund === 'string' ? d.fund : '',
    amount_usd: num(d.amount_usd) ?? 0,
    charge_day: num(d.charge_day),
    pause_months: num(d.pause_months),
    next_charge: typeof d.next_charge === 'string' ? d.next_charge : at,
  };
}
