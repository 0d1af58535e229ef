import type { ErrorCode } from '@storyhouse/contracts';

/** A route's own refusals (its service's rules), by HTTP status: `{ 404: ['order_not_found'], 409: ['refund_too_large'] }`. */
export type RouteErrors = Partial<Record<400 | 402 | 403 | 404 | 409 | 410 | 413 | 416 | 429, readonly ErrorCode[]>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The 4xx answers of the route's own rules (issue 40 item 13, decision 039), described in the OpenAPI document
     * with the ones every route of its kind gives (describedErrors). In the tests an answer the route does not
     * describe fails (plugins/errors.ts).
     */
    errors?: RouteErrors;
  }
}

/** What describedErrors reads of a route: Fastify's route options, or request.routeOptions. */
export interface DescribedRoute {
  method: string | readonly string[];
  url: string;
  config?: { access?: 'listener' | 'user' | 'admin'; errors?: RouteErrors };
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown };
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every 4xx answer a route can give, by status: its own (config.errors) and those every route of its kind gives,
 * each from the place that gives it: an unknown host (allowed-hosts.ts) or an unreadable request (errors.ts), a
 * damaged session cookie (sessions) on an API route, an invalid body, query or parameter (validation.ts), a request
 * from another site's page (security.ts), a too large or non-JSON body to a route that changes things, and a
 * refused caller (the route's access: accounts/access.plugin.ts).
 */
export function describedErrors(route: DescribedRoute): Map<number, Set<ErrorCode>> {
  const described = new Map<number, Set<ErrorCode>>();
  const add = (status: number, ...codes: ErrorCode[]) => {
    const set = described.get(status) ?? new Set<ErrorCode>();
    for (const code of codes) set.add(code);
    described.set(status, set);
  };
  const methods = [route.method].flat();
  const { schema, config } = route;
  // An unknown host; a request Fastify cannot read; a value only the database refused (errors.ts): any route.
  add(400, 'invalid_host', 'bad_request');
  if (route.url.startsWith('/crud/')) add(400, 'invalid_session_cookie');
  if (schema?.body || schema?.querystring || schema?.params || schema?.headers) add(400, 'validation_failed');
  if (methods.some((m) => UNSAFE.has(m))) {
    add(403, 'forbidden_origin');
    // Whatever is sent as a body is read first (application/json, or a route's own parser): it can be too large or
    // of another type.
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  if (config?.access) add(401, 'not_authenticated');
  // The grown-ups lock (issue 42): a child profile's session is refused what only the parents may do.
  if (config?.access === 'user' || config?.access === 'admin') add(403, 'grown_ups_only');
  if (config?.access === 'admin') add(403, 'forbidden');
  for (const [status, codes] of Object.entries(config?.errors ?? {})) add(Number(status), ...(codes ?? []));
  return described;
}

/** Whether the route describes the answer. */
export function describes(route: DescribedRoute, status: number, code: ErrorCode) {
  return describedErrors(route).get(status)?.has(code) ?? false;
}
