import {
  AdminOrderParams,
  AdminOrderReturns,
  OrderReturnParams,
  RecordReturnBody,
  ReturnReason,
  ReturnReasonBody,
  ReturnReasonParams,
  ReturnReasonsResponse,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { privateNoStore } from '../../plugins/private-answers';
import { siteLangOptions } from '../../plugins/site-lang';
import { requireAdmin } from '../accounts/guards';
import { refundsService } from '../admin-orders/refunds';
import { returnReasonsService } from './return-reasons.service';
import { returnsService } from './returns.service';

const tags = ['admin'];

/**
 * Returns of what is posted (decision 061), in the back office under
 * /crud/admin/ (admins acting as themselves): the reasons a parcel comes
 * back, the returns recorded on an order, and the refund given from one.
 */
export const returnsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const { origins } = siteLangOptions(config);
  const reasons = returnReasonsService(app.db);
  const returns = returnsService(app.db, refundsService(app.db, app.payments, { origins, report: app.metrics }));

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/return-reasons',
    {
      schema: {
        tags,
        summary: 'The reasons a parcel comes back: offered ones in their order, then retired ones',
        querystring: SiteQuery,
        response: { 200: ReturnReasonsResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return reasons.list(request.siteLang);
    },
  );

  app.post(
    '/crud/admin/return-reasons',
    {
      schema: {
        tags,
        summary: 'Adds a reason, offered last: its title in English (required), Spanish and Russian; audited',
        querystring: SiteQuery,
        body: ReturnReasonBody,
        response: { 200: ReturnReason },
      },
    },
    async (request) => reasons.create(request, await requireAdmin(request), request.body),
  );

  app.put(
    '/crud/admin/return-reasons/:id',
    {
      config: { errors: { 404: ['return_reason_not_found'] } },
      schema: {
        tags,
        summary: 'Renames a reason: its titles in the three languages (the returns that gave it read the new ones); audited',
        params: ReturnReasonParams,
        querystring: SiteQuery,
        body: ReturnReasonBody,
        response: { 200: ReturnReason },
      },
    },
    async (request) => reasons.rename(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/crud/admin/return-reasons/:id/retire',
    {
      config: { errors: { 404: ['return_reason_not_found'] } },
      schema: {
        tags,
        summary: 'Retires a reason: no longer offered; the returns that gave it keep it; audited',
        params: ReturnReasonParams,
        querystring: SiteQuery,
        response: { 200: ReturnReason },
      },
    },
    async (request) => reasons.retire(request, await requireAdmin(request), request.params.id),
  );

  app.get(
    '/crud/admin/orders/:id/returns',
    {
      config: { errors: { 404: ['order_not_found'] } },
      schema: {
        tags,
        summary: "An order's CDs and books with how many came back, its returns with their refunds, and the reasons offered",
        params: AdminOrderParams,
        querystring: SiteQuery,
        response: { 200: AdminOrderReturns },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return returns.view(request.params.id, request.siteLang);
    },
  );

  app.post(
    '/crud/admin/orders/:id/returns',
    {
      config: {
        errors: {
          400: ['return_reason_unknown'],
          404: ['order_not_found'],
          409: ['return_not_shipped', 'return_lines_invalid'],
        },
      },
      schema: {
        tags,
        summary:
          'Records a return on a shipped order: which CDs and books and how many, a reason offered, and whether they go back in stock; audited',
        params: AdminOrderParams,
        querystring: SiteQuery,
        body: RecordReturnBody,
        response: { 200: AdminOrderReturns },
      },
    },
    async (request) => returns.record(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/crud/admin/orders/:id/returns/:returnId/refund',
    {
      config: {
        errors: {
          404: ['return_not_found', 'order_not_found'],
          409: [
            'return_already_refunded',
            'return_nothing_to_refund',
            'order_not_paid',
            'refund_in_progress',
            'refund_lines_invalid',
            'refund_too_large',
            'refund_refused',
          ],
        },
      },
      schema: {
        tags,
        summary:
          "Refunds a return: the returned lines' part of what was paid, card first, then gift cards, once per return; audited",
        params: OrderReturnParams,
        querystring: SiteQuery,
        response: { 200: AdminOrderReturns },
      },
    },
    async (request) => returns.refund(request, await requireAdmin(request), request.params.id, request.params.returnId),
  );
};
