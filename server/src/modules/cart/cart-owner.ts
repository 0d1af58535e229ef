import type { FastifyRequest } from 'fastify';
import type { SessionRow } from '../sessions/session';
import type { CartOwner } from './cart.service';

/** The session's cart, read in the language of the site the request came to (issue 26 item 14). */
const ownerOf = (session: SessionRow, request: FastifyRequest): CartOwner => ({
  sessionId: session.id,
  userId: session.user_id,
  lang: request.siteLang,
});

/** The cart of the request's session; undefined for a visitor without one (nothing is created). */
export const currentOwner = async (request: FastifyRequest) => {
  const session = await request.getSession();
  return session && ownerOf(session, request);
};

/** Opens a session (and sets its cookie) when an add needs a cart to put things in. */
export const openOwner = (request: FastifyRequest) => async () => ownerOf(await request.ensureSession(), request);
