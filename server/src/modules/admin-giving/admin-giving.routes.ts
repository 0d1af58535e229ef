import {
  AdminCancelRenewalBody,
  AdminDonorsQuery,
  AdminDonorsResponse,
  AdminRenewalParams,
  AdminRenewalsQuery,
  AdminRenewalsResponse,
  AdminStatementBody,
  AdminStatementQuery,
  AdminUserParams,
  GivingStatementDetail,
  GivingStatementResponse,
  MySubscription,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { privateNoStore } from '../../plugins/private-answers';
import { siteLangOptions } from '../../plugins/site-lang';
import { requireAdmin } from '../accounts/guards';
import { subscriptionsService } from '../subscriptions/subscriptions.service';
import { adminGivingService } from './admin-giving.service';

const tags = ['admin'];

/** Issue 29 item 4: plans and monthly gifts, and donors, in the back office (admins acting as themselves; audited). */
export const adminGivingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const subscriptions = subscriptionsService(app.db, app.payments, { origins: siteLangOptions(config).origins });
  const giving = adminGivingService(app.db, subscriptions, app.payments.name);

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/renewals',
    {
      schema: {
        tags,
        summary: 'Plans and monthly donations: status, amount, next payment; past due first',
        querystring: AdminRenewalsQuery,
        response: { 200: AdminRenewalsResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return giving.renewals(request.query, request.siteLang);
    },
  );

  app.post(
    '/crud/admin/renewals/:id/cancel',
    {
      config: { errors: { 404: ['no_subscription'], 409: ['subscription_cancel_at_end_only'] } },
      schema: {
        tags,
        summary: "Cancels a plan or monthly donation on the family's behalf, by the family's own rules (spec §4); audited",
        params: AdminRenewalParams,
        querystring: SiteQuery,
        body: AdminCancelRenewalBody,
        response: { 200: MySubscription },
      },
    },
    async (request) => giving.cancel(request, await requireAdmin(request), request.params.id, request.body.when),
  );

  app.get(
    '/crud/admin/donors',
    {
      schema: {
        tags,
        summary: "A calendar year's gifts per fund and per donor, one-time and monthly",
        querystring: AdminDonorsQuery,
        response: { 200: AdminDonorsResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return giving.donors(request.query.year);
    },
  );

  app.get(
    '/crud/admin/donors/:id/statement',
    {
      config: { errors: { 404: ['not_found'] } },
      schema: {
        tags,
        summary: "A donor's gifts of a calendar year with the total, for the printable statement",
        params: AdminUserParams,
        querystring: AdminStatementQuery,
        response: { 200: GivingStatementDetail },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return giving.statement(request.params.id, request.query.year, request.siteLang);
    },
  );

  app.post(
    '/crud/admin/donors/:id/statement',
    {
      config: { errors: { 409: ['giving_statement_empty'], 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: "E-mails a donor's year-end giving statement to them; audited",
        params: AdminUserParams,
        querystring: SiteQuery,
        body: AdminStatementBody,
        response: { 200: GivingStatementResponse },
      },
    },
    async (request) => giving.sendStatement(request, await requireAdmin(request), request.params.id, request.body.year),
  );
};
