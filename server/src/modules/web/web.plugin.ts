import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  type AnyPageRouteId,
  allPageRoutes,
  type CmsTemplate,
  type ImageUse,
  type LangCode,
  type PageRoute,
  srcSetOf,
} from '@storyhouse/contracts';
import type { RenderRequest } from '@storyhouse/contracts/first-data';
import { imageSizes } from '@storyhouse/contracts/image-srcset';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translators } from '../../i18n';
import { logUnavailable, sendRouteNotFound, UNAVAILABLE_RETRY_SECONDS, unavailableCode } from '../../plugins/errors';
import { alternateUrls, canonicalUrl, type SiteLangOptions, SPANISH_FLAG_COOKIE } from '../../plugins/site-lang';
import type { CmsPageMeta } from '../cms/cms.service';
import { compressedForm, hashedAsset, IMMUTABLE, SHORT_CACHE, serveBuildAssets } from './build-assets';
import { type FamilyPage, type FirstPage, familyPages } from './first-data';
import { defaultHead, type PageHead, renderPage } from './html';
import { screenAssets } from './screen-modules';
import type { RenderApp } from './server-render';
import { MANIFEST_PATH, OFFLINE_SHELL_PATH, webAppManifest } from './web-app-manifest';

export interface WebOptions {
  /** Folder of the built web app (web/dist); undefined serves the API only. */
  root: string | undefined;
  sites: SiteLangOptions;
  /** The CMS page at a path of a site language, for its head; null when the CMS has none. */
  cmsPage: (lang: LangCode, path: string) => Promise<CmsPageMeta | null>;
  /**
   * The product at this slug, with its cover (`/media/…`) and its current
   * slug: /story/{slug} is a page only when there is one (else 404), and an
   * old slug of a renamed product redirects (301) to the current one.
   */
  storyPage: (slug: string) => Promise<{ image: string | null; slug: string } | null>;
  /** The resized copies of a stored image (`/media/<key>` or the key) at a place's widths, as resize-multiple names them; undefined when there are none. */
  resizedCopies: (url: string, use: ImageUse) => Promise<readonly { resized_url: string; width: number }[] | undefined>;
  /** The cover of a language's free story of the week (`/media/…`): the home page's hero when its entry has no header image. */
  freeStoryCover: (lang: LangCode) => Promise<string | null>;
  /** Whether the request is a signed-in visitor's: only theirs get a family page's first data and first render. */
  signedIn: (request: FastifyRequest) => Promise<boolean>;
  /** The text of a page's first-data element (first-data.ts); undefined embeds none. */
  firstData?: (request: FastifyRequest, page: FirstPage) => Promise<string>;
  /** The web build's server render (server-render.ts, decision 015); undefined leaves every page to the browser. */
  renderApp?: RenderApp;
  /** Pages this server has turned off (the developer mailbox where MAILBOX_PAGE is off): the not-found page, 404. */
  offPages?: readonly AnyPageRouteId[];
}

/** The query string of a request's address, with its `?` (or nothing). */
const queryOf = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at);
};

/** The path of a page's address, as the web app's location has it. */
const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

const isFamilyPage = (id: AnyPageRouteId): id is FamilyPage => familyPages.some((p) => p === id);

/**
 * The HTML's caching: every page may be kept if revalidated, except a page
 * of one family (a signed-in route, or the cart), which no cache may keep
 * (nor the service worker, web/src/sw): it may hold their library,
 * orders or cart.
 */
const cacheOf = (id: AnyPageRouteId | undefined) =>
  id && (allPageRoutes[id].access !== 'open' || isFamilyPage(id)) ? 'private, no-store' : 'no-cache';

/**
 * Serves the web app from the same origin as the API: hashed assets with a
 * one-year cache, every page route of the route table as the app's HTML
 * (200; a story page only when a product has its slug), and any other path
 * as the not-found page with status 404. Files
 * the build compressed are sent as their .br or .gz form to a browser that
 * accepts it (br first), never compressed again per request.
 */
export default fp<WebOptions>(
  async (
    app: FastifyInstance,
    { root, sites, cmsPage, storyPage, resizedCopies, freeStoryCover, signedIn, firstData, renderApp, offPages = [] },
  ) => {
    const indexFile = root ? path.join(root, 'index.html') : undefined;
    const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    const assetsOf = root && template ? screenAssets(root) : undefined;
    if (root && !template) app.log.warn({ root }, 'web app not built: serving the API only (run npm run build)');

    if (root && template) {
      // The build's assets folder from memory (build-assets.ts); @fastify/static serves the rest of the build.
      const inMemory = serveBuildAssets(app, root);
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // index.html is each page's template; .ssr/ is the server render's code (decision 015).
        allowedPath: (p) => p !== '/index.html' && !p.startsWith('/.ssr/'),
        // Chosen by Accept-Encoding (with Vary: accept-encoding), .br then .gz then the file itself; never asked for by name.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz', ...inMemory],
        setHeaders: (res, sent) => {
          const file = sent.replace(compressedForm, '');
          if (hashedAsset.test(file)) res.header('cache-control', IMMUTABLE);
          // The service worker (decision 034) is asked for again on every check, so a new build is found at once;
          // it serves the whole site.
          else if (file === path.join(root, 'sw.js'))
            res.header('cache-control', 'no-cache').header('service-worker-allowed', '/');
          else res.header('cache-control', SHORT_CACHE);
        },
      });
    }

    /** The preload link of a page's largest image: the srcset and sizes the web's <img> for that place has (contracts image-sizes.ts, image-srcset.ts). */
    const preloadOf = async (image: string | null | undefined, use: ImageUse): Promise<PageHead['preload']> => {
      // A storage that fails costs the page its preload, never the page.
      const copies = image
        ? await resizedCopies(image, use).catch((err: unknown) => app.log.warn({ err, image }, 'preload image unavailable'))
        : undefined;
      return copies?.length ? { srcset: srcSetOf(copies), sizes: imageSizes[use] } : undefined;
    };

    /**
     * The head of a page: the CMS page's own (title, description, canonical
     * link, alternates in the other languages, social preview, its header
     * image preloaded) when the CMS has one at this path, else the app's
     * default (a story page preloads its cover). A path that is neither a
     * route nor a CMS page is not found.
     */
    const headFor = async (
      request: FastifyRequest,
      isRoute: boolean,
      image?: string | null,
    ): Promise<(PageHead & { template?: CmsTemplate }) | undefined> => {
      const t = translators[request.siteLang];
      const page = await cmsPage(request.siteLang, pathOf(request));
      if (!page) {
        if (!isRoute) return undefined;
        return { ...defaultHead(t, false), alternates: alternateUrls(request, sites), preload: await preloadOf(image, 'cover') };
      }
      const absolute = (p: string) => canonicalUrl(request, sites, p);
      return {
        // The home page keeps the site's own title, as the app shows it.
        title: page.path === '/' ? `${t('app.name')}: ${t('app.tagline')}` : `${page.title} · ${t('app.titleSuffix')}`,
        description: page.description,
        canonical: absolute(page.path),
        alternates: alternateUrls(request, sites, page.alternates),
        image: page.image ? absolute(`/media/${page.image}`) : undefined,
        // The home page without a header image shows the free story's cover large (features/home).
        preload:
          page.image || page.template !== 'home-page'
            ? await preloadOf(page.image, 'hero')
            : await preloadOf(await freeStoryCover(request.siteLang), 'cover'),
        template: page.template,
      };
    };

    /**
     * Decision 015: the app's first render of a page that exists for visitors
     * and search engines, from its first data; the browser hydrates it. A
     * render that fails costs the page its markup, never the page: the
     * browser renders it, as it did before.
     */
    const markupOf = async (
      request: FastifyRequest,
      data: string | undefined,
      alternates: PageHead['alternates'],
    ): Promise<string | undefined> => {
      if (!renderApp || data === undefined) return undefined;
      try {
        return await renderApp({
          url: request.url,
          lang: request.siteLang,
          answers: JSON.parse(data) as RenderRequest['answers'],
          cookies: request.headers.cookie ?? '',
          alternates: alternates ?? {},
        });
      } catch (err) {
        request.log.error({ err, url: request.url }, 'server render failed: the browser renders the page');
        return undefined;
      }
    };

    /**
     * `cover`: a story page's album cover, preloaded (its product was read to know the page exists).
     * `shows`: what the page shows, for its first data; a path that is no route is a CMS path (found or not).
     * `id`: the route's, for its caching; undefined for a path that is no route.
     */
    const sendPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      isRoute: boolean,
      shows: FirstPage,
      cover?: string | null,
      id?: AnyPageRouteId,
    ) => {
      if (!template) return sendRouteNotFound(request, reply);
      const flag = (request.query as Record<string, unknown>)[SPANISH_FLAG_COOKIE];
      if (flag === '1' || flag === 'true') reply.setCookie(SPANISH_FLAG_COOKIE, '1', { path: '/', sameSite: 'lax' });
      else if (flag === '0' || flag === 'false') reply.clearCookie(SPANISH_FLAG_COOKIE, { path: '/' });
      const [found, data] = await Promise.all([headFor(request, isRoute, cover), firstData?.(request, shows)]);
      const head = found ?? { ...defaultHead(translators[request.siteLang], true), alternates: alternateUrls(request, sites) };
      const screen = shows.kind === 'cms' ? found?.template : shows.kind === 'other' ? undefined : shows.kind;
      const assets = assetsOf?.(request.siteLang, screen);
      const markup = shows.kind === 'other' ? undefined : await markupOf(request, data, head.alternates);
      const html = renderPage(template, request.siteLang, { ...head, ...assets }, data, markup);
      return reply
        .code(found ? 200 : 404)
        .header('cache-control', cacheOf(id))
        .header('vary', 'host, cookie')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    /** Whether a route's parameters name something that exists (a story page needs its product), and a story's cover. */
    const found = async (
      id: AnyPageRouteId,
      params: unknown,
    ): Promise<{ exists: boolean; cover?: string | null; movedTo?: string }> => {
      if (offPages.includes(id)) return { exists: false };
      if (id !== 'story') return { exists: true };
      const { slug } = params as { slug?: string };
      const story = slug ? await storyPage(slug) : null;
      if (!story) return { exists: false };
      return { exists: true, cover: story.image, ...(story.slug !== slug ? { movedTo: story.slug } : {}) };
    };

    /**
     * What a route's screen shows (web/src/app/router.tsx), for its first data.
     * A family's page is theirs only when signed in: a visitor's is left to the
     * browser as before (the route guard sends them to log in).
     */
    const showsOf = async (request: FastifyRequest, id: AnyPageRouteId, route: PageRoute): Promise<FirstPage> => {
      const params = request.params as Record<string, string | undefined>;
      if (isFamilyPage(id)) return (await signedIn(request)) ? { kind: id } : { kind: 'other' };
      if (route.cms) return { kind: 'cms', path: pathOf(request) };
      if (id === 'shop') return { kind: 'shop' };
      if (id === 'story' && params.slug) return { kind: 'story', slug: params.slug };
      if (id === 'freeStreamingAlbum' && /^[1-9]\d{0,8}$/.test(params.id ?? ''))
        return { kind: 'freeStreamingAlbum', id: Number(params.id) };
      return { kind: 'other' };
    };

    /**
     * A page whose head or first data could not be read (the database or the storage not answering): the app
     * itself, with 503 and no first data, so the browser shows each screen's failure in the site's language, with
     * its request id and a way to try again, rather than an error's JSON.
     */
    const unavailablePage = (request: FastifyRequest, reply: FastifyReply, err: unknown) => {
      const code = unavailableCode(err);
      if (!code || !template) throw err;
      logUnavailable(request, err, code);
      const head = { ...defaultHead(translators[request.siteLang], false), alternates: alternateUrls(request, sites) };
      return reply
        .code(503)
        .header('retry-after', UNAVAILABLE_RETRY_SECONDS)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderPage(template, request.siteLang, { ...head, ...assetsOf?.(request.siteLang, undefined) }));
    };

    for (const [id, route] of Object.entries(allPageRoutes) as [AnyPageRouteId, PageRoute][]) {
      for (const url of route.paths) {
        // A CMS route is a page only when the CMS has an entry there (else 404, like any unknown path).
        const isRoute = !route.cms;
        const page = async (request: FastifyRequest, reply: FastifyReply) => {
          if (!isRoute) return sendPage(request, reply, false, await showsOf(request, id, route), undefined, id);
          const [{ exists, cover, movedTo }, shows] = await Promise.all([found(id, request.params), showsOf(request, id, route)]);
          // A renamed product's old address: permanently at its new one (issue 30), the query kept. Asked again each
          // time (no-cache): renamed back, the old address is the page again, and a kept redirect would loop.
          if (movedTo) {
            return reply
              .header('cache-control', 'no-cache')
              .redirect(`${url.replace(':slug', encodeURIComponent(movedTo))}${queryOf(request)}`, 301);
          }
          return sendPage(request, reply, exists, shows, cover, id);
        };
        app.get(url, { schema: { hide: true } }, async (request, reply) => {
          try {
            return await page(request, reply);
          } catch (err) {
            return unavailablePage(request, reply, err);
          }
        });
      }
    }

    if (template) {
      // The offline copy of the app (decision 034): the page with no page's content, in the site's language. The
      // service worker precaches it and opens it for a page never seen while offline; the app then says so.
      app.get(OFFLINE_SHELL_PATH, { schema: { hide: true } }, async (request, reply) =>
        reply
          .header('cache-control', 'no-cache')
          .header('vary', 'host')
          .type('text/html; charset=utf-8')
          .send(
            renderPage(template, request.siteLang, {
              ...defaultHead(translators[request.siteLang], false),
              ...assetsOf?.(request.siteLang, undefined),
            }),
          ),
      );
    }
    // The web app's manifest (issue 32 item 4): each language's site installs as its own app.
    app.get(MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'host')
        .type('application/manifest+json; charset=utf-8')
        .send(webAppManifest(request.siteLang, translators[request.siteLang])),
    );

    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/crud/');
      // Any other path is the CMS page's (web router's catch-all): found there, or not found.
      return isPage
        ? sendPage(request, reply, false, { kind: 'cms', path: pathOf(request) }).catch((err: unknown) =>
            unavailablePage(request, reply, err),
          )
        : sendRouteNotFound(request, reply);
    });
  },
  { name: 'web', dependencies: ['site-lang', 'errors'] },
);
