import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ttlCache } from '../../lib/ttl-cache';
import { findSessionWithUser } from './session-user.repository';

type Found = Awaited<ReturnType<typeof findSessionWithUser>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A session and its user by session id, read through a short cache (see below). */
    sessionUsers: { find(sessionId: string): Promise<Found> };
  }
}

const MAX_ENTRIES = 10_000;

/**
 * GET /crud/session and /crud/user run on every page load (issue 5
 * "Measured"): the session and its user are kept for `ttlMs` per instance
 * instead of a PostgreSQL round trip each time. PostgreSQL stays the only
 * store: this is a read cache, never written to.
 *
 * Staleness is bounded two ways. On this instance, every request that may
 * change something (any method but GET/HEAD, and the GET calls that sign out
 * or end an impersonation) empties the cache when it begins and again when it
 * ends, so a read that started before it cannot keep what it saw.
 * Across instances, a logout, password change or profile save made on
 * another instance is seen within `ttlMs` (1 s by default,
 * SESSION_CACHE_MS; 0 turns the cache off). docs/decisions/010-accounts.md.
 */
export default fp<{ ttlMs: number }>(
  async (app: FastifyInstance, { ttlMs }) => {
    const sessions = ttlCache<Found>(ttlMs, MAX_ENTRIES);
    app.decorate('sessionUsers', {
      find: (sessionId: string) => sessions(sessionId, () => findSessionWithUser(app.db, sessionId)),
    });

    const changesState = (method: string, url: string) =>
      (method !== 'GET' && method !== 'HEAD') || url.startsWith('/logout') || url.startsWith('/crud/masquerade-finish');
    app.addHook('onRequest', (request, _reply, done) => {
      if (changesState(request.method, request.url)) sessions.clear();
      done();
    });
    app.addHook('onResponse', (request, _reply, done) => {
      if (changesState(request.method, request.url)) sessions.clear();
      done();
    });
  },
  { name: 'session-users', dependencies: ['db'] },
);
