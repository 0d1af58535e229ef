import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { EntitlementRow } from './entitlement-rows';
import { entitlementsRepository } from './entitlements.repository';

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

/** The rule's facts of a track as entitlements.repository.ts trackWithRights reads it. */
export const rightsOf = (track: {
  sku_id: number;
  product_id: number;
  is_free: boolean;
  is_free_streaming: boolean;
}): TrackRights => ({
  skuId: track.sku_id,
  productId: track.product_id,
  isFree: track.is_free,
  isFreeStreaming: track.is_free_streaming,
});

/** The rule's answer for some tracks. */
export interface TrackVerdicts {
  /** The sku ids the listener may hear in full. */
  full: ReadonlySet<number>;
  /** The sku ids the listener owns, with when they came to own each (the album's date for an album's tracks). */
  owned: ReadonlyMap<number, Date>;
  /**
   * An active plan covers every track the listener may ask for (issue 28
   * item 4): they hear and download all of them in full, and an album they
   * own nothing of is "Included in your plan". False for a visitor, and when
   * no track was asked about.
   */
  planned: boolean;
}

/** The listener of a request (its session's user). */
export function listenerOf(request: FastifyRequest): Listener {
  return { userId: async () => (await request.getSession())?.user_id ?? null };
}

const NOTHING: TrackVerdicts = { full: new Set(), owned: new Map(), planned: false };

/**
 * THE rule of who may hear a full recording (DESIGN.md 6: the server
 * decides; spec §6), and what a listener owns. Previews are for everyone and
 * never come here. Full recordings: free tracks and tracks of free-streaming
 * albums for everyone; for a signed-in listener, beyond that, what they own
 * (a digital album owns every track of its product, a digital track itself;
 * a CD or book grants no audio) and, while they have an active plan
 * (started by checkout, not cancelled as of now), every track.
 *
 * One query for a whole album or page of tracks, and none for a visitor
 * (the library and album pages, and a track's stream, read the same rows within their own query
 * and call `judge` on them).
 * `needOwned: false` answers `full` only and skips the session when every
 * track is free anyway (a visitor streaming free content).
 */
export async function trackVerdicts(
  db: Db,
  listener: Listener,
  tracks: readonly TrackRights[],
  { needOwned = true }: { needOwned?: boolean } = {},
): Promise<TrackVerdicts> {
  if (tracks.length === 0) return NOTHING;
  if (!needOwned && tracks.every((t) => t.isFree || t.isFreeStreaming)) return judge(tracks, null);
  const userId = await listener.userId();
  if (userId === null) return judge(tracks, null);
  const rows = await entitlementsRepository(db).entitlements(
    userId,
    [...new Set(tracks.map((t) => t.skuId))],
    [...new Set(tracks.map((t) => t.productId))],
  );
  return judge(tracks, rows);
}

/** Whether the listener's entitlement rows say a plan covers every track (a subscription, spec §3). */
export const planCovers = (rows: readonly EntitlementRow[]) => rows.some((row) => row.type === 'subscription');

/** Whether the user's plan covers every track now (spec §7 has-subscription; one plan at a time, cart/one-plan.ts). */
export const hasActivePlan = (db: Db, userId: number) => entitlementsRepository(db).hasActivePlan(userId);

/**
 * The rule applied to what the listener's entitlement rows say (the rows of
 * `entitlementRows`, fetched alone or within a larger query), or to nothing
 * (null) for a visitor.
 */
export function judge(tracks: readonly TrackRights[], rows: readonly EntitlementRow[] | null): TrackVerdicts {
  const full = new Set<number>();
  const owned = new Map<number, Date>();
  for (const track of tracks) if (track.isFree || track.isFreeStreaming) full.add(track.skuId);
  if (rows === null) return { full, owned, planned: false };
  const albums = new Map<number, Date>();
  const singles = new Map<number, Date>();
  const planned = planCovers(rows);
  for (const row of rows) {
    if (row.type === 'digital_album' && row.product_id !== null && row.granted_at) albums.set(row.product_id, row.granted_at);
    else if (row.type === 'digital_track' && row.sku_id !== null && row.granted_at) singles.set(row.sku_id, row.granted_at);
  }
  for (const track of tracks) {
    const album = albums.get(track.productId);
    const single = singles.get(track.skuId);
    // Bought twice (the track, then its album): owned since the first.
    const since = album && single ? (album < single ? album : single) : (album ?? single);
    if (since) {
      owned.set(track.skuId, since);
      full.add(track.skuId);
    } else if (planned) full.add(track.skuId);
  }
  return { full, owned, planned };
}

/** Whether the listener may download a track's recording: they own it, or their plan covers it (issue 28 item 4). */
export const mayDownload = (verdicts: TrackVerdicts, skuId: number) => verdicts.owned.has(skuId) || verdicts.planned;

/**
 * Whether an album is "Included in your plan" for the listener: the plan
 * covers its tracks and they own none of them (an owned album stays theirs,
 * plan or not). `tracks`: the album's track sku ids.
 */
export const includedInPlan = (verdicts: TrackVerdicts, tracks: readonly number[]) =>
  verdicts.planned && tracks.length > 0 && !tracks.some((skuId) => verdicts.owned.has(skuId));

/** A digital album or track a family may be about to buy (a cart line). */
export interface OwnableSku {
  skuId: number;
  type: string;
  productId: number | null;
}

/**
 * The sku ids, among `skus`, that `userId` already owns (issue 26 item 5:
 * not sold to them again). The same rule as `judge`: a digital album is
 * owned when the album is, a digital track when its album or the track
 * itself is. Other types (a CD, a book, a plan, a donation) are never
 * owned here: they can always be bought again. One query, none when
 * `skus` holds no digital album or track.
 */
export async function ownedSkus(db: Db, userId: number, skus: readonly OwnableSku[]): Promise<Set<number>> {
  const digital = ownableDigital(skus);
  if (digital.length === 0) return new Set();
  const rows = await entitlementsRepository(db).entitlements(
    userId,
    digital.map((d) => d.skuId),
    [...new Set(digital.map((d) => d.productId))],
  );
  return new Set(judge(digital, rows).owned.keys());
}

/**
 * `ownedSkus` on entitlement rows read within a larger query (the cart
 * total's: `entitlementRows` over its lines' skus and albums): no query.
 */
export function ownedAmong(skus: readonly OwnableSku[], rows: readonly EntitlementRow[]): Set<number> {
  const digital = ownableDigital(skus);
  return digital.length === 0 ? new Set() : new Set(judge(digital, rows).owned.keys());
}

/** The digital albums and tracks among `skus`, as the rule judges them: an album sku as a track of its own album. */
function ownableDigital(skus: readonly OwnableSku[]): TrackRights[] {
  const digital: TrackRights[] = [];
  for (const sku of skus) {
    if ((sku.type === 'digital_album' || sku.type === 'digital_track') && sku.productId !== null) {
      digital.push({ skuId: sku.skuId, productId: sku.productId, isFree: false, isFreeStreaming: false });
    }
  }
  return digital;
}

/** Returns the sku ids, among `tracks`, that the listener may hear in full. */
export async function tracksHeardInFull(db: Db, listener: Listener, tracks: readonly TrackRights[]): Promise<Set<number>> {
  return new Set((await trackVerdicts(db, listener, tracks, { needOwned: false })).full);
}

/** The rule for one track. */
export async function mayHearInFull(db: Db, listener: Listener, track: TrackRights): Promise<boolean> {
  return (await tracksHeardInFull(db, listener, [track])).has(track.skuId);
}

/**
 * Whether the family may open an album in My Library (owned anything of it, or free to stream or in its plan with a
 * track): what a favourite may be.
 */
export const mayOpenAlbum = (db: Db, userId: number, productId: number) =>
  entitlementsRepository(db).mayOpenAlbum(userId, productId);

/** Every album the family may open in My Library, by title: what a child's rules choose from. */
export const openAlbumsOf = (db: Db, userId: number) => entitlementsRepository(db).openAlbums(userId);
