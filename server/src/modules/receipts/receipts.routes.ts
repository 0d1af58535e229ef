import { OrderIdParams, ReceiptSettings, ReceiptSettingsBody, SiteQuery, TaxIdBody, TaxIdResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin, requireUser } from '../accounts/guards';
import { receiptsService } from './receipts.service';

/** Gift receipts by country (issue 45, decision 068): the donor's PDF, and the ministry's details in the back office. */
export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  const receipts = receiptsService(app.db);

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/orders/:orderId/receipt',
    {
      config: { access: 'user', errors: { 404: ['order_not_found', 'receipt_not_found'] } },
      schema: {
        tags: ['orders'],
        summary: "The receipt of one of your orders' gifts, as your country asks for it, in the order's language",
        description:
          'application/pdf. Another user’s order is 404 order_not_found; an order with no gift that counts (none ' +
          'given, or refunded) is 404 receipt_not_found.',
        querystring: SiteQuery,
        params: OrderIdParams,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { filename, pdf } = await receipts.pdfOf(user.id, request.params.orderId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );

  app.get(
    '/crud/account/tax-id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Your Spanish tax number (NIF or NIE) for your gift receipts; empty without one',
        querystring: SiteQuery,
        response: { 200: TaxIdResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return receipts.taxIdOf(user.id);
    },
  );

  app.put(
    '/crud/account/tax-id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        summary: 'Sets your Spanish tax number (NIF or NIE) for your gift receipts, every receipt from then on; empty removes it',
        querystring: SiteQuery,
        body: TaxIdBody,
        response: { 200: TaxIdResponse },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return receipts.setTaxId(user.id, request.body.tax_id ?? '');
    },
  );

  app.get(
    '/crud/admin/receipt-settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The ministry's details on gift receipts ('' where not set)",
        querystring: SiteQuery,
        response: { 200: ReceiptSettings },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return receipts.settings();
    },
  );

  app.put(
    '/crud/admin/receipt-settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Replaces the ministry's details on gift receipts (legal name, EIN, Canadian registration, place of issue, Spanish NIF, address); audited",
        querystring: SiteQuery,
        body: ReceiptSettingsBody,
        response: { 200: ReceiptSettings },
      },
    },
    async (request) => receipts.save(request, await requireAdmin(request), request.body),
  );
};
