import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An `onSend` hook for a plugin whose answers speak of one family or of the back office (orders, cards, the
 * admin's lists): no cache, shared or the browser's own, keeps them, so a shared computer's Back button or a proxy
 * never shows them to someone else. Registered in that plugin's scope: `app.addHook('onSend', privateNoStore)`.
 */
export async function privateNoStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'private, no-store');
}
