import {
  AdminCoupon,
  AdminCouponBody,
  AdminCouponDetail,
  AdminCouponParams,
  AdminCouponsQuery,
  AdminCouponsResponse,
  AdminCouponWithdrawal,
  AdminShippingResponse,
  AdminShopTitle,
  AdminShopTitleParams,
  AdminShopTitlesResponse,
  AdminTaxRateParams,
  ShippingRateBody,
  SiteQuery,
  TaxRateBody,
  TitlesBody,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import { adminShopService } from './admin-shop.service';

const tags = ['admin'];

/** Issue 30 item 4: coupons, shipping and tax rates in the back office (admins acting as themselves; every edit audited). */
export const adminShopRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = adminShopService(app.db);

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Coupons, newest first, with their uses and state',
        querystring: AdminCouponsQuery,
        response: { 200: AdminCouponsResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return shop.coupons(request.query.page, request.siteLang);
    },
  );

  app.post(
    '/crud/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Issues a coupon: a percentage or an amount off, optionally until a date and for a number of orders; audited',
        querystring: SiteQuery,
        body: AdminCouponBody,
        response: { 200: AdminCoupon },
      },
    },
    async (request) => shop.createCoupon(request, await requireAdmin(request), request.body),
  );

  app.get(
    '/crud/admin/coupons/:id',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: 'A coupon and the paid orders that used it',
        params: AdminCouponParams,
        querystring: SiteQuery,
        response: { 200: AdminCouponDetail },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return shop.coupon(request.params.id, request.siteLang);
    },
  );

  app.put(
    '/crud/admin/coupons/:id/titles',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: 'Sets a coupon’s title in English, Spanish and Russian (a language left empty shows the English one); audited',
        params: AdminCouponParams,
        querystring: SiteQuery,
        body: TitlesBody,
        response: { 200: AdminCoupon },
      },
    },
    async (request) => shop.retitleCoupon(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.get(
    '/crud/admin/shop-titles',
    {
      schema: {
        tags,
        summary: 'The plans, donation funds and gift card, each with its title in English, Spanish and Russian',
        querystring: SiteQuery,
        response: { 200: AdminShopTitlesResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return shop.shopTitles(request.siteLang);
    },
  );

  app.put(
    '/crud/admin/shop-titles/:skuId',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: 'Sets a plan’s, fund’s or the gift card’s title in English, Spanish and Russian (empty: English shows); audited',
        params: AdminShopTitleParams,
        querystring: SiteQuery,
        body: TitlesBody,
        response: { 200: AdminShopTitle },
      },
    },
    async (request) => shop.retitleSku(request, await requireAdmin(request), request.params.skuId, request.body),
  );

  app.delete(
    '/crud/admin/coupons/:id',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: 'Withdraws a coupon: made inactive when an order used it (never deleted), else deleted; audited',
        params: AdminCouponParams,
        querystring: SiteQuery,
        response: { 200: AdminCouponWithdrawal },
      },
    },
    async (request) => shop.withdrawCoupon(request, await requireAdmin(request), request.params.id),
  );

  app.get(
    '/crud/admin/shipping',
    {
      schema: {
        tags,
        summary: 'The shipping rates by zone and method, and the tax rates by country and state',
        querystring: SiteQuery,
        response: { 200: AdminShippingResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return shop.rates();
    },
  );

  app.post(
    '/crud/admin/shipping-rates',
    {
      schema: {
        tags,
        summary: "Changes a zone's shipping prices for a method (first item, each further one); audited",
        querystring: SiteQuery,
        body: ShippingRateBody,
        response: { 200: AdminShippingResponse },
      },
    },
    async (request) => shop.setShippingRate(request, await requireAdmin(request), request.body),
  );

  app.post(
    '/crud/admin/tax-rates',
    {
      schema: {
        tags,
        summary: 'Adds or changes the sales tax rate of a state or province (or a whole country); audited',
        querystring: SiteQuery,
        body: TaxRateBody,
        response: { 200: AdminShippingResponse },
      },
    },
    async (request) => shop.setTaxRate(request, await requireAdmin(request), request.body),
  );

  app.delete(
    '/crud/admin/tax-rates/:id',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: 'Removes a sales tax rate; audited',
        params: AdminTaxRateParams,
        querystring: SiteQuery,
        response: { 200: AdminShippingResponse },
      },
    },
    async (request) => shop.removeTaxRate(request, await requireAdmin(request), request.params.id),
  );
};
