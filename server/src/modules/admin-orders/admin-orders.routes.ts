import {
  AdminOrder,
  AdminOrderParams,
  AdminOrdersQuery,
  AdminOrdersResponse,
  ShipOrderBody,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { siteLangOptions } from '../../plugins/site-lang';
import { requireAdmin } from '../accounts/guards';
import { auditRoutes } from '../audit/audit.routes';
import { adminOrdersService, normalize } from './admin-orders.service';

const tags = ['admin'];

/**
 * Issue 29: the back office's orders under /crud/admin/ (admins acting as
 * themselves only: a customer, or an admin impersonating one, gets 403),
 * and its audit log.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const orders = adminOrdersService(app.db, { origins: siteLangOptions(config).origins });

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

  await app.register(auditRoutes);
};
