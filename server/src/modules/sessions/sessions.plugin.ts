import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { hashToken, newToken, TOKEN_FORMAT } from '../../lib/tokens';
import type { SessionRow } from './session';
import { sessionsRepository } from './sessions.repository';

export const SESSION_COOKIE = 'sid';
/** A session's expiry slides forward at most this often (saves a write per request). */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionsOptions {
  days: number;
  secure: 'auto' | 'true' | 'false';
}

interface SessionState {
  token: string | undefined;
  loaded: Promise<SessionRow | undefined> | undefined;
  /** This request ended the session: its cookie is cleared, whatever the route. */
  ended?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The current session, or undefined for a visitor without one. */
    getSession(): Promise<SessionRow | undefined>;
    /** The current session, created (and its cookie set) if there is none. */
    ensureSession(): Promise<SessionRow>;
    /** Ends the session and clears its cookie. */
    endSession(): Promise<void>;
    /**
     * Signs in: a NEW session (new token and cookie) for the user, so a
     * session id seen before login is worthless after it. `carry` runs
     * first with the old and new session ids (e.g. to merge the guest
     * cart); then the old session is deleted.
     */
    startUserSession(
      userId: number,
      opts?: { masqueradeAdminId?: number | null; carry?: (previousId: string | undefined, nextId: string) => Promise<void> },
    ): Promise<SessionRow>;
    sessionState: SessionState;
  }
}

export default fp<SessionsOptions>(
  async (app: FastifyInstance, opts) => {
    const repo = sessionsRepository(app.db);
    const maxAgeMs = opts.days * 24 * 60 * 60 * 1000;

    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: opts.secure === 'auto' ? request.protocol === 'https' : opts.secure === 'true',
    });
    const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));

    app.decorateRequest('sessionState', null as unknown as SessionState);

    app.decorateRequest('getSession', function (this: FastifyRequest) {
      const state = this.sessionState;
      if (!state.token) return Promise.resolve(undefined);
      state.loaded ??= repo.find(hashToken(state.token));
      return state.loaded;
    });

    app.decorateRequest('ensureSession', async function (this: FastifyRequest) {
      const existing = await this.getSession();
      if (existing) return existing;
      const token = newToken();
      const expiresAt = new Date(Date.now() + maxAgeMs);
      const id = hashToken(token);
      await repo.create(id, expiresAt);
      this.sessionState = {
        token,
        loaded: Promise.resolve({
          id,
          user_id: null,
          masquerade_admin_id: null,
          profile_id: null,
          data: {},
          last_seen_at: new Date(),
          expires_at: expiresAt,
        }),
      };
      this.server.log.debug({ reqId: this.id }, 'session created');
      // The cookie is set in onSend from sessionState.
      return (await this.sessionState.loaded) as SessionRow;
    });

    app.decorateRequest(
      'startUserSession',
      async function (
        this: FastifyRequest,
        userId: number,
        opts: {
          masqueradeAdminId?: number | null;
          carry?: (previousId: string | undefined, nextId: string) => Promise<void>;
        } = {},
      ) {
        const previous = await this.getSession();
        const token = newToken();
        const expiresAt = new Date(Date.now() + maxAgeMs);
        const id = hashToken(token);
        const masqueradeAdminId = opts.masqueradeAdminId ?? null;
        await repo.create(id, expiresAt, userId, masqueradeAdminId);
        await opts.carry?.(previous?.id, id);
        if (previous) await repo.delete(previous.id);
        const session: SessionRow = {
          id,
          user_id: userId,
          masquerade_admin_id: masqueradeAdminId,
          profile_id: null,
          data: {},
          last_seen_at: new Date(),
          expires_at: expiresAt,
        };
        this.sessionState = { token, loaded: Promise.resolve(session) };
        return session;
      },
    );

    app.decorateRequest('endSession', async function (this: FastifyRequest) {
      const session = await this.getSession();
      if (session) await repo.delete(session.id);
      this.sessionState = { token: undefined, loaded: Promise.resolve(undefined), ended: true };
    });

    app.addHook('onRequest', (request, reply, done) => {
      const raw = request.cookies[SESSION_COOKIE];
      request.sessionState = { token: undefined, loaded: undefined };
      if (raw === undefined) return done();
      if (TOKEN_FORMAT.test(raw)) {
        request.sessionState.token = raw;
        return done();
      }
      // A damaged cookie is cleared; an API call is told so, a page just loads.
      clearCookie(request, reply);
      done(request.url.startsWith('/crud/') ? new AppError('invalid_data', 'invalid_session_cookie') : undefined);
    });

    // What the answer needs is mostly known at once (no session, or one not read): only a read session is awaited.
    app.addHook('onSend', (request, reply, _payload, done) => {
      const state = request.sessionState;
      if (!state) return done();
      const incoming = request.cookies[SESSION_COOKIE];
      if (state.token && state.token !== incoming) {
        reply.setCookie(SESSION_COOKIE, state.token, { ...cookieOptions(request), maxAge: maxAgeMs / 1000 });
        return done();
      }
      if (!state.loaded) return done();
      afterSessionRead(request, reply, state, state.loaded, incoming).then(() => done(), done);
    });

    /** The cookie of an answer whose request read its session: cleared when it is gone, renewed now and then. */
    async function afterSessionRead(
      request: FastifyRequest,
      reply: FastifyReply,
      state: NonNullable<FastifyRequest['sessionState']>,
      loaded: Promise<SessionRow | undefined>,
      incoming: string | undefined,
    ) {
      // A session that could not be read (the database gone) failed the request already: its answer says so.
      const session = await loaded.catch(() => null);
      if (session === null) return;
      if (!session) {
        // A page load clears a cookie whose session is gone. An API call does not: it may have set out with the
        // cookie a login or logout has just replaced, and clearing it would sign the browser out again.
        const stale = incoming && TOKEN_FORMAT.test(incoming) && !request.url.startsWith('/crud/');
        if (state.ended || stale) clearCookie(request, reply);
        return;
      }
      if (Date.now() - session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
        try {
          await repo.touch(session.id, new Date(Date.now() + maxAgeMs));
        } catch (err) {
          // The answer is ready: keep it; the session is touched on a later request.
          request.log.warn({ err }, 'session not touched');
          return;
        }
        reply.setCookie(SESSION_COOKIE, incoming ?? '', { ...cookieOptions(request), maxAge: maxAgeMs / 1000 });
      }
    }
  },
  { name: 'sessions', dependencies: ['db', '@fastify/cookie', 'errors'] },
);
