import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { type ImageUse, imageWidths } from '@storyhouse/contracts';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { runPeriodically } from './lib/periodic';
import { COMPRESS_THRESHOLD } from './lib/precompressed';
import { setMailSiteOrigins } from './mail/site';
import access from './modules/accounts/access.plugin';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { currentUser } from './modules/accounts/current-user';
import { requireUser } from './modules/accounts/guards';
import { isWeakerThanProduction, type PasswordHashParams } from './modules/accounts/password';
import { sessionSummary } from './modules/accounts/session-summary';
import sessionUsers from './modules/accounts/session-user-cache';
import { currentUserResponse } from './modules/accounts/user-response';
import { adminRoutes } from './modules/admin/admin.routes';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { adminGivingRoutes } from './modules/admin-giving/admin-giving.routes';
import statements from './modules/admin-giving/statements.plugin';
import { adminMediaRoutes } from './modules/admin-media/admin-media.routes';
import adminOrders from './modules/admin-orders/admin-orders.plugin';
import { adminOverviewRoutes } from './modules/admin-overview/admin-overview.routes';
import { adminReportsRoutes } from './modules/admin-reports/admin-reports.routes';
import { adminShopRoutes } from './modules/admin-shop/admin-shop.routes';
import { adventuresRoutes } from './modules/adventures/adventures.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { bedtimeRoutes } from './modules/bedtime/bedtime.routes';
import { captchaRoutes } from './modules/captcha/captcha.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { cartService } from './modules/cart/cart.service';
import { currentOwner } from './modules/cart/cart-owner';
import { checkoutAddressRoutes } from './modules/cart/checkout-address.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { catalogueService, viewerOf } from './modules/catalogue/catalogue.service';
import { catalogueAdminRoutes } from './modules/catalogue/catalogue-admin.routes';
import { childRulesRoutes } from './modules/child-rules/child-rules.routes';
import { cmsRoutes } from './modules/cms/cms.routes';
import { cmsService } from './modules/cms/cms.service';
import { cmsEditorRoutes } from './modules/cms/cms-editor.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { freeMp3Routes } from './modules/free-mp3/free-mp3.routes';
import { givingRoutes } from './modules/giving/giving.routes';
import { givingFeeRoutes } from './modules/giving-fee/giving-fee.routes';
import { guestBookRoutes } from './modules/guest-book/guest-book.routes';
import { healthRoutes } from './modules/health/health.routes';
import masqueradeAudit from './modules/impersonation/masquerade-audit.plugin';
import library from './modules/library/library.plugin';
import { libraryUserOf } from './modules/library/library.routes';
import { libraryService } from './modules/library/library.service';
import { listeningQueueRoutes } from './modules/listening-queue/listening-queue.routes';
import { loginRoutes } from './modules/login/login.routes';
import { sessionRoutes } from './modules/login/session.routes';
import { mailboxEnabled, mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { resizedCopies } from './modules/media/images';
import { imageRoutes } from './modules/media/images.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes';
import orders from './modules/orders/orders.plugin';
import { ordersService } from './modules/orders/orders.service';
import { passwordsRoutes } from './modules/passwords/passwords.routes';
import { cardAttempts } from './modules/payments/card-attempts';
import { cardsService } from './modules/payments/cards.service';
import { payerOf } from './modules/payments/payer';
import payments from './modules/payments/payments.plugin';
import { profileRoutes } from './modules/profile/profile.routes';
import { profileChoiceRoutes } from './modules/profile-choice/profile-choice.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { setRateLimitFactor } from './modules/rate-limit/rate-limit';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { searchRoutes } from './modules/search/search.routes';
import sessions from './modules/sessions/sessions.plugin';
import stock from './modules/stock/stock.plugin';
import subscriptions from './modules/subscriptions/subscriptions.plugin';
import { subscriptionsService } from './modules/subscriptions/subscriptions.service';
import { transcriptsRoutes } from './modules/transcripts/transcripts.routes';
import { firstDataLoader } from './modules/web/first-data';
import { loadServerRender } from './modules/web/server-render';
import web from './modules/web/web.plugin';
import allowedHosts from './plugins/allowed-hosts';
import db from './plugins/db';
import errors, { sendFrameworkError } from './plugins/errors';
import metrics from './plugins/metrics';
import openapi from './plugins/openapi';
import security from './plugins/security';
import siteLang, { resolveSiteLang, siteLangOptions } from './plugins/site-lang';
import stopping from './plugins/stopping';
import validation from './plugins/validation';
import mail from './providers/mail/mail.plugin';
import { createMediaStorage } from './providers/storage/storage-config';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Built web app folder; undefined for an API-only app. */
  webRoot: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Deliver queued e-mail in the background (default: on, except NODE_ENV=test, where tests call deliverDueMail). */
  mailWorker?: boolean;
  /** Reconcile pending orders in the background (default: on, except NODE_ENV=test, where tests call app.reconcileOrders). */
  ordersWorker?: boolean;
  /** Bill renewals with the built-in test processor in the background (default: on, except NODE_ENV=test: app.billRenewals). */
  billingWorker?: boolean;
  /** Waits the delay of a sign-in after repeated failed logins (default: a timer); tests record the delays instead of waiting. */
  loginDelay?: (ms: number) => Promise<void>;
  /**
   * The scrypt cost of new password hashes (default: PASSWORD_HASH_PARAMS). Only a test that makes hundreds of
   * accounts passes a cheaper one; a production configuration refuses it.
   */
  passwordHash?: PasswordHashParams;
  /** Answer 500 where a route gives a 4xx its description does not list (plugins/route-errors.ts): the API tests do. */
  checkDescribedErrors?: boolean;
}

/**
 * The whole application as one Fastify instance: tests build exactly this and
 * call it with inject(); main.ts builds it and listens. Outside plugins
 * first, then our plugins, then the feature routes, then the web app.
 */
export async function buildApp({
  config,
  database,
  webRoot,
  logger = false,
  mailWorker,
  ordersWorker,
  billingWorker,
  loginDelay,
  passwordHash,
  checkDescribedErrors = false,
}: AppOptions) {
  if (passwordHash && config.NODE_ENV === 'production' && isWeakerThanProduction(passwordHash)) {
    throw new Error('A production server hashes passwords at the full scrypt cost: a cheaper one is for tests only');
  }
  setRateLimitFactor(config.RATE_LIMIT_FACTOR);
  const sites = siteLangOptions(config);
  // Every e-mail's footer links the site of its language, from configuration.
  setMailSiteOrigins(sites.origins);
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Ids for log correlation; honours a proxy's id when it sends one.
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // Before routing no hook has run: the site language is read here, so the error is in the site's language too.
    frameworkErrors: (error, request, reply) => sendFrameworkError(resolveSiteLang(request, sites), reply, error),
    // A request arriving while the server stops is answered below, in the site's language, not by Fastify's own body.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  await app.register(cookie);
  // A GET or HEAD carries no body to decompress: those routes skip @fastify/compress's request hooks.
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) route.decompress ??= false;
  });
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip', 'deflate'] });

  await app.register(db, { database });
  await app.register(metrics, { token: config.METRICS_TOKEN, port: config.METRICS_PORT, host: config.METRICS_HOST });
  await app.register(siteLang, sites);
  await app.register(errors, { checkDescribedErrors });
  // Stopping (SIGTERM, a rolling upgrade): health says 503, every request is still answered, then the listener closes.
  await app.register(stopping);
  await app.register(allowedHosts, { config });
  await app.register(validation, { checkResponses: config.NODE_ENV === 'test' });
  // The newsletter provider's JSONP endpoint is a script the web app loads (spec §7 Newsletter).
  const scriptOrigins = config.NEWSLETTER_URL ? [new URL(config.NEWSLETTER_URL).origin] : [];
  await app.register(security, { allowedOrigins: config.ALLOWED_ORIGINS, scriptOrigins, stripe: config.PAYMENTS === 'stripe' });
  await app.register(sessions, { days: config.SESSION_DAYS, secure: config.COOKIE_SECURE });
  await app.register(sessionUsers, { ttlMs: config.SESSION_CACHE_MS });
  await app.register(masqueradeAudit);
  // Before any route: each route's access is checked before its body and parameters are read.
  await app.register(access);
  await app.register(openapi);
  await app.register(mail, { config, worker: mailWorker ?? config.NODE_ENV !== 'test' });

  // One media storage (and one open-file cache) for streams, images and CMS downloads; readiness checks it too.
  const storage = createMediaStorage(config);
  app.addHook('onClose', async () => storage.close?.());
  // What a crash left mid-upload (a local folder's temporary files) goes at start, and any left since within half an hour.
  if (storage.removeLeftovers) {
    runPeriodically(app, {
      name: 'removing uploads a crash cut off',
      everyMs: 15 * 60 * 1000,
      run: async () => storage.removeLeftovers?.(),
    });
  }
  await app.register(healthRoutes, { storage });
  await app.register(sessionRoutes);
  await app.register(accountsRoutes);
  await app.register(loginRoutes, { delay: loginDelay, hashParams: passwordHash });
  await app.register(adminRoutes);

  await app.register(profileRoutes, { config, hashParams: passwordHash });
  await app.register(bedtimeRoutes);
  await app.register(profileChoiceRoutes);
  const cms = cmsService(app.db, { cacheMs: config.CMS_CACHE_MS });
  await app.register(cmsRoutes, { cms, checkResponses: config.NODE_ENV === 'test' });
  await app.register(cmsEditorRoutes, { cms });
  const catalogue = catalogueService(app.db, { listingCacheMs: config.CATALOGUE_CACHE_MS });
  await app.register(catalogueRoutes, { catalogue });
  await app.register(catalogueAdminRoutes, { catalogue });
  await app.register(mediaRoutes, { storage });
  await app.register(transcriptsRoutes, { catalogue });
  await app.register(imageRoutes, { config, storage });
  await app.register(cartRoutes);
  await app.register(checkoutAddressRoutes);
  await app.register(payments, { config });
  await app.register(adminOrders, { config, worker: ordersWorker ?? config.NODE_ENV !== 'test' });
  await app.register(auditRoutes);
  await app.register(adminUsersRoutes, { config });
  await app.register(adminGivingRoutes, { config });
  await app.register(statements, { worker: ordersWorker ?? config.NODE_ENV !== 'test' });
  await app.register(givingFeeRoutes);
  await app.register(adminReportsRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(adminShopRoutes);
  await app.register(returnsRoutes, { config });
  await app.register(receiptsRoutes);
  await app.register(moderationRoutes, { config });
  await app.register(adminMediaRoutes, { storage });
  await app.register(orders, { config, worker: ordersWorker ?? config.NODE_ENV !== 'test' });
  await app.register(stock, { config, worker: ordersWorker ?? config.NODE_ENV !== 'test' });
  await app.register(subscriptions, { config, worker: billingWorker ?? config.NODE_ENV !== 'test' });
  await app.register(library, { storage, catalogue });
  await app.register(listeningQueueRoutes);
  await app.register(favouritesRoutes);
  await app.register(profilesRoutes);
  await app.register(childRulesRoutes);
  await app.register(guestBookRoutes, { config });
  await app.register(newsletterRoutes, { config });
  await app.register(contactRoutes, { config });
  await app.register(adventuresRoutes, { config });
  await app.register(passwordsRoutes, { config, hashParams: passwordHash });
  await app.register(mailboxRoutes, { config });
  await app.register(captchaRoutes);
  await app.register(freeMp3Routes, { storage });
  await app.register(searchRoutes);
  await app.register(givingRoutes);

  const copies = (url: string, use: ImageUse) => resizedCopies(storage, url, imageWidths[use]);
  const cart = cartService(app.db);
  // The family pages' first data (issue 27) reads what their API routes read, through the same services.
  const familyLibrary = libraryService(app.db, { storage, catalogue });
  const familyOrders = ordersService(app.db, app.payments);
  const familySubscriptions = subscriptionsService(app.db, app.payments, { origins: sites.origins });
  const familyCards = cardsService(app.db, app.payments, cardAttempts(app.db, { ministryEmail: config.MINISTRY_EMAIL }));
  await app.register(web, {
    root: webRoot,
    renderApp: await loadServerRender(webRoot, app.log),
    sites,
    offPages: mailboxEnabled(config) ? [] : ['mailbox'],
    cmsPage: async (lang, path) => (await cms.page(lang, path))?.meta ?? null,
    storyPage: (slug) => catalogue.storyPage(slug),
    resizedCopies: copies,
    signedIn: async (request) => Boolean(await currentUser(request)),
    freeStoryCover: (lang) =>
      catalogue.freeStory(lang).then(
        (story) => story.primary_image,
        () => null,
      ),
    firstData: firstDataLoader(
      {
        session: sessionSummary,
        cartQuantity: async (request) => ({ quantity: await cart.itemCount(await currentOwner(request)) }),
        cartLines: async (request) => (await cart.view(await currentOwner(request))).skus,
        cartTotal: async (request) => cart.view(await currentOwner(request)),
        library: async (request, query) => familyLibrary.myLibrary(await libraryUserOf(request), query),
        libraryFreeStory: async (request) => familyLibrary.album(await libraryUserOf(request), 'free-story', request.siteLang),
        user: currentUserResponse,
        paymentsKey: () => familyCards.key(),
        savedCards: async (request, userId) => familyCards.list(await payerOf(request), userId),
        orders: async (request, page) => {
          const { user } = await requireUser(request);
          return familyOrders.list(user.id, page, request.siteLang);
        },
        subscriptions: async (request) => ({ data: await familySubscriptions.list((await requireUser(request)).user.id) }),
        navigation: () => cms.navigation(),
        cmsPage: (lang, path) => cms.page(lang, path),
        catalogue,
        viewer: viewerOf,
        resizedCopies: copies,
      },
      { waitMs: config.FIRST_DATA_WAIT_MS },
    ),
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
