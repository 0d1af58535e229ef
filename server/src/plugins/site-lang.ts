import type { LangCode } from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translators } from '../i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** Language of the site this request came to (spec §1). */
    siteLang: LangCode;
    t: (key: MessageKey, values?: MessageValues) => string;
  }
}

/** Cookie that keeps the `test_spanish_site` choice across page loads. */
export const SPANISH_FLAG_COOKIE = 'test_spanish_site';

const truthy = new Set(['1', 'true']);

export interface SiteLangOptions {
  enHosts: string[];
  esHosts: string[];
  ruHosts: string[];
}

/**
 * The address of the current page on each language's site (first host of
 * each list, same port and path), for hreflang links and the footer's
 * sister-site links. A browser kept on Spanish by the test flag's cookie
 * gets an English link that turns the flag off.
 */
export function alternateUrls(request: FastifyRequest, opts: SiteLangOptions): Record<LangCode, string> {
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const pathname = request.url.split('?')[0] ?? '/';
  const at = (host: string | undefined) =>
    `${request.protocol}://${host ?? request.hostname}${port ? `:${port}` : ''}${pathname}`;
  const flagged = truthy.has(request.cookies?.[SPANISH_FLAG_COOKIE] ?? '');
  return {
    en: at(opts.enHosts[0]) + (flagged ? '?test_spanish_site=0' : ''),
    es: at(opts.esHosts[0]),
    ru: at(opts.ruHosts[0]) + (flagged ? '?test_spanish_site=0' : ''),
  };
}

/**
 * Decides the site language of a request: the `test_spanish_site` query flag
 * (spec §1), then the cookie that remembers it, then the host name lists;
 * English otherwise. One place, used by pages and API alike.
 */
export function resolveSiteLang(request: FastifyRequest, opts: SiteLangOptions): LangCode {
  const flag = (request.query as Record<string, unknown> | undefined)?.test_spanish_site;
  if (typeof flag === 'string') return truthy.has(flag) ? 'es' : hostLang(request.hostname, opts);
  if (truthy.has(request.cookies?.[SPANISH_FLAG_COOKIE] ?? '')) return 'es';
  return hostLang(request.hostname, opts);
}

function hostLang(hostname: string, opts: SiteLangOptions): LangCode {
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  if (opts.esHosts.includes(host)) return 'es';
  if (opts.ruHosts.includes(host)) return 'ru';
  return 'en';
}

export default fp<SiteLangOptions>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('siteLang', 'en');
    app.decorateRequest('t', function (this: FastifyRequest, key: MessageKey, values?: MessageValues) {
      return translators[this.siteLang](key, values);
    });
    app.addHook('onRequest', async (request) => {
      request.siteLang = resolveSiteLang(request, opts);
    });
  },
  { name: 'site-lang', dependencies: ['@fastify/cookie'] },
);
