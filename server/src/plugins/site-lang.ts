import type { LangCode } from '@storyhouse/contracts';
import type { MessageKey, MessageValues } from '@storyhouse/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
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
  /** The public origin of each language's site (siteOrigins). */
  origins: Record<LangCode, string>;
}

/** The settings a site's public address comes from. */
export type SiteSettings = Pick<
  Config,
  'SITE_HOSTS_EN' | 'SITE_HOSTS_ES' | 'SITE_HOSTS_RU' | 'PUBLIC_URL_EN' | 'PUBLIC_URL_ES' | 'PUBLIC_URL_RU' | 'PORT'
>;

/**
 * Each language's host names and public origin, from the settings: the
 * origin is PUBLIC_URL_* when set, else http:// with the first host of
 * SITE_HOSTS_* and the server's port. Every absolute link we hand out
 * (e-mails, canonical and hreflang) starts with one of these, never with
 * the request's Host header, which the sender chooses: a forged Host must
 * not put a reset token into a link to its site.
 */
export function siteLangOptions(config: SiteSettings): SiteLangOptions {
  const site = (hosts: string[], url: string | undefined) => ({
    hosts,
    origin: url ?? new URL(`http://${hosts[0] ?? 'localhost'}:${config.PORT}`).origin,
  });
  const en = site(config.SITE_HOSTS_EN, config.PUBLIC_URL_EN);
  const es = site(config.SITE_HOSTS_ES, config.PUBLIC_URL_ES);
  const ru = site(config.SITE_HOSTS_RU, config.PUBLIC_URL_RU);
  return {
    enHosts: en.hosts,
    esHosts: es.hosts,
    ruHosts: ru.hosts,
    origins: { en: en.origin, es: es.origin, ru: ru.origin },
  };
}

/**
 * The address of the current page on each language's site, for hreflang
 * links and the footer's sister-site links. A browser kept on Spanish by the
 * test flag's cookie gets an English link that turns the flag off.
 */
export function alternateUrls(
  request: FastifyRequest,
  opts: SiteLangOptions,
  paths?: Partial<Record<LangCode, string>>,
): Partial<Record<LangCode, string>> {
  const pathname = request.url.split('?')[0] ?? '/';
  const flagged = truthy.has(request.cookies?.[SPANISH_FLAG_COOKIE] ?? '');
  const off = flagged ? '?test_spanish_site=0' : '';
  const urls: Partial<Record<LangCode, string>> = {};
  // Without per-language paths, the page has the same path on every site.
  const pathOf = (lang: LangCode) => (paths ? paths[lang] : pathname);
  const en = pathOf('en');
  const es = pathOf('es');
  const ru = pathOf('ru');
  if (en) urls.en = opts.origins.en + en + off;
  if (es) urls.es = opts.origins.es + es;
  if (ru) urls.ru = opts.origins.ru + ru + off;
  return urls;
}

/**
 * The site address for links in e-mails: the configured origin of `lang`'s
 * site. The Spanish site reached through the test flag (spec §1) on another
 * language's host links to that host's site with the flag kept in `query`,
 * as that is where the Spanish pages were reached.
 */
export function siteLink(
  request: FastifyRequest,
  sites: SiteSettings,
  lang: LangCode = request.siteLang,
): { origin: string; query: string } {
  const opts = siteLangOptions(sites);
  const { origins } = opts;
  const hostSite = hostLang(request.hostname, opts);
  if (lang === 'es' && request.siteLang === 'es' && hostSite !== 'es') {
    return { origin: origins[hostSite], query: '?test_spanish_site=1' };
  }
  return { origin: origins[lang], query: '' };
}

/** The address of the current page on its own site's public origin, without query. */
export function canonicalUrl(request: FastifyRequest, opts: SiteLangOptions, path: string): string {
  return opts.origins[request.siteLang] + path;
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

function hostLang(hostname: string, opts: Pick<SiteLangOptions, 'enHosts' | 'esHosts' | 'ruHosts'>): LangCode {
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
    app.addHook('onRequest', (request, _reply, done) => {
      request.siteLang = resolveSiteLang(request, opts);
      done();
    });
  },
  { name: 'site-lang', dependencies: ['@fastify/cookie'] },
);
