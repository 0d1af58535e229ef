import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { checkAccess } from './guards';

/**
 * Who may call a route: the signed-in family whoever it speaks for ('listener': a child profile too), the signed-in
 * parents ('user'), or an admin acting as themself (guards.ts has the rules and their answers).
 */
export type Access = 'listener' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route, asked before its body, parameters or query are read (issue 40 item 6): 'listener' answers a
     * visitor 401; 'user' also answers a child profile's session 403 (issue 42); 'admin' answers a visitor 401 and anyone else, an impersonating admin too, 403. Every
     * `/crud/admin/` route is 'admin' without saying so.
     */
    access?: Access;
  }
  interface FastifyInstance {
    /** Every route with its access as the app registered it (tests walk it: access.api.test.ts). */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access | undefined;
}

/** The back office's routes: all of them for admins only. */
export const ADMIN_PREFIX = '/crud/admin/';

/** A route's access: what it declares, else 'admin' under the back office's prefix. */
export function accessOf(url: string, declared: Access | undefined): Access | undefined {
  return declared ?? (url.startsWith(ADMIN_PREFIX) ? 'admin' : undefined);
}

/** The onRequest hook of an access: its guard, and a refusal no shared cache keeps. */
function guardHook(access: Access): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await checkAccess(request, access);
    } catch (err) {
      // The route's own cache headers are not reached: a refusal is the caller's alone.
      reply.header('cache-control', 'private, no-store');
      throw err;
    }
  };
}

const hooks: Record<Access, onRequestHookHandler> = {
  listener: guardHook('listener'),
  user: guardHook('user'),
  admin: guardHook('admin'),
};

/**
 * Authorization before validation (decision 039): Fastify parses and validates a request's body, parameters and
 * query after its onRequest hooks, so a route's access is checked there. A handler still asks requireUser or
 * requireAdmin for the user it acts as, and its first ask takes the user found here (guards.ts checkAccess), not a
 * second query. Register before the routes.
 */
export default fp(
  async (app: FastifyInstance) => {
    const routes: RouteAccess[] = [];
    app.decorate('routeAccess', routes);
    app.addHook('onRoute', (route) => {
      const access = accessOf(route.url, route.config?.access);
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
      if (!access) return;
      route.config = { ...route.config, access };
      const own = [route.onRequest ?? []].flat();
      // Fastify registers a GET route's HEAD twin with the same options: one guard each.
      if (!own.includes(hooks[access])) route.onRequest = [...own, hooks[access]];
    });
  },
  { name: 'access', dependencies: ['sessions'] },
);
