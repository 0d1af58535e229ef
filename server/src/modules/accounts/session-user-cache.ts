import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
 * or end an impersonation) starts a new generation when it begins and again
 * when it ends, so a read that started before it cannot keep what it saw.
 * Across instances, a logout, password change or profile save made on
 * another instance is seen within `ttlMs` (1 s by default,
 * SESSION_CACHE_MS; 0 turns the cache off). docs/decisions/010-accounts.md.
 */
export default fp<{ ttlMs: number }>(
  async (app: FastifyInstance, { ttlMs }) => {
    const entries = new Map<string, { until: number; generation: number; value: Promise<Found> }>();
    let generation = 0;
    const bump = () => {
      generation += 1;
      entries.clear();
    };

    app.decorate('sessionUsers', {
      find(sessionId: string) {
        if (ttlMs <= 0) return findSessionWithUser(app.db, sessionId);
        const now = Date.now();
        const hit = entries.get(sessionId);
        if (hit && hit.until > now && hit.generation === generation) return hit.value;
        if (entries.size >= MAX_ENTRIES) entries.clear();
        const started = generation;
        const value = findSessionWithUser(app.db, sessionId);
        entries.set(sessionId, { until: now + ttlMs, generation: started, value });
        value.catch(() => entries.delete(sessionId));
        return value;
      },
    });

    const changesState = (method: string, url: string) =>
      (method !== 'GET' && method !== 'HEAD') || url.startsWith('/logout') || url.startsWith('/crud/masquerade-finish');
    app.addHook('onRequest', async (request) => {
      if (changesState(request.method, request.url)) bump();
    });
    app.addHook('onResponse', async (request) => {
      if (changesState(request.method, request.url)) bump();
    });
  },
  { name: 'session-users', dependencies: ['db'] },
);
