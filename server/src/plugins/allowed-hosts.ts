import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/** A Host header as browsers send it: a name, IPv4 or [IPv6] address, and an optional port; nothing else. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/;

/** The host name of a Host header value (lower case, without port), or undefined when it is not a plain host[:port]. */
export function hostNameOf(host: string): string | undefined {
  return HOST_HEADER.exec(host.toLowerCase())?.[1];
}

export type HostSettings = Pick<
  Config,
  'SITE_HOSTS_EN' | 'SITE_HOSTS_ES' | 'SITE_HOSTS_RU' | 'PUBLIC_URL_EN' | 'PUBLIC_URL_ES' | 'PUBLIC_URL_RU' | 'ALLOWED_HOSTS'
>;

/** The host names requests may name: every site host, the PUBLIC_URL_* hosts, the loopback addresses and ALLOWED_HOSTS. */
export function allowedHosts(config: HostSettings): Set<string> {
  const publicHosts = [config.PUBLIC_URL_EN, config.PUBLIC_URL_ES, config.PUBLIC_URL_RU]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).hostname);
  return new Set([
    ...config.SITE_HOSTS_EN,
    ...config.SITE_HOSTS_ES,
    ...config.SITE_HOSTS_RU,
    ...publicHosts,
    '127.0.0.1',
    '[::1]',
    ...config.ALLOWED_HOSTS,
  ]);
}

/**
 * Refuses (400 invalid_host) a request whose Host header (X-Forwarded-Host
 * behind a trusted proxy) is not one of our hosts, as Django's ALLOWED_HOSTS
 * does: the site's language, cookies and same-origin checks all read the
 * host, and a forged one (`localhost:@evil.example`) must reach none of
 * them. /healthz, /readyz and /metrics answer on any host, for load
 * balancers, orchestrators and scrapers that call them by address.
 */
const BY_ADDRESS = new Set(['/healthz', '/readyz', '/metrics']);

export default fp<{ config: HostSettings }>(
  async (app: FastifyInstance, { config }) => {
    const hosts = allowedHosts(config);
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.url && BY_ADDRESS.has(request.routeOptions.url)) return done();
      const name = hostNameOf(request.host);
      done(!name || !hosts.has(name) ? new AppError('invalid_data', 'invalid_host') : undefined);
    });
  },
  { name: 'allowed-hosts', dependencies: ['site-lang', 'errors'] },
);
