import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { cmsRoutes } from './modules/cms/cms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imageRoutes } from './modules/media/images.routes';
import { mediaRoutes } from './modules/media/media.routes';
import sessions from './modules/sessions/sessions.plugin';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import web from './modules/web/web.plugin';
import db from './plugins/db';
import errors from './plugins/errors';
import openapi from './plugins/openapi';
import security from './plugins/security';
import siteLang from './plugins/site-lang';
import validation from './plugins/validation';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Built web app folder; undefined for an API-only app. */
  webRoot: string | undefined;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The whole application as one Fastify instance: tests build exactly this and
 * call it with inject(); main.ts builds it and listens. Outside plugins
 * first, then our plugins, then the feature routes, then the web app.
 */
export async function buildApp({ config, database, webRoot, logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Ids for log correlation; honours a proxy's id when it sends one.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(db, { database });
  const sites = { enHosts: config.SITE_HOSTS_EN, esHosts: config.SITE_HOSTS_ES, ruHosts: config.SITE_HOSTS_RU };
  await app.register(siteLang, sites);
  await app.register(errors);
  await app.register(validation, { checkResponses: config.NODE_ENV === 'test' });
  await app.register(security, { allowedOrigins: config.ALLOWED_ORIGINS });
  await app.register(sessions, { days: config.SESSION_DAYS, secure: config.COOKIE_SECURE });
  await app.register(openapi);

  await app.register(healthRoutes);
  await app.register(sessionsRoutes);
  await app.register(accountsRoutes);
  await app.register(cmsRoutes);
  await app.register(catalogueRoutes, { listingCacheMs: config.CATALOGUE_CACHE_MS });
  await app.register(mediaRoutes, { config });
  await app.register(imageRoutes, { config });
  await app.register(cartRoutes);

  await app.register(web, { root: webRoot, sites });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
