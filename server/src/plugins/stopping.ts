import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/** Nothing new for this long after the stop signal: the proxy has stopped sending requests here. */
const QUIET_MS = 1000;
/** The longest a stop waits for that quiet before it closes the listener anyway (close-with-grace gives 10 s in all). */
const DRAIN_MAX_MS = 5000;
const POLL_MS = 50;

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the stop signal on: /healthz and /readyz answer 503 so a proxy stops sending requests here. */
    readonly stopping: boolean;
    /**
     * Stops the server without resetting a request it accepted (decision 041): the health checks fail at once, every
     * request is still answered (its connection closed after its answer) until nothing new has come for a second (at
     * most 5 s), then the listener closes and the requests in flight finish (app.close).
     */
    stop(): Promise<void>;
  }
}

/**
 * Stopping (SIGTERM, a rolling upgrade): first drain, then close. While draining, the health checks say 503 and every
 * answer closes its connection, so clients and the proxy move to another server; the listener stays open, so a
 * connection the system accepted meanwhile is answered rather than reset. Closing (app.close) stops listening; a
 * request still arriving is told to try again (503 service_unavailable, in the site's language) and the ones in
 * flight finish.
 */
export default fp(
  async (app) => {
    let stopping = false;
    let closing = false;
    let inFlight = 0;
    let lastActivity = Date.now();
    const touch = () => {
      lastActivity = Date.now();
    };

    app.decorate('stopping', {
      getter: () => stopping,
    });
    app.decorate('stop', async () => {
      if (!stopping) {
        stopping = true;
        const since = Date.now();
        while (Date.now() - since < DRAIN_MAX_MS && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
      }
      await app.close();
    });

    app.addHook('onListen', async () => {
      app.server.on('connection', touch);
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', (_request, reply, done) => {
      inFlight += 1;
      touch();
      // Answered or given up on by the client: either way no longer in flight.
      reply.raw.once('close', () => {
        inFlight -= 1;
        touch();
      });
      if (!closing) return done();
      reply.header('connection', 'close').header('retry-after', '5');
      done(new AppError('unavailable', 'service_unavailable'));
    });
    // An answer given while stopping closes its connection: a kept-alive one would hold the stop up, and its next
    // request could meet the closed listener.
    app.addHook('onSend', (_request, reply, _payload, done) => {
      if (stopping || closing) reply.header('connection', 'close');
      done();
    });
  },
  { name: 'stopping', dependencies: ['errors'] },
);
