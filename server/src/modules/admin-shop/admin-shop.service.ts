import type {
  AdminCouponBody,
  AdminShopTitle,
  AdminShopTitlesResponse,
  LangCode,
  ShippingRateBody,
  TaxRateBody,
  TitlesBody,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { type Titles, titleDetails, titleIn } from '../../lib/titles';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { couponAdminService } from '../cart/coupons.service';
import { ratesService, shippingTarget } from '../cart/rates.service';
import { shopTitlesRepository } from './shop-titles.repository';

type Admin = { id: number; email: string };

/** A plan's, fund's or the gift card's titles as the form shows them: English as given, else the shop's name for it. */
const shopTitle = (
  row: { id: number; type: string; code: string | null; title: string; titles: Titles | null },
  lang: LangCode,
) => ({
  sku_id: row.id,
  type: row.type as AdminShopTitle['type'],
  code: row.code ?? '',
  title: titleIn(row.titles, lang, row.title),
  titles: { en: row.titles?.en ?? row.title, es: row.titles?.es ?? null, ru: row.titles?.ru ?? null },
});

/** How the audit log names a coupon. */
const couponTarget = (code: string) => auditTarget('coupon', code);

/**
 * Issue 30 item 4: coupons, shipping and tax rates in the back office. The
 * rules are the cart's (coupons.service, rates.service: one home each, the
 * storefront's); here each edit and its audit entry are one transaction, so
 * both happen or neither.
 */
export function adminShopService(db: Db) {
  return {
    coupons: (page: number, lang: LangCode) => couponAdminService(db).list(page, lang),
    coupon: (id: number, lang: LangCode) => couponAdminService(db).detail(id, lang),
    rates: () => ratesService(db).list(),

    createCoupon(request: FastifyRequest, admin: Admin, body: AdminCouponBody) {
      return db.transaction().execute(async (trx) => {
        const coupon = await couponAdminService(trx).create(body, request.siteLang);
        await recordAdminAction(trx, request, admin, 'coupon.create', couponTarget(coupon.code), {
          ...titleDetails(coupon.titles),
          percent_off: coupon.percent_off,
          amount_off_usd: coupon.amount_off,
          expires_at: coupon.expires_at,
          max_redemptions: coupon.max_redemptions,
        });
        return coupon;
      });
    },

    retitleCoupon(request: FastifyRequest, admin: Admin, id: number, body: TitlesBody) {
      return db.transaction().execute(async (trx) => {
        const { before, coupon } = await couponAdminService(trx).retitle(id, body, request.siteLang);
        await recordAdminAction(trx, request, admin, 'coupon.retitle', couponTarget(coupon.code), {
          ...titleDetails(coupon.titles),
          ...titleDetails(before.titles, 'was_'),
        });
        return coupon;
      });
    },

    /** The plans, funds and gift card with their titles, each named in `lang` (decision 038). */
    async shopTitles(lang: LangCode): Promise<AdminShopTitlesResponse> {
      return { items: (await shopTitlesRepository(db).list()).map((row) => shopTitle(row, lang)) };
    },

    /** A plan's, fund's or the gift card's titles: English required, a language left empty shows English; audited. */
    retitleSku(request: FastifyRequest, admin: Admin, skuId: number, body: TitlesBody) {
      return db.transaction().execute(async (trx) => {
        const repo = shopTitlesRepository(trx);
        const before = await repo.findForUpdate(skuId);
        if (!before) throw new AppError('not_found', 'not_found');
        await repo.setTitles(skuId, { en: body.title, es: body.title_es, ru: body.title_ru });
        const after = shopTitle(
          { ...before, titles: { en: body.title, es: body.title_es || undefined, ru: body.title_ru || undefined } },
          request.siteLang,
        );
        await recordAdminAction(trx, request, admin, 'sku.retitle', auditTarget('sku', `${before.type} ${before.code}`), {
          ...titleDetails(after.titles),
          ...titleDetails(shopTitle(before, request.siteLang).titles, 'was_'),
        });
        return after;
      });
    },

    withdrawCoupon(request: FastifyRequest, admin: Admin, id: number) {
      return db.transaction().execute(async (trx) => {
        const { coupon, ...withdrawal } = await couponAdminService(trx).withdraw(id);
        await recordAdminAction(trx, request, admin, 'coupon.withdraw', couponTarget(coupon.code), {
          outcome: withdrawal.outcome,
          redemptions: coupon.redemptions,
        });
        return withdrawal;
      });
    },

    setShippingRate(request: FastifyRequest, admin: Admin, body: ShippingRateBody) {
      return db.transaction().execute(async (trx) => {
        const before = await ratesService(trx).setShippingRate(body);
        await recordAdminAction(trx, request, admin, 'shipping.update', shippingTarget(body.zone, body.method), {
          first_item_usd: body.first_item,
          additional_item_usd: body.additional_item,
          was_first_item_usd: before.first_item_usd,
          was_additional_item_usd: before.additional_item_usd,
          // The delivery estimate, when the edit set it (decision 071).
          ...(body.min_days !== undefined || body.max_days !== undefined
            ? {
                min_days: body.min_days ?? null,
                max_days: body.max_days ?? null,
                was_min_days: before.min_days,
                was_max_days: before.max_days,
              }
            : {}),
        });
        return ratesService(trx).list();
      });
    },

    setTaxRate(request: FastifyRequest, admin: Admin, body: TaxRateBody) {
      return db.transaction().execute(async (trx) => {
        const { target, before } = await ratesService(trx).setTaxRate(body);
        await recordAdminAction(trx, request, admin, 'tax.update', target, {
          rate_percent: body.rate_percent,
          was_rate_percent: before,
        });
        return ratesService(trx).list();
      });
    },

    removeTaxRate(request: FastifyRequest, admin: Admin, id: number) {
      return db.transaction().execute(async (trx) => {
        const { target, before } = await ratesService(trx).removeTaxRate(id);
        await recordAdminAction(trx, request, admin, 'tax.remove', target, { was_rate_percent: before });
        return ratesService(trx).list();
      });
    },
  };
}
