import {
  ADMIN_RENEWALS_PER_PAGE,
  type AdminDonorsResponse,
  type AdminRenewalsResponse,
  type LangCode,
  type MySubscription,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { titleIn } from '../../lib/titles';
import { recordAdminAction, userTarget } from '../audit/audit';
import { givingService } from '../giving/giving.service';
import { lastOrderLang } from '../orders/last-order-lang';
import { pausedUntil } from '../subscriptions/monthly-gifts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { adminGivingRepository } from './admin-giving.repository';

type Admin = { id: number; email: string };
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Issue 29 item 4: the plans and monthly gifts that renew, cancelled on a
 * family's behalf by the family's own rules (spec §4), and the year's gifts
 * per fund and per donor with each donor's statement; every action audited.
 */
/** How many plans and monthly gifts are past due (the back office's overview). */
export const pastDueCount = (db: Db) => adminGivingRepository(db).pastDueCount();

export function adminGivingService(db: Db, subscriptions: SubscriptionsService, provider: string) {
  const repo = adminGivingRepository(db);
  return {
    /** Each plan or fund named in `lang`, the back office's language (decision 038). */
    async renewals(query: { page: number; type?: string; status?: string }, lang: LangCode): Promise<AdminRenewalsResponse> {
      const { rows, count } = await repo.renewals(query, query.page, ADMIN_RENEWALS_PER_PAGE);
      return {
        items: rows.map((r) => ({
          subscription_id: r.subscription_id,
          type: r.type === 'subscription' ? 'subscription' : 'recurring_donation',
          title: titleIn(r.titles, lang, r.title),
          status: r.status as 'active' | 'past_due' | 'cancelled',
          amount_usd: toUsd(r.amount_cents),
          interval: r.interval === 'year' ? 'year' : 'month',
          current_period_end: r.current_period_end ? iso(r.current_period_end) : null,
          cancel_at: r.cancel_at ? iso(r.cancel_at) : null,
          paused_until: pausedUntil(r),
          started_at: iso(r.created_at),
          customer: { id: r.user_id, email: r.email, name: `${r.fname} ${r.lname}`.trim() || r.email },
        })),
        page: query.page,
        per_page: ADMIN_RENEWALS_PER_PAGE,
        count,
      };
    },

    /** Cancel on the family's behalf: the family's own cancel (its rules, its refund, its e-mail), recorded as the admin's. */
    async cancel(
      request: FastifyRequest,
      admin: Admin,
      subscriptionId: string,
      when: 'now' | 'period_end',
    ): Promise<MySubscription> {
      const owner = await repo.ownerOf(provider, subscriptionId);
      if (!owner) throw new AppError('not_found', 'no_subscription');
      const result = await subscriptions.cancel(owner.user_id, subscriptionId, when);
      await recordAdminAction(db, request, admin, 'subscription.cancel', userTarget(owner.email), {
        subscription: subscriptionId,
        when,
        refund_usd: result.refund_usd,
      });
      return result;
    },

    async donors(year: number): Promise<AdminDonorsResponse> {
      const gifts = await repo.gifts(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
      const funds = new Map<string, { title: string; one_time: number; monthly: number; gifts: number }>();
      const donors = new Map<
        number,
        { id: number; email: string; name: string; one_time: number; monthly: number; gifts: number; anonymous: boolean }
      >();
      for (const g of gifts) {
        const fund = funds.get(g.title) ?? { title: g.title, one_time: 0, monthly: 0, gifts: 0 };
        const donor = donors.get(g.user_id) ?? {
          id: g.user_id,
          email: g.email,
          name: g.name || g.email,
          one_time: 0,
          monthly: 0,
          gifts: 0,
          anonymous: false,
        };
        // Decision 070: one gift given without the donor's name marks the donor for anything published.
        donor.anonymous ||= g.anonymous;
        for (const sum of [fund, donor]) {
          if (g.monthly) sum.monthly += g.cents;
          else sum.one_time += g.cents;
          sum.gifts += 1;
        }
        funds.set(g.title, fund);
        donors.set(g.user_id, donor);
      }
      const usd = <T extends { one_time: number; monthly: number }>({ one_time, monthly, ...rest }: T) => ({
        ...rest,
        one_time_usd: toUsd(one_time),
        monthly_usd: toUsd(monthly),
      });
      const byTotal = (a: { one_time: number; monthly: number }, b: { one_time: number; monthly: number }) =>
        b.one_time + b.monthly - (a.one_time + a.monthly);
      return {
        year,
        total_usd: toUsd(gifts.reduce((sum, g) => sum + g.cents, 0)),
        funds: [...funds.values()].sort(byTotal).map(usd),
        donors: [...donors.values()].sort(byTotal).map(usd),
      };
    },

    /** The donor's statement as the printable page shows it. */
    statement: (userId: number, year: number, lang: LangCode) => givingService(db).statement(userId, year, lang),

    /** The donor's year-end statement e-mailed to them, in the language they last ordered in. */
    async sendStatement(request: FastifyRequest, admin: Admin, userId: number, year: number) {
      const lang = await lastOrderLang(db, userId);
      const sent = await givingService(db).sendStatement(userId, year, lang);
      await recordAdminAction(db, request, admin, 'donor.statement', userTarget(sent.sent_to), { year });
      return sent;
    },
  };
}
