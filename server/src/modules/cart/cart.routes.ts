import {
  AddManySkusBody,
  AddSkuBody,
  ApplyCouponBody,
  CartLines,
  CartTotal,
  Coupon,
  CouponCodeParams,
  CouponIdQuery,
  DonationLineQuery,
  DonationsBody,
  GiftBody,
  GiftCardBody,
  ProductIdQuery,
  QuantityResponse,
  SetQuantityBody,
  SiteQuery,
  SkuIdQuery,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/precompressed';
import { hashToken } from '../../lib/tokens';
import { privateNoStore } from '../../plugins/private-answers';
import { cartService } from './cart.service';
import { currentOwner, openOwner } from './cart-owner';
import { couponService } from './coupons.service';

const tags = ['cart'];

/**
 * The cart's owner for a read (the GET calls, run on every page of the
 * shop): the session through the short session read cache, as GET
 * /crud/session reads it (accounts/session-user-cache.ts: emptied by every
 * change made through this instance; a logout elsewhere is seen within
 * SESSION_CACHE_MS). The cart itself is always read from the database.
 */
async function readingOwner(request: FastifyRequest) {
  const state = request.sessionState;
  if (state?.token && !state.loaded) {
    state.loaded = request.server.sessionUsers.find(hashToken(state.token)).then((found) => found?.session);
  }
  return currentOwner(request);
}

/**
 * Spec §7 Cart: the cart's sku, coupon and gift calls (a guest's cart is the
 * session's, a signed-in user's the user's). Every change answers the new
 * CartTotal.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = cartService(app.db);
  const coupons = couponService(app.db);

  // A cart is one family's and changes with every click: no shared or stale copies.
  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/cart-session/skus',
    { schema: { tags, summary: 'The cart lines', querystring: SiteQuery, response: { 200: CartLines } } },
    async (request) => (await cart.view(await readingOwner(request))).skus,
  );

  app.get(
    '/crud/cart-session/total',
    {
      schema: { tags, summary: 'The cart with its lines and totals', querystring: SiteQuery, response: { 200: CartTotal } },
    },
    async (request, reply) =>
      sendJsonText(reply, await cart.viewText(await readingOwner(request), (total) => reply.serialize(total) as string)),
  );

  app.get(
    '/crud/cart-session/skus/quantity',
    {
      schema: {
        tags,
        summary: "The number of items in the cart (the shell's counter)",
        querystring: SiteQuery,
        response: { 200: QuantityResponse },
      },
    },
    async (request) => ({ quantity: await cart.itemCount(await readingOwner(request)) }),
  );

  app.post(
    '/crud/cart-session/skus',
    {
      config: {
        errors: {
          400: ['quantity_not_editable', 'sku_not_available'],
          404: ['item_not_found'],
          409: [
            'album_in_cart',
            'cart_order_pending',
            'gift_with_subscription',
            'item_already_owned',
            'plan_already_active',
            'sku_not_available',
            'sold_out',
            'stock_short',
          ],
        },
      },
      schema: {
        tags,
        summary: 'Adds an sku (a digital album replaces its single tracks; a subscription the other plan)',
        querystring: SiteQuery,
        body: AddSkuBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.add(openOwner(request), request.body),
  );

  app.post(
    '/crud/cart-session/skus/many',
    {
      config: {
        errors: { 404: ['item_not_found'], 409: ['gift_with_subscription', 'item_already_owned', 'sold_out', 'stock_short'] },
      },
      schema: {
        tags,
        summary: 'Adds several skus at once, all or nothing',
        querystring: SiteQuery,
        body: AddManySkusBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.addMany(openOwner(request), request.body.sku_ids),
  );

  app.post(
    '/crud/cart-session/skus/quantity',
    {
      config: { errors: { 400: ['quantity_not_editable'], 404: ['item_not_found'], 409: ['sold_out', 'stock_short'] } },
      schema: {
        tags,
        summary: 'Sets the quantity of a physical or book line',
        querystring: SiteQuery,
        body: SetQuantityBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.setQuantity(await currentOwner(request), request.body.sku_id, request.body.quantity),
  );

  app.delete(
    '/crud/cart-session/skus',
    {
      config: { errors: { 404: ['item_not_found'], 409: ['cart_order_pending'] } },
      schema: { tags, summary: 'Removes a line', querystring: SkuIdQuery, response: { 200: CartTotal } },
    },
    async (request) => cart.remove(await currentOwner(request), request.query.sku_id),
  );

  app.delete(
    '/crud/cart-session/tracks',
    {
      config: { errors: { 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: "Removes a product's single tracks",
        querystring: ProductIdQuery,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.removeTracks(await currentOwner(request), request.query.product_id),
  );

  app.get(
    '/crud/coupon/code/:code',
    {
      config: { errors: { 400: ['coupon_enter_code'], 404: ['coupon_not_found'], 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: "The coupon of a code, whatever its case (rate-limited per client); the session's cart may then take it",
        params: CouponCodeParams,
        querystring: SiteQuery,
        response: { 200: Coupon },
      },
    },
    async (request) =>
      coupons.findByCode(request.params.code, request.ip, (await currentOwner(request))?.sessionId, request.siteLang),
  );

  app.post(
    '/crud/cart-session/coupons',
    {
      config: {
        errors: {
          404: ['coupon_not_found'],
          409: ['cart_order_pending', 'coupon_could_not_apply', 'coupon_expired', 'coupon_one_per_cart', 'coupon_redeemed'],
          429: ['rate_limited'],
        },
      },
      schema: {
        tags,
        summary:
          'Applies a coupon this session looked up by its code (one per cart, not with a donation; rate-limited per client)',
        querystring: SiteQuery,
        body: ApplyCouponBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.applyCoupon(await currentOwner(request), request.body.coupon_id, request.ip),
  );

  app.delete(
    '/crud/cart-session/coupons',
    { schema: { tags, summary: "Removes the cart's coupon", querystring: CouponIdQuery, response: { 200: CartTotal } } },
    async (request) => cart.removeCoupon(await currentOwner(request), request.query.coupon_id),
  );

  app.post(
    '/crud/cart-session/gift',
    {
      config: { errors: { 409: ['cart_order_pending', 'conflict', 'gift_of_gift_cards', 'gift_with_subscription'] } },
      schema: {
        tags,
        summary: 'Marks the order a gift to a recipient (not with a subscription)',
        querystring: SiteQuery,
        body: GiftBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.markGift(await currentOwner(request), request.body),
  );

  app.delete(
    '/crud/cart-session/gift',
    { schema: { tags, summary: 'Unmarks the gift', querystring: SiteQuery, response: { 200: CartTotal } } },
    async (request) => cart.unmarkGift(await currentOwner(request)),
  );

  app.post(
    '/crud/cart-session/donations',
    {
      config: { errors: { 404: ['donation_fund_unknown'], 409: ['donation_limit'] } },
      schema: {
        tags,
        summary: 'Adds donations (one-time or monthly, to the funds of the CMS donation blocks), all or nothing',
        querystring: SiteQuery,
        body: DonationsBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.addDonations(openOwner(request), request.body),
  );

  app.delete(
    '/crud/cart-session/donations',
    {
      config: { errors: { 404: ['donation_not_found'] } },
      schema: { tags, summary: 'Removes a donation', querystring: DonationLineQuery, response: { 200: CartTotal } },
    },
    async (request) => cart.removeDonation(await currentOwner(request), request.query.line_id),
  );

  app.post(
    '/crud/cart-session/gift-card',
    {
      config: { errors: { 404: ['sku_not_available'], 409: ['gift_card_in_cart'] } },
      schema: {
        tags,
        summary: 'Adds a gift card of an amount for a recipient (one per order)',
        querystring: SiteQuery,
        body: GiftCardBody,
        response: { 200: CartTotal },
      },
    },
    async (request) => cart.addGiftCard(openOwner(request), request.body),
  );

  app.delete(
    '/crud/cart-session/gift-card',
    { schema: { tags, summary: 'Removes the gift card', querystring: SiteQuery, response: { 200: CartTotal } } },
    async (request) => cart.removeGiftCard(await currentOwner(request)),
  );
};
