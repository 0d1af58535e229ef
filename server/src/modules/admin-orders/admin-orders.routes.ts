import {
  AdminOrder,
  AdminOrderParams,
  AdminOrdersQuery,
  AdminOrdersResponse,
  RefundOrderBody,
  ShipOrderBody,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../accounts/guards';
import { type AdminOrdersService, normalize } from './admin-orders.service';
import type { RefundsService } from './refunds';

const tags = ['admin'];

/**
 * Issue 29: the back office's orders under /crud/admin/ (admins acting as
 * themselves only: a customer, or an admin impersonating one, gets 403).
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ orders: AdminOrdersService; refunds: RefundsService }> = async (
  app,
  { orders, refunds },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/crud/admin/orders',
    {
      schema: {
        tags,
        summary: 'Orders, newest first: by state (to ship, shipped, paid, …), days placed, and number, e-mail or name',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return orders.list(normalize(request.query));
    },
  );

  app.get(
    '/crud/admin/orders/:id',
    {
      config: { errors: { 404: ['order_not_found'] } },
      schema: {
        tags,
        summary: 'An order with its lines, amounts, addresses, gift, payment, parcel and timeline',
        params: AdminOrderParams,
        querystring: SiteQuery,
        response: { 200: AdminOrder },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return orders.detail(request.params.id);
    },
  );

  app.post(
    '/crud/admin/orders/:id/ship',
    {
      config: { errors: { 404: ['order_not_found'], 409: ['order_not_paid', 'order_not_shippable'] } },
      schema: {
        tags,
        summary: 'Marks a paid order with a CD or a book shipped (the family is e-mailed the first time); audited',
        params: AdminOrderParams,
        querystring: SiteQuery,
        body: ShipOrderBody,
        response: { 200: AdminOrder },
      },
    },
    async (request) => orders.ship(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/crud/admin/orders/:id/receipt',
    {
      config: { errors: { 404: ['order_not_found'] } },
      schema: {
        tags,
        summary: "E-mails a paid order's receipt to the family again; audited",
        params: AdminOrderParams,
        querystring: SiteQuery,
        response: { 200: AdminOrder },
      },
    },
    async (request) => orders.resendReceipt(request, await requireAdmin(request), request.params.id),
  );

  app.post(
    '/crud/admin/orders/:id/refund',
    {
      config: {
        errors: {
          404: ['order_not_found'],
          409: ['order_not_paid', 'refund_in_progress', 'refund_lines_invalid', 'refund_too_large', 'refund_refused'],
        },
      },
      schema: {
        tags,
        summary:
          'Refunds some lines (sku_ids), an amount, or (neither) the whole order: card first, then gift cards; never more than paid; audited',
        params: AdminOrderParams,
        querystring: SiteQuery,
        body: RefundOrderBody.nullish(),
        response: { 200: AdminOrder },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await refunds.refund(request, admin, request.params.id, request.body ?? {});
      orders.forgetCounts();
      return orders.detail(request.params.id);
    },
  );
};
