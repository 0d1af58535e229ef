import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type LangCode, type PageRoute, type PageRouteId, pageRoutes } from '@storyhouse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translators } from '../../i18n';
import { sendRouteNotFound } from '../../plugins/errors';
import { alternateUrls, canonicalUrl, type SiteLangOptions, SPANISH_FLAG_COOKIE } from '../../plugins/site-lang';
import type { CmsPageMeta } from '../cms/cms.service';
import { defaultHead, type PageHead, renderPage } from './html';

export interface WebOptions {
  /** Folder of the built web app (web/dist); undefined serves the API only. */
  root: string | undefined;
  sites: SiteLangOptions;
  /** The CMS page at a path of a site language, for its head; null when the CMS has none. */
  cmsPage: (lang: LangCode, path: string) => Promise<CmsPageMeta | null>;
  /** Whether a product has this slug: /story/{slug} is a page only then (else 404). */
  storyExists: (slug: string) => Promise<boolean>;
}

/** A build output named after its content (Vite: assets/<name>-<hash>.<ext>): it never changes, so it is cached for a year. */
const hashedAsset = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}(\.\w+)+$/;
/** The forms of a file the web build precompressed next to it (web/vite.config.ts). */
const compressedForm = /\.(br|gz)$/;

/**
 * Serves the web app from the same origin as the API: hashed assets with a
 * one-year cache, every page route of the route table as the app's HTML
 * (200; a story page only when a product has its slug), and any other path
 * as the not-found page with status 404. Files
 * the build compressed are sent as their .br or .gz form to a browser that
 * accepts it (br first), never compressed again per request.
 */
export default fp<WebOptions>(
  async (app: FastifyInstance, { root, sites, cmsPage, storyExists }) => {
    const indexFile = root ? path.join(root, 'index.html') : undefined;
    const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    if (root && !template) app.log.warn({ root }, 'web app not built: serving the API only (run npm run build)');

    if (root && template) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        allowedPath: (p) => p !== '/index.html',
        // Chosen by Accept-Encoding (with Vary: accept-encoding), .br then .gz then the file itself; never asked for by name.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        setHeaders: (res, sent) => {
          const file = sent.replace(compressedForm, '');
          if (hashedAsset.test(file)) res.header('cache-control', 'public, max-age=31536000, immutable');
          // The service worker must be re-checked on every visit to pick up a new version.
          else if (file.endsWith('sw.js')) res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=3600');
        },
      });
    }

    /**
     * The head of a page: the CMS page's own (title, description, canonical
     * link, alternates in the other languages, social preview) when the CMS
     * has one at this path, else the app's default. A path that is neither a
     * route nor a CMS page is not found.
     */
    const headFor = async (request: FastifyRequest, isRoute: boolean): Promise<PageHead | undefined> => {
      const t = translators[request.siteLang];
      const pathname = request.url.split('?')[0] ?? '/';
      const page = await cmsPage(request.siteLang, pathname);
      if (!page) return isRoute ? { ...defaultHead(t, false), alternates: alternateUrls(request, sites) } : undefined;
      const absolute = (p: string) => canonicalUrl(request, sites, p);
      return {
        // The home page keeps the site's own title, as the app shows it.
        title: page.path === '/' ? `${t('app.name')}: ${t('app.tagline')}` : `${page.title} · ${t('app.titleSuffix')}`,
        description: page.description,
        canonical: absolute(page.path),
        alternates: alternateUrls(request, sites, page.alternates),
        image: page.image ? absolute(`/media/${page.image}`) : undefined,
      };
    };

    const sendPage = async (request: FastifyRequest, reply: FastifyReply, isRoute: boolean) => {
      if (!template) return sendRouteNotFound(request, reply);
      const flag = (request.query as Record<string, unknown>)[SPANISH_FLAG_COOKIE];
      if (flag === '1' || flag === 'true') reply.setCookie(SPANISH_FLAG_COOKIE, '1', { path: '/', sameSite: 'lax' });
      else if (flag === '0' || flag === 'false') reply.clearCookie(SPANISH_FLAG_COOKIE, { path: '/' });
      const found = await headFor(request, isRoute);
      const head = found ?? { ...defaultHead(translators[request.siteLang], true), alternates: alternateUrls(request, sites) };
      const html = renderPage(template, request.siteLang, head);
      return reply
        .code(found ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('vary', 'host, cookie')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    /** Whether a route's parameters name something that exists: a story page needs its product. */
    const found = async (id: PageRouteId, params: unknown) => {
      if (id !== 'story') return true;
      const { slug } = params as { slug?: string };
      return slug ? storyExists(slug) : false;
    };

    for (const [id, route] of Object.entries(pageRoutes) as [PageRouteId, PageRoute][]) {
      for (const url of route.paths) {
        // A CMS route is a page only when the CMS has an entry there (else 404, like any unknown path).
        const isRoute = !route.cms;
        app.get(url, { schema: { hide: true } }, async (request, reply) =>
          sendPage(request, reply, isRoute && (await found(id, request.params))),
        );
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/crud/');
      return isPage ? sendPage(request, reply, false) : sendRouteNotFound(request, reply);
    });
  },
  { name: 'web', dependencies: ['site-lang', 'errors'] },
);
