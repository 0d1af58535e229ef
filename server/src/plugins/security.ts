import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A year of HTTPS only, for this host alone (sister-site hosts decide for themselves). */
const HSTS = 'max-age=31536000';

/**
 * An unsafe request (POST, PUT, PATCH, DELETE) from a page of another site is
 * refused: the session cookie would otherwise ride along (CSRF). Browsers
 * send Origin on such requests, and Sec-Fetch-Site when Origin is absent.
 */
export function isForeignRequest(request: FastifyRequest, allowed: string[]) {
  const origin = request.headers.origin;
  if (origin) {
    const own = `${request.protocol}://${request.host}`;
    return origin !== own && !allowed.includes(origin);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** What Stripe.js and its Elements load, when Stripe takes the cards (Stripe's documented CSP). */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * The headers a helmet middleware sets on an answer, read by running it once on a stand-in: a fixed list, as long as
 * none of its options is a function of the request. Anything it would do besides setting a header (remove one, fail)
 * is refused here, so a future option of that kind fails at start instead of being silently left out.
 */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const standIn = {
    setHeader: (name: string, value: unknown) => {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to something other than text`);
      headers.push([name, value]);
    },
    // helmet removes X-Powered-By, which neither Node.js nor Fastify sets.
    removeHeader: (name: string) => {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removed ${name}`);
    },
  };
  let called = false;
  middleware({} as IncomingMessage, standIn as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('helmet did not finish at once');
  return headers;
}

export default fp<{ allowedOrigins: string[]; scriptOrigins?: string[]; stripe?: boolean }>(
  async (app: FastifyInstance, { allowedOrigins, scriptOrigins = [], stripe = false }) => {
    const stripeSources = stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [] };
    // The security headers are the same on every answer: helmet's middleware
    // is built once here (@fastify/helmet rebuilt it on every request, a few
    // percent of a catalogue request's CPU), and its headers read from it once.
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          // Other origins only by configuration (the newsletter provider's JSONP endpoint, Stripe.js).
          'script-src': ["'self'", ...scriptOrigins, ...stripeSources.script],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'connect-src': ["'self'", ...stripeSources.connect],
          // Stripe Elements' card field and 3-D Secure pages, when Stripe is in use.
          'frame-src': ["'self'", ...stripeSources.frame],
          'font-src': ["'self'", 'data:'],
          'object-src': ["'none'"],
          'frame-ancestors': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
      // Same-origin media and images are all we load; keep COEP off so audio works everywhere.
      crossOriginEmbedderPolicy: false,
      // Sent below, only over HTTPS (RFC 6797 §7.2: a browser ignores it over plain HTTP).
      strictTransportSecurity: false,
    });
    // Its options hold no function, so its headers are the same on every answer: they are taken from it once and
    // set by one hook, not by its eleven middlewares in turn on every request. They go on the reply, as every other
    // header does (every answer is sent through Fastify's reply; none is written raw), so Node.js writes them all
    // in one pass instead of storing each raw header first.
    const headers = headersOf(securityHeaders).map(([name, value]) => [name.toLowerCase(), value] as const);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.header(name, value);
      done();
    });
    app.addHook('onRequest', (request, reply, done) => {
      // request.protocol believes X-Forwarded-Proto only with TRUST_PROXY: a plain-HTTP
      // client cannot pin HSTS on a host (a development or intranet one) by forging it.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });

    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      done(isForeignRequest(request, allowedOrigins) ? new AppError('not_allowed', 'forbidden_origin') : undefined);
    });
  },
  { name: 'security', dependencies: ['errors'] },
);
