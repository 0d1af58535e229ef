import {
  AdminOrder,
  AdminOrderParams,
  AdminOrdersQuery,
  AdminOrdersResponse,
  BulkShipBody,
  BulkShipResponse,
  OrderNoteBody,
  PackingSlipsQuery,
  RefundOrderBody,
  ShipOrderBody,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
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
  app.addHook('onSend', privateNoStore);

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

  app.put(
    '/crud/admin/orders/:id/note',
    {
      config: { errors: { 404: ['order_not_found'] } },
      schema: {
        tags,
        summary: "Replaces the team's note on an order (never shown to the family); audited with what it said before",
        params: AdminOrderParams,
        querystring: SiteQuery,
        body: OrderNoteBody,
        response: { 200: AdminOrder },
      },
    },
    async (request) => orders.setNote(request, await requireAdmin(request), request.params.id, request.body.note),
  );

  app.get(
    '/crud/admin/orders/packing-slips',
    {
      config: { errors: { 404: ['order_not_found'], 409: ['packing_slip_not_printable'] } },
      schema: {
        tags,
        summary:
          'The packing slips of some orders (ids=4,9,12; at most 200) as one PDF, a page each in its family’s language; audited',
        description:
          'application/pdf. Only a paid order with a CD or a book has a slip: any other refuses the whole print (409 ' +
          'packing_slip_not_printable, naming it); a gift’s slip has no prices.',
        querystring: PackingSlipsQuery,
      },
    },
    async (request, reply) => {
      const pdf = await orders.packingSlips(request, await requireAdmin(request), request.query.ids);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="packing-slips-${day}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    '/crud/admin/orders/ship',
    {
      schema: {
        tags,
        summary:
          'Marks several paid orders shipped with one carrier and a tracking number each: each as its own Mark shipped (e-mailed, audited), its result said per order',
        querystring: SiteQuery,
        body: BulkShipBody,
        response: { 200: BulkShipResponse },
      },
    },
    async (request) => orders.shipMany(request, await requireAdmin(request), request.body),
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
