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
export function alternateUrls(
  request: FastifyRequest,
  opts: SiteLangOptions,
  paths?: Partial<Record<LangCode, string>>,
): Partial<Record<LangCode, string>> {
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const pathname = request.url.split('?')[0] ?? '/';
  const at = (host: string | undefined, path: string) =>
    `${request.protocol}://${host ?? request.hostname}${port ? `:${port}` : ''}${path}`;
  const flagged = truthy.has(request.cookies?.[SPANISH_FLAG_COOKIE] ?? '');
  const off = flagged ? '?test_spanish_site=0' : '';
  const urls: Partial<Record<LangCode, string>> = {};
  // Without per-language paths, the page has the same path on every site.
  const pathOf = (lang: LangCode) => (paths ? paths[lang] : pathname);
  const en = pathOf('en');
  const es = pathOf('es');
  const ru = pathOf('ru');
  if (en) urls.en = at(opts.enHosts[0], en) + off;
  if (es) urls.es = at(opts.esHosts[0], es);
  if (ru) urls.ru = at(opts.ruHosts[0], ru) + off;
  return urls;
}

type SiteHostSettings = { SITE_HOSTS_EN: string[]; SITE_HOSTS_ES: string[]; SITE_HOSTS_RU: string[] };

/**
 * The site address for links in e-mails: the request's own host when it is
 * one of the configured site hosts, else the canonical host of `lang` (same
 * port), so a forged Host header never puts another site's link into our
 * e-mail. `query` keeps the Spanish test flag (spec §1) when the Spanish
 * site was reached through it on another host.
 */
export function siteLink(
  request: FastifyRequest,
  sites: SiteHostSettings,
  lang: LangCode = request.siteLang,
): { origin: string; query: string } {
  const hosts: Record<LangCode, string[]> = { en: sites.SITE_HOSTS_EN, es: sites.SITE_HOSTS_ES, ru: sites.SITE_HOSTS_RU };
  const hostname = request.hostname.toLowerCase();
  const known = Object.values(hosts).some((list) => list.includes(hostname));
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const fallback = hosts[lang][0] ?? 'localhost';
  const host = known ? request.host : `${fallback}${port ? `:${port}` : ''}`;
  const flagged = lang === 'es' && !hosts.es.includes(known ? hostname : fallback);
  return { origin: `${request.protocol}://${host}`, query: flagged ? '?test_spanish_site=1' : '' };
}

/** The address of the current page on its own site's canonical host, without query. */
export function canonicalUrl(request: FastifyRequest, opts: SiteLangOptions, path: string): string {
  const port = /:(\d+)$/.exec(request.host)?.[1];
  const hosts = { en: opts.enHosts, es: opts.esHosts, ru: opts.ruHosts }[request.siteLang];
  return `${request.protocol}://${hosts[0] ?? request.hostname}${port ? `:${port}` : ''}${path}`;
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
