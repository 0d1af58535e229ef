import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Issue 5: the one place impersonated requests are logged. Every request made
 * while an admin impersonates someone is logged
 * with the admin's id (the session's masquerade_admin_id), whenever the
 * request looked at its session (every account, cart or library call does).
 */
export default fp(
  async (app: FastifyInstance) => {
    // Synchronous where no session was read (a stream's ranges, a picture): nothing to wait for there.
    app.addHook('onResponse', (request, reply, done) => {
      const loaded = request.sessionState?.loaded;
      if (!loaded) return done();
      logIfImpersonated(request, reply, loaded).then(() => done(), done);
    });
  },
  { name: 'masquerade-audit', dependencies: ['sessions'] },
);

async function logIfImpersonated(
  request: FastifyRequest,
  reply: FastifyReply,
  loaded: NonNullable<NonNullable<FastifyRequest['sessionState']>['loaded']>,
) {
  const session = await loaded;
  if (!session?.masquerade_admin_id) return;
  request.log.info(
    {
      masquerade_admin_id: session.masquerade_admin_id,
      user_id: session.user_id,
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
    },
    'impersonated request',
  );
}
