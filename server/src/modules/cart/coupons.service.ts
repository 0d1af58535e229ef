import {
  ADMIN_COUPON_ORDERS_MAX,
  ADMIN_COUPONS_PER_PAGE,
  type AdminCoupon,
  type AdminCouponBody,
  type AdminCouponDetail,
  type AdminCouponsResponse,
  type AdminCouponWithdrawal,
  type Coupon,
  type CouponStatus,
  discountableSkuTypes,
  type LangCode,
  type OrderStatus,
  type TitlesBody,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toCents, toUsd } from '../../lib/money';
import { titleIn } from '../../lib/titles';
import { type PricedSku, priceCents } from '../catalogue/pricing';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { type CouponRow, couponRepository } from './coupons.repository';

/**
 * Per client address: codes are short words, so the lookup could be used
 * to guess them; this is plenty for a family's typos and far too few to
 * walk through a dictionary.
 */
export const COUPON_LOOKUP_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 10 * 60 };

/**
 * Per client address, counted apart from the look-up (the web sends one of
 * each for every code tried), so applying is no way round its limit
 * (issue 26 item 3).
 */
export const COUPON_APPLY_RATE_LIMIT: RateLimit = COUPON_LOOKUP_RATE_LIMIT;

/** A gift to the ministry is given in full: a cart holding one takes no coupon (issue 12). */
const NOT_WITH_COUPON: ReadonlySet<string> = new Set(['donation', 'recurring_donation']);

const isDiscountable = (type: string) => discountableSkuTypes.includes(type as (typeof discountableSkuTypes)[number]);

/** An inactive coupon is withdrawn: to a family it does not exist. */
const isKnown = (coupon: CouponRow | undefined): coupon is CouponRow => coupon?.active === true;

export const discountTypeOf = (coupon: CouponRow) => (coupon.percent_off !== null ? 'percent' : 'amount');

/** Spec §3 Coupon as the API shows it (dollars, ISO dates), titled in `lang` (decision 038; none: in English). */
export function toCoupon(row: CouponRow, lang?: LangCode | null): Coupon {
  return {
    id: row.id,
    code: row.code,
    title: titleIn(row.titles, lang, row.title),
    discount_type: discountTypeOf(row),
    percent_off: row.percent_off,
    amount_off: row.amount_off_cents === null ? null : toUsd(row.amount_off_cents),
    expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    max_redemptions: row.max_redemptions,
    redemptions: row.redemptions,
  };
}

export type CouponRefusal = 'coupon_not_found' | 'coupon_could_not_apply' | 'coupon_expired' | 'coupon_redeemed';

/**
 * Why the coupon cannot go with a cart of these lines now, or null when it
 * can. The one rule behind applying a coupon (which refuses) and the cart
 * total (which leaves out a coupon that no longer applies).
 */
export function couponRefusal(
  coupon: CouponRow | undefined,
  lines: readonly { type: string }[],
  now: Date,
): CouponRefusal | null {
  if (!isKnown(coupon)) return 'coupon_not_found';
  if (lines.some((l) => NOT_WITH_COUPON.has(l.type))) return 'coupon_could_not_apply';
  if (coupon.expires_at !== null && new Date(coupon.expires_at) <= now) return 'coupon_expired';
  // Redemptions are counted when an order is paid (checkout), not here.
  if (coupon.max_redemptions !== null && coupon.redemptions >= coupon.max_redemptions) return 'coupon_redeemed';
  return null;
}

/** Throws the refusal: 404 for a coupon the shop does not know, 409 for one that cannot go with this cart. */
export function assertApplicable(
  coupon: CouponRow | undefined,
  lines: readonly { type: string }[],
  now: Date,
): asserts coupon is CouponRow {
  const refusal = couponRefusal(coupon, lines, now);
  if (refusal) throw new AppError(refusal === 'coupon_not_found' ? 'not_found' : 'conflict', refusal);
}

/**
 * What the coupon takes off, in cents. Only the discountable lines (albums,
 * tracks, CDs, books) count; a percentage is rounded half up to the cent;
 * an amount takes at most what those lines cost, so a total never goes
 * below zero.
 */
export function discountCents(coupon: CouponRow, lines: readonly (PricedSku & { type: string; quantity: number })[]) {
  let discountable = 0;
  for (const line of lines) if (isDiscountable(line.type)) discountable += priceCents(line) * line.quantity;
  if (coupon.percent_off !== null) return Math.floor((discountable * coupon.percent_off + 50) / 100);
  return Math.min(coupon.amount_off_cents ?? 0, discountable);
}

/** Counts one attempt to apply a coupon from this client address: 429 rate_limited past COUPON_APPLY_RATE_LIMIT. */
export const enforceApplyRateLimit = (db: Db, clientIp: string) =>
  enforceRateLimit(db, `coupon-apply:${clientIp}`, COUPON_APPLY_RATE_LIMIT);

/**
 * The coupon `couponId` as the cart may take it (issue 26 item 3): one this
 * session found by its code, or the one the cart holds already (applying it
 * again changes nothing). Any other id, a guessed one, is unknown to the
 * family exactly as a mistyped code is: undefined, which assertApplicable
 * refuses with coupon_not_found.
 */
export async function couponToApply(
  repo: ReturnType<typeof couponRepository>,
  { sessionId, couponId, heldId }: { sessionId: string; couponId: number; heldId: number | null },
): Promise<CouponRow | undefined> {
  return couponId === heldId ? repo.findById(couponId) : repo.findLookedUp(sessionId, couponId);
}

/** GET /crud/coupon/code/{code}: what a family typed, before applying it. */
export function couponService(db: Db) {
  const repo = couponRepository(db);
  return {
    /**
     * `code` is trimmed already (CouponCodeParams); the shop matches it
     * whatever its case. A coupon found is recorded against the asking
     * session (if it has one), so that session's cart may then take it.
     */
    async findByCode(code: string, clientIp: string, sessionId: string | undefined, lang?: LangCode): Promise<Coupon> {
      if (code === '') throw new AppError('invalid_data', 'coupon_enter_code');
      await enforceRateLimit(db, `coupon-code:${clientIp}`, COUPON_LOOKUP_RATE_LIMIT);
      const coupon = await repo.findByCode(code);
      if (!isKnown(coupon)) throw new AppError('not_found', 'coupon_not_found');
      if (sessionId !== undefined) await repo.recordLookup(sessionId, coupon.id);
      return toCoupon(coupon, lang);
    },
  };
}

/** Where a coupon stands for the back office: withdrawn, expired or used up as couponRefusal would refuse it, else active. */
export function couponStatus(row: CouponRow, now: Date): CouponStatus {
  if (!row.active) return 'withdrawn';
  if (row.expires_at !== null && new Date(row.expires_at) <= now) return 'expired';
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) return 'used_up';
  return 'active';
}

const toAdminCoupon = (row: CouponRow, now: Date, lang?: LangCode): AdminCoupon => ({
  ...toCoupon(row, lang),
  titles: { en: row.title, es: row.titles?.es ?? null, ru: row.titles?.ru ?? null },
  status: couponStatus(row, now),
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * Issue 30 item 4: coupons as the back office issues and withdraws them,
 * over the same table and by the same rules as the storefront reads them.
 * Built over the caller's transaction, so the audit entry goes with the change.
 */
export function couponAdminService(db: Db) {
  const repo = couponRepository(db);
  return {
    /** Titled in `lang`, the back office's language, as the storefront of that language titles them. */
    async list(page: number, lang: LangCode, now = new Date()): Promise<AdminCouponsResponse> {
      const { rows, count } = await repo.page(page, ADMIN_COUPONS_PER_PAGE);
      return { items: rows.map((r) => toAdminCoupon(r, now, lang)), page, per_page: ADMIN_COUPONS_PER_PAGE, count };
    },

    /** The coupon and the paid orders that used it; 404 for an id the shop never had (or deleted). */
    async detail(id: number, lang: LangCode, now = new Date()): Promise<AdminCouponDetail> {
      const coupon = await repo.findById(id);
      if (!coupon) throw new AppError('not_found', 'not_found');
      const { rows, count } = await repo.redemptions(id, ADMIN_COUPON_ORDERS_MAX);
      return {
        coupon: toAdminCoupon(coupon, now, lang),
        orders: rows.map((r) => ({
          id: r.id,
          number: r.number,
          status: r.status as OrderStatus,
          paid_at: new Date(r.paid_at as Date | string).toISOString(),
          customer: { id: r.user_id, email: r.email, name: r.name || r.email },
          discount_usd: toUsd(r.discount_cents),
          total_usd: toUsd(r.total_cents),
        })),
        orders_count: count,
      };
    },

    /**
     * A new coupon (the body checked by AdminCouponBody: one discount, an
     * expiry to come). A code the shop has, whatever its case (as families
     * type it), is refused on the code field, and nothing is written.
     */
    async create(body: AdminCouponBody, lang: LangCode, now = new Date()): Promise<AdminCoupon> {
      const inserted = await repo.insertNew({
        code: body.code,
        title: body.title,
        percent_off: body.percent_off ?? null,
        amount_off_cents: body.amount_off === null || body.amount_off === undefined ? null : toCents(body.amount_off),
        expires_at: body.expires_at ?? null,
        max_redemptions: body.max_redemptions ?? null,
      });
      if (!inserted) {
        throw new AppError('invalid_data', 'validation_failed', {}, { code: { key: 'admin.coupons.codeTaken' } });
      }
      await repo.setTitles(inserted.id, body.title, { es: body.title_es, ru: body.title_ru });
      return this.read(inserted.id, lang, now);
    },

    /**
     * Its titles (decision 038): English required, a language left empty
     * shows English on its site. 404 for an id the shop does not have; the
     * titles before, for the audit.
     */
    async retitle(id: number, body: TitlesBody, lang: LangCode, now = new Date()) {
      const before = await repo.findForUpdate(id);
      if (!before) throw new AppError('not_found', 'not_found');
      await repo.setTitles(id, body.title, { es: body.title_es, ru: body.title_ru });
      return { before: toAdminCoupon(before, now, lang), coupon: await this.read(id, lang, now) };
    },

    async read(id: number, lang: LangCode, now = new Date()): Promise<AdminCoupon> {
      const row = await repo.findById(id);
      if (!row) throw new AppError('not_found', 'not_found');
      return toAdminCoupon(row, now, lang);
    },

    /**
     * Withdraws the coupon so no family can use it: a coupon an order names
     * is made inactive and kept (the order and its receipt keep it, spec
     * §3); one no order used is deleted. Withdrawing a withdrawn coupon
     * changes nothing. 404 for an id the shop does not have.
     */
    async withdraw(id: number): Promise<AdminCouponWithdrawal & { coupon: CouponRow }> {
      const coupon = await repo.findForUpdate(id);
      if (!coupon) throw new AppError('not_found', 'not_found');
      if (await repo.usedOnAnOrder(id)) {
        if (coupon.active) await repo.deactivate(id);
        return { id, code: coupon.code, outcome: 'withdrawn', coupon };
      }
      await repo.delete(id);
      return { id, code: coupon.code, outcome: 'deleted', coupon };
    },
  };
}
