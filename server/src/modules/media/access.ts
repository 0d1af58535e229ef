import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';

/**
 * Who is asking to listen. Read lazily, so free content is decided without
 * looking up the session.
 */
export interface Listener {
  /** The signed-in user's id, or null for a visitor. */
  userId(): Promise<number | null>;
}

/** What the rule needs to know about a track. */
export interface TrackRights {
  skuId: number;
  /** The album the track belongs to (owning the album means owning its tracks). */
  productId: number;
  /** A free track (spec §3 Track is_free). */
  isFree: boolean;
  /** Its album streams in full for everyone (products.is_free_streaming). */
  isFreeStreaming: boolean;
}

/** The listener of a request (its session's user). */
export function listenerOf(request: FastifyRequest): Listener {
  return { userId: async () => (await request.getSession())?.user_id ?? null };
}

/**
 * THE rule of who may hear a full recording (DESIGN.md 6: the server
 * decides; spec §6). Previews are for everyone and never come here. Full
 * recordings: free tracks and tracks of free-streaming albums for everyone;
 * beyond that, what the listener owns or a subscription covers (later issues
 * extend this function, with `db`, and nothing else).
 *
 * Returns the sku ids, among `tracks`, that the listener may hear in full: one
 * call for a whole album or library page.
 */
export async function tracksHeardInFull(_db: Db, _listener: Listener, tracks: readonly TrackRights[]): Promise<Set<number>> {
  const allowed = new Set<number>();
  for (const track of tracks) if (track.isFree || track.isFreeStreaming) allowed.add(track.skuId);
  // Ownership (orders) and subscriptions arrive with their issues: for a
  // signed-in listener, they add the tracks bought or covered here. Until
  // then a signed-in listener hears in full only what everyone may.
  return allowed;
}

/** The rule for one track. */
export async function mayHearInFull(db: Db, listener: Listener, track: TrackRights): Promise<boolean> {
  return (await tracksHeardInFull(db, listener, [track])).has(track.skuId);
}
