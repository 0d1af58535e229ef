import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { pageRoutes } from '@storyhouse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translators } from '../../i18n';
import { sendRouteNotFound } from '../../plugins/errors';
import { alternateUrls, type SiteLangOptions, SPANISH_FLAG_COOKIE } from '../../plugins/site-lang';
import { defaultHead, renderPage } from './html';

export interface WebOptions {
  /** Folder of the built web app (web/dist); undefined serves the API only. */
  root: string | undefined;
  sites: SiteLangOptions;
}

/**
 * Serves the web app from the same origin as the API: hashed assets with a
 * one-year cache, every page route of the route table as the app's HTML
 * (200), and any other path as the not-found page with status 404.
 */
export default fp<WebOptions>(
  async (app: FastifyInstance, { root, sites }) => {
    const indexFile = root ? path.join(root, 'index.html') : undefined;
    const template = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
    if (root && !template) app.log.warn({ root }, 'web app not built: serving the API only (run npm run build)');

    if (root && template) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        allowedPath: (p) => p !== '/index.html',
        setHeaders: (res, file) => {
          if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
          // The service worker must be re-checked on every visit to pick up a new version.
          else if (file.endsWith('sw.js')) res.header('cache-control', 'no-cache');
          else res.header('cache-control', 'public, max-age=3600');
        },
      });
    }

    const sendPage = (request: FastifyRequest, reply: FastifyReply, status: 200 | 404) => {
      if (!template) return sendRouteNotFound(request, reply);
      const flag = (request.query as Record<string, unknown>)[SPANISH_FLAG_COOKIE];
      if (flag === '1' || flag === 'true') reply.setCookie(SPANISH_FLAG_COOKIE, '1', { path: '/', sameSite: 'lax' });
      else if (flag === '0' || flag === 'false') reply.clearCookie(SPANISH_FLAG_COOKIE, { path: '/' });
      const head = { ...defaultHead(translators[request.siteLang], status === 404), alternates: alternateUrls(request, sites) };
      const html = renderPage(template, request.siteLang, head);
      return reply
        .code(status)
        .header('cache-control', 'no-cache')
        .header('vary', 'host, cookie')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    for (const route of Object.values(pageRoutes)) {
      for (const url of route.paths) {
        app.get(url, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, 200));
      }
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/crud/');
      return isPage ? sendPage(request, reply, 404) : sendRouteNotFound(request, reply);
    });
  },
  { name: 'web', dependencies: ['site-lang', 'errors'] },
);
