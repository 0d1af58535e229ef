import {
  FreePurchaseBody,
  Order,
  OrderIdParams,
  OrdersQuery,
  OrdersResponse,
  PurchaseBody,
  PurchaseResponse,
  RecurringDonationParams,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { cardRefusals } from '../../providers/payments/payment-provider';
import { requireUser } from '../accounts/guards';
import { payerOf } from '../payments/payer';
import { ordersService } from './orders.service';
import type { PurchasesService } from './purchases.service';

const tags = ['orders'];

/** Spec §7 Cart: purchases, free purchases, orders and monthly donations (issue 13). */
export const ordersRoutes: FastifyPluginAsyncZod<{ purchases: PurchasesService }> = async (app, { purchases }) => {
  const orders = ordersService(app.db, app.payments);

  app.addHook('onSend', privateNoStore);

  app.post(
    '/crud/purchases',
    {
      config: {
        access: 'user',
        errors: {
          402: cardRefusals,
          403: ['payment_not_while_masquerading'],
          404: ['item_not_found', 'payment_card_not_found'],
          409: [
            'order_already_submitted',
            'order_cart_empty',
            'order_item_unavailable',
            'order_total_changed',
            'order_total_too_small',
            'plan_already_active',
            'shipping_address_missing',
            'sold_out',
            'stock_short',
          ],
          429: ['payment_captcha_required'],
        },
      },
      schema: {
        tags,
        summary: 'Pays for the cart with a new card token or a saved card; one order and one charge per cart',
        querystring: SiteQuery,
        body: PurchaseBody,
        response: { 200: PurchaseResponse },
      },
    },
    async (request) => purchases.purchase(await payerOf(request), request.body, request.ip),
  );

  app.post(
    '/crud/purchases/:orderId/confirm',
    {
      config: {
        access: 'user',
        errors: { 402: ['payment_authentication_failed'], 404: ['order_not_found'], 409: ['order_payment_refunded'] },
      },
      schema: {
        tags,
        summary: 'Completes a purchase after the cardholder authenticated it (3-D Secure)',
        querystring: SiteQuery,
        params: OrderIdParams,
        response: { 200: PurchaseResponse },
      },
    },
    async (request) => purchases.confirm(await payerOf(request), request.params.orderId),
  );

  app.post(
    '/crud/free-purchases',
    {
      config: {
        access: 'user',
        errors: { 404: ['item_not_found'], 409: ['order_cart_empty', 'order_not_free', 'sold_out', 'stock_short'] },
      },
      schema: {
        tags,
        summary: 'Places an order whose total is zero; refused for a cart that costs anything',
        querystring: SiteQuery,
        body: FreePurchaseBody,
        response: { 200: PurchaseResponse },
      },
    },
    async (request) => purchases.freePurchase(await payerOf(request), request.body),
  );

  app.get(
    '/crud/orders',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's orders, newest first",
        querystring: OrdersQuery.extend(SiteQuery.shape),
        response: { 200: OrdersResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return orders.list(user.id, request.query.page, request.siteLang);
    },
  );

  app.get(
    '/crud/orders/:orderId',
    {
      config: { access: 'user', errors: { 404: ['order_not_found'] } },
      schema: {
        tags,
        summary: 'One of your orders (the confirmation page); another user’s order is not found',
        querystring: SiteQuery,
        params: OrderIdParams,
        response: { 200: Order },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return orders.get(user.id, request.params.orderId, request.siteLang);
    },
  );

  app.delete(
    '/crud/recurring-donations/:id',
    {
      config: { access: 'user', errors: { 404: ['recurring_donation_not_found'] } },
      schema: {
        tags,
        summary: 'Cancels one of your monthly donations at once',
        querystring: SiteQuery,
        params: RecurringDonationParams,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      await orders.cancelRecurringDonation(user.id, request.params.id);
      return reply.code(204).send();
    },
  );
};
