import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long the rest of a refused body is read and thrown away after the answer, before the connection is cut
 * (nginx's lingering close does the same, for up to 30 s): long enough for a client to read the answer and stop.
 */
const LINGER_MS = 5000;

/**
 * An answer given before the request's body arrived whole (413 past an upload's limit, a refusal before the body was
 * read) closes its connection: left open, the kept-alive connection waits for the rest of a body nobody reads (72 s,
 * the keep-alive timeout) and the next request sent on it is reset. Closed gently: once the answer is written the
 * server ends its side and reads, and throws away, what the client still sends until it ends its own (at most
 * LINGER_MS), because closing a connection with unread bytes resets it, and the client would see the reset instead
 * of the answer.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply) {
  reply.header('connection', 'close');
  const socket = request.raw.socket as Socket | undefined;
  // An injected request (tests) has no socket of its own to close.
  if (typeof socket?.destroySoon !== 'function') return;
  // Node calls destroySoon on the socket once an answer with Connection: close is written.
  socket.destroySoon = () => {
    socket.end();
    request.raw.resume();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(cut));
  };
}
