import {
  JSONP_CALLBACK,
  type LangCode,
  NewsletterConfig,
  NewsletterConfigQuery,
  NewsletterConfirmInput,
  NewsletterConfirmResponse,
  type NewsletterResult,
  NewsletterSubscribeQuery,
  NewsletterUnsubscribed,
  NewsletterUnsubscribeInput,
  routePath,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { translators } from '../../i18n';
import { AppError } from '../../lib/errors';
import { siteLink } from '../../plugins/site-lang';
import { hitRateLimit } from '../rate-limit/rate-limit';
import { newsletterService } from './newsletter.service';

/** Subscribing is a once-in-a-while act: a handful of tries per address in ten minutes. */
export const NEWSLETTER_RATE_LIMIT = { limit: 10, windowSeconds: 600 };

/** Where the web app subscribes when no provider is configured. */
export const OWN_NEWSLETTER_PATH = '/newsletter/subscribe/post-json';

/**
 * A JSONP answer: `/**\/cb({...});`. The JSON is made safe to sit in a
 * script (no `<`, no line separators), and the leading comment keeps the
 * first bytes from being anything but JavaScript.
 */
export function jsonpBody(callback: string, result: NewsletterResult) {
  const json = JSON.stringify(result)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `/**/${callback}(${json});`;
}

/**
 * Spec §7 Newsletter: the browser subscribes with a cross-origin script
 * request to the provider. By default that provider is this server, shaped
 * like Mailchimp's post-json (DESIGN "newsletter"); NEWSLETTER_URL points
 * the web app at the real one. Like the real one, it confirms a new address
 * by an e-mailed link (double opt-in) opened on the web's
 * /newsletter/confirm page, which calls POST /crud/newsletter/confirm.
 */
export const newsletterRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const lists = { en: config.NEWSLETTER_LIST_EN, es: config.NEWSLETTER_LIST_ES, ru: config.NEWSLETTER_LIST_RU };
  const newsletter = newsletterService(app.db, lists);

  app.get(
    '/crud/newsletter/config',
    {
      schema: {
        tags: ['newsletter'],
        summary: "Where the site language's newsletter block subscribes",
        querystring: NewsletterConfigQuery,
        response: { 200: NewsletterConfig },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').header('vary', 'host, cookie');
      return { url: config.NEWSLETTER_URL ?? OWN_NEWSLETTER_PATH, list_id: lists[request.siteLang] };
    },
  );

  app.get(
    OWN_NEWSLETTER_PATH,
    {
      config: { errors: { 400: ['newsletter_bad_callback'] } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribes to a list (JSONP when c names a callback; JSON otherwise)',
        querystring: NewsletterSubscribeQuery,
      },
    },
    async (request, reply) => {
      const { c: callback, id, EMAIL, FNAME, LNAME } = request.query;
      // Only a plain identifier is ever echoed into the script.
      if (callback !== undefined && !JSONP_CALLBACK.test(callback)) {
        throw new AppError('invalid_data', 'newsletter_bad_callback');
      }
      // A JSONP client cannot read a status: every outcome, a refusal too, is a result.
      const limit = await hitRateLimit(app.db, `newsletter:${request.ip}`, NEWSLETTER_RATE_LIMIT);
      const lang = newsletter.langOf(id) ?? request.siteLang;
      // The link opens the confirmation page on the list language's site.
      const pageLink =
        (route: 'newsletterConfirm' | 'newsletterUnsubscribe', fallback: string) => (token: string, listLang: LangCode) => {
          const { origin, query } = siteLink(request, config, listLang);
          const page = routePath(route, listLang) ?? fallback;
          return `${origin}${page}?token=${token}${query ? `&${query.slice(1)}` : ''}`;
        };
      const ctx = {
        siteLang: request.siteLang,
        linkFor: pageLink('newsletterConfirm', '/newsletter/confirm'),
        unsubscribeLinkFor: pageLink('newsletterUnsubscribe', '/newsletter/unsubscribe'),
      };
      const result: NewsletterResult = limit.allowed
        ? await newsletter.subscribe({ listId: id, EMAIL, FNAME, LNAME }, ctx)
        : { result: 'error', msg: translators[lang]('errors.rate_limited') };
      reply.header('cache-control', 'no-store').header('content-language', lang);
      if (callback === undefined) return reply.type('application/json; charset=utf-8').send(result);
      return reply.type('application/javascript; charset=utf-8').send(jsonpBody(callback, result));
    },
  );

  app.post(
    '/crud/newsletter/confirm',
    {
      config: { errors: { 400: ['newsletter_link_invalid'] } },
      schema: {
        tags: ['newsletter'],
        summary: "Confirms a subscription with the e-mailed link's token (single use, a week)",
        querystring: SiteQuery,
        body: NewsletterConfirmInput,
        response: { 200: NewsletterConfirmResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return newsletter.confirm(request.ip, request.body.token);
    },
  );

  app.post(
    '/crud/newsletter/unsubscribe',
    {
      config: { errors: { 404: ['newsletter_unsubscribe_invalid'] } },
      schema: {
        tags: ['newsletter'],
        summary: "Takes the address off its list with an e-mail's unsubscribe link token (any of its e-mails' links)",
        querystring: SiteQuery,
        body: NewsletterUnsubscribeInput,
        response: { 200: NewsletterUnsubscribed },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return newsletter.unsubscribe(request.ip, request.body.token);
    },
  );
};
