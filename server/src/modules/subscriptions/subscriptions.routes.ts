import {
  GiftChangeBody,
  InvoiceReceiptParams,
  InvoicesQuery,
  InvoicesResponse,
  MonthlyFundsResponse,
  MySubscription,
  MySubscriptionsResponse,
  RenewalReceiptParams,
  RenewalReceiptsResponse,
  SiteQuery,
  SubscriptionCardBody,
  SubscriptionCoverFeeBody,
  SubscriptionParams,
  SubscriptionPlanBody,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireUser } from '../accounts/guards';
import { assertOwnMoney, payerOf } from '../payments/payer';
import type { SubscriptionsService } from './subscriptions.service';

const tags = ['subscriptions'];

/**
 * Spec §7 Payments, the subscription calls (issue 28). The spec names the
 * cancel, cancel-at-end and resume calls as GETs; here they are POSTs, as
 * every call that changes something is (a GET may be prefetched or
 * replayed by a crawler or a link preview: docs/decisions/024).
 */
export const subscriptionsRoutes: FastifyPluginAsyncZod<{ subscriptions: SubscriptionsService }> = async (
  app,
  { subscriptions },
) => {
  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/stripe/customer/my/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The family's plan and monthly donations that renew (or are past due), with what each does next",
        querystring: SiteQuery,
        response: { 200: MySubscriptionsResponse },
      },
    },
    async (request) => ({ data: await subscriptions.list((await requireUser(request)).user.id, request.siteLang) }),
  );

  app.get(
    '/crud/stripe/customer/my/subscription/invoices',
    {
      config: { access: 'user', errors: { 400: ['invoice_cursor_unknown'], 404: ['no_subscription'] } },
      schema: {
        tags,
        summary: "The plan's invoices, newest first (Stripe's cursors: starting_after, ending_before)",
        description:
          'A cursor that is not an invoice of this subscription (unknown, or of another) is 400 invoice_cursor_unknown.',
        querystring: InvoicesQuery,
        response: { 200: InvoicesResponse },
      },
    },
    async (request) => subscriptions.invoices((await requireUser(request)).user.id, null, request.query),
  );

  app.get(
    '/crud/stripe/customer/my/subscription/:id/invoices',
    {
      config: { access: 'user', errors: { 400: ['invoice_cursor_unknown'], 404: ['no_subscription'] } },
      schema: {
        tags,
        summary: "One of the family's subscriptions' invoices, newest first (Stripe's cursors)",
        description:
          'A cursor that is not an invoice of this subscription (unknown, or of another) is 400 invoice_cursor_unknown.',
        params: SubscriptionParams,
        querystring: InvoicesQuery,
        response: { 200: InvoicesResponse },
      },
    },
    async (request) => subscriptions.invoices((await requireUser(request)).user.id, request.params.id, request.query),
  );

  app.get(
    '/crud/stripe/subscription/funds',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The monthly funds on sale that a monthly gift may move to, titled in the site language (decision 070)',
        querystring: SiteQuery,
        response: { 200: MonthlyFundsResponse },
      },
    },
    async (request) => {
      await requireUser(request);
      return subscriptions.monthlyFunds(request.siteLang);
    },
  );

  app.get(
    '/crud/stripe/subscription/:id/receipts',
    {
      config: { access: 'user', errors: { 404: ['no_subscription'] } },
      schema: {
        tags,
        summary: "A monthly gift's paid renewals, newest first, each with its receipt (decision 070)",
        description: "The first month's receipt is its order's (GET /crud/orders/{id}/receipt). Another family's gift is 404.",
        params: SubscriptionParams,
        querystring: SiteQuery,
        response: { 200: RenewalReceiptsResponse },
      },
    },
    async (request) => subscriptions.renewalReceipts((await requireUser(request)).user.id, request.params.id),
  );

  app.get(
    '/crud/stripe/subscription/:id/receipts/:renewalId',
    {
      config: { access: 'user', errors: { 404: ['no_subscription', 'receipt_not_found'] } },
      schema: {
        tags,
        summary: "The receipt of a monthly gift's renewal, as the donor's country asks for it, in the gift's language",
        description: 'application/pdf. A renewal of another gift, or of another family, is 404 receipt_not_found.',
        params: RenewalReceiptParams,
        querystring: SiteQuery,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const { filename, pdf } = await subscriptions.renewalReceiptPdf(user.id, request.params.id, request.params.renewalId);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );

  app.get(
    '/crud/stripe/subscription/:id/invoices/:invoiceId/receipt',
    {
      config: { access: 'user', errors: { 404: ['no_subscription', 'invoice_receipt_not_found'] } },
      schema: {
        tags,
        summary: "A paid renewal's receipt, as the family was e-mailed it, in its order's language (decision 071)",
        description:
          'text/html. Another family’s subscription is 404 no_subscription; an invoice that is not a paid renewal of it, 404 invoice_receipt_not_found.',
        params: InvoiceReceiptParams,
        querystring: SiteQuery,
      },
    },
    async (request, reply) => {
      const { user } = await requireUser(request);
      const html = await subscriptions.invoiceReceipt(user.id, request.params.id, request.params.invoiceId);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
    },
  );

  /** A call that changes the family's plan: their own session only (not an admin acting as them). */
  const change = (summary: string) => ({
    tags,
    summary,
    params: SubscriptionParams,
    querystring: SiteQuery,
    response: { 200: MySubscription },
  });
  const owner = async (request: Parameters<typeof payerOf>[0]) => {
    const payer = await payerOf(request);
    assertOwnMoney(payer);
    return payer.userId;
  };

  app.post(
    '/crud/stripe/subscription/:id/cancel',
    {
      config: {
        access: 'user',
        errors: {
          403: ['payment_not_while_masquerading'],
          404: ['no_subscription'],
          409: ['subscription_already_cancelled', 'subscription_cancel_at_end_only'],
        },
      },
      schema: change('Cancels now, refunding the unused part of the period (only when spec §4 says now)'),
    },
    async (request) => subscriptions.cancel(await owner(request), request.params.id, 'now', request.siteLang),
  );

  app.post(
    '/crud/stripe/subscription/:id/cancel-at-end',
    {
      config: {
        access: 'user',
        errors: { 403: ['payment_not_while_masquerading'], 404: ['no_subscription'], 409: ['subscription_already_cancelled'] },
      },
      schema: change('Cancels at the end of the period: it stays active until then and does not renew'),
    },
    async (request) => subscriptions.cancel(await owner(request), request.params.id, 'period_end', request.siteLang),
  );

  app.post(
    '/crud/stripe/subscription/:id/resume',
    {
      config: {
        access: 'user',
        errors: { 403: ['payment_not_while_masquerading'], 404: ['no_subscription'], 409: ['subscription_ended'] },
      },
      schema: change('Undoes a pending cancel at the end of the period'),
    },
    async (request) => subscriptions.resume(await owner(request), request.params.id, request.siteLang),
  );

  app.post(
    '/crud/stripe/subscription/:id/card',
    {
      config: {
        access: 'user',
        errors: { 403: ['payment_not_while_masquerading'], 404: ['no_subscription', 'payment_card_not_found'] },
      },
      schema: {
        ...change('Renews on another saved card; while past due, the open invoice is tried on it at once'),
        body: SubscriptionCardBody,
      },
    },
    async (request) =>
      subscriptions.setCard(await owner(request), request.params.id, request.body.card_id, {
        ...(request.siteLang ? { lang: request.siteLang } : {}),
        ip: request.ip,
      }),
  );

  app.post(
    '/crud/stripe/subscription/:id/plan',
    {
      config: {
        access: 'user',
        errors: { 403: ['payment_not_while_masquerading'], 404: ['no_subscription'], 409: ['plan_change_unavailable'] },
      },
      schema: {
        ...change('Moves the monthly plan to the annual plan, the unused part of the month credited'),
        body: SubscriptionPlanBody,
      },
    },
    async (request) => subscriptions.changePlan(await owner(request), request.params.id, request.body.code, request.siteLang),
  );

  app.post(
    '/crud/stripe/subscription/:id/cover-fee',
    {
      config: { access: 'user', errors: { 404: ['no_subscription'], 409: ['cover_fee_unavailable'] } },
      schema: {
        ...change("A monthly gift covers the card fee, or stops, from its next charge (the ministry's rule; decision 067)"),
        body: SubscriptionCoverFeeBody,
      },
    },
    async (request) =>
      subscriptions.setCoverFee(await owner(request), request.params.id, request.body.cover_fee, request.siteLang),
  );

  app.post(
    '/crud/stripe/subscription/:id/gift',
    {
      config: {
        access: 'user',
        errors: {
          403: ['payment_not_while_masquerading'],
          404: ['no_subscription', 'gift_fund_not_found'],
          409: ['gift_change_unavailable'],
        },
      },
      schema: {
        ...change(
          "Changes a monthly gift from its next charge: amount (a new gift's limits), fund, day of the month (1-28), or a pause of 1-3 months",
        ),
        body: GiftChangeBody,
      },
    },
    async (request) =>
      subscriptions.changeGift(await owner(request), request.params.id, request.body, { lang: request.siteLang, ip: request.ip }),
  );
};
