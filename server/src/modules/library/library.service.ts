import {
  FINISHED_WITHIN_SECONDS,
  FREE_STORY_ALBUM,
  type LangCode,
  type LibraryAlbum,
  type LibraryTrack,
  type LibraryTrackMatch,
  libraryPaths,
  type MyLibraryQuery,
  type MyLibraryResponse,
  mediaPaths,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { keptPages } from '../../lib/kept-pages';
import { type ZipEntry, ZipTooLargeError, zipLength } from '../../lib/zip-stream';
import type { Storage } from '../../providers/storage/storage';
import type { ChildProfile } from '../accounts/child-profile';
import { type catalogueService, type Marks, type TrackAlbum, toTrack } from '../catalogue/catalogue.service';
import {
  addListening,
  albumAllowed,
  assertAlbumAllowed,
  assertMayPlayNow,
  endOneMoreStory,
  heardSince,
} from '../child-rules/child-rules';
import {
  hasActivePlan,
  includedInPlan,
  judge,
  mayDownload,
  planCovers,
  type TrackRights,
  trackVerdicts,
} from '../entitlements/access';
import { familyTag } from '../entitlements/family-tag';
import {
  type LibraryAlbumRow,
  type LibraryFilter,
  type LibraryListener,
  type LibraryMarkRows,
  type LibraryTrackRow,
  type LibraryTrackWithAlbumRow,
  libraryRepository,
  type TrackFileRow,
} from './library.repository';

/** Spec §2 My Library: a page of 12 albums (a 3- or 4-column grid fills evenly). */
export const LIBRARY_PER_PAGE = 12;
/** Owned tracks listed above the albums when searching. */
export const LIBRARY_TRACK_MATCHES = 20;
/** Continue listening: the few stories last stopped. */
export const CONTINUE_LISTENING = 10;

/** The signed-in listener a library call is for. */
export interface LibraryUser {
  userId: number;
  /** The session's id: the in-cart marks of the tracks. */
  sessionId: string;
  /** An admin acting as the family: may look, may not move their bookmarks. */
  masquerading: boolean;
  /** The child profile listening (issue 42): its own places, and only what its rules let it hear. Undefined: the parents. */
  profile?: ChildProfile | undefined;
}

/** The repository's view of whom a read is for. */
const listenerOf = ({ userId, profile }: Pick<LibraryUser, 'userId' | 'profile'>): LibraryListener => ({
  userId,
  profileId: profile?.id ?? null,
  allowed: (product) => albumAllowed(profile, product),
});

const storyPath = (slug: string) => `/story/${encodeURIComponent(slug)}`;
const imageUrl = (key: string | null) => (key ? mediaPaths.image(key) : null);
/** YYYY-MM-DD (UTC) of a moment. */
const day = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 10) : null);

/** Characters no file system takes in a name (and control characters): a downloaded file is saved under it. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\p{Cc}]+/gu;
/** A title as a file name: unsafe characters become spaces, never empty, never a hidden file, at most 120 characters. */
export function fileName(title: string, fallback: string) {
  const name = title
    .replace(UNSAFE_IN_NAME, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120)
    .trim();
  return name || fallback;
}

function langsOf(langCode: MyLibraryQuery['lang_code']): readonly LangCode[] | null {
  return langCode === undefined || langCode === 'all' ? null : [langCode];
}

/** The access rule's view of some tracks; `freeStreaming`: whether a track's album streams for everyone. */
const rightsOf = <R extends LibraryTrackRow>(rows: readonly R[], freeStreaming: (row: R) => boolean) =>
  rows.map((t): TrackRights => ({ skuId: t.id, productId: t.product_id, isFree: t.is_free, isFreeStreaming: freeStreaming(t) }));

/** The user's marks on tracks, from the facts read with them: the access rule's verdicts (`judge`) and the in-cart skus. */
const marksOf = (rows: LibraryMarkRows, tracks: readonly TrackRights[]): Marks => ({
  inCart: new Set(rows.in_cart),
  ...judge(tracks, rows.entitlements),
});

/** The day of a purchase, worked out once per moment (an album's tracks share their album's). */
const days = new WeakMap<Date, string>();
function purchaseDay(moment: Date) {
  let text = days.get(moment);
  if (text === undefined) {
    text = moment.toISOString().slice(0, 10);
    days.set(moment, text);
  }
  return text;
}

// A page holds a hundred tracks or more: the library's fields are added to the
// catalogue's Track object (Object.assign), not spread into a copy, which in
// V8 costs ten times as much here (scripts/bench-library.mjs).
function toLibraryTrack(row: LibraryTrackRow, album: TrackAlbum, marks: Marks): LibraryTrack {
  const owned = marks.owned.get(row.id);
  return Object.assign(toTrack(row, album, marks), {
    purchased_date: owned ? purchaseDay(owned) : null,
    file_url: mayDownload(marks, row.id) ? libraryPaths.trackFile(row.id) : null,
    position_seconds: row.position_seconds,
    position_heard_at: row.position_heard_at === null ? null : new Date(row.position_heard_at).toISOString(),
  });
}

function toTrackMatch(row: LibraryTrackWithAlbumRow, marks: Marks): LibraryTrackMatch {
  const album = { title: row.product_title, is_free_streaming: row.product_is_free_streaming };
  return Object.assign(toLibraryTrack(row, album, marks), {
    product_id: row.product_id,
    product_title: row.product_title,
    product_slug: row.product_slug,
    image: imageUrl(row.product_primary_image),
  });
}

function toAlbum(row: LibraryAlbumRow, tracks: readonly LibraryTrackRow[], marks: Marks, isFreeStory = false): LibraryAlbum {
  const list = tracks.map((t) => toLibraryTrack(t, row, marks));
  const numberOwned = list.filter((t) => t.owned).length;
  const included = includedInPlan(
    marks,
    list.map((t) => t.sku_id),
  );
  return {
    id: row.id,
    product_id: row.id,
    productTitle: row.title,
    productDescription: row.description,
    image: imageUrl(row.primary_image),
    lang_code: row.lang_code,
    slug: row.slug,
    created_at: row.created_at.toISOString(),
    digital_purchased_date: day(row.digital_purchased_at),
    physical_purchased_date: day(row.physical_purchased_at),
    gift: row.is_gift ? { from: row.gift_from || null } : null,
    numberOwned,
    url: libraryPaths.album(isFreeStory ? FREE_STORY_ALBUM : row.id),
    shop_url: storyPath(row.slug),
    is_free_streaming: row.is_free_streaming,
    is_free_story: isFreeStory,
    included_in_plan: included,
    zip_url: list.some((t) => t.file_url !== null) ? libraryPaths.albumZip(row.id) : null,
    tracks: list,
  };
}

/** A ZIP of an album's recordings the listener may download (owned, or covered by the plan) and its cover, ready to stream. */
export interface AlbumZip {
  /** The archive's file name, "Album.zip". */
  fileName: string;
  /** Exact length of the archive (Content-Length). */
  length: number;
  entries: ZipEntry[];
}

/**
 * My Library (issue 14): what a family owns, each track with the access
 * rule's verdict (entitlements/access.ts) and where the listener stopped it; the
 * files of what they own; and where they stopped.
 */
export function libraryService(db: Db, deps: { storage: Storage; catalogue: ReturnType<typeof catalogueService> }) {
  const repo = libraryRepository(db);
  /** The parents' pages without a search, as written, with the family's tag they were read under (decision 088). */
  const pages = keptPages();

  /**
   * One track's recording for `userId` to download; 404 item_not_found unless
   * they own it or their plan covers it (never saying whose it is).
   */
  async function downloadableTrack(userId: number, skuId: number) {
    const row = await repo.trackFile(skuId);
    if (!row) throw new AppError('not_found', 'item_not_found');
    const verdicts = await trackVerdicts(db, { userId: async () => userId }, [fileRights(row)]);
    if (!mayDownload(verdicts, row.sku_id) || !row.media_full) throw new AppError('not_found', 'item_not_found');
    return { ...row, media_full: row.media_full };
  }

  return {
    /**
     * A page of My Library written by `write` (the route's serializer), served again while the family's tag
     * (family-tag.ts: its version, the catalogue's, its plan now) is the one it was read under: one small query
     * instead of the page's. A child profile's pages (its rules read more than the tag covers) and searches are
     * read each time. The key names what the tag does not: whose page, which session's cart, which page and filter.
     */
    async myLibraryText(user: LibraryUser, query: MyLibraryQuery, write: (page: MyLibraryResponse) => string) {
      if (user.profile || query.search) return write(await this.myLibrary(user, query));
      const tag = await familyTag(db, user.userId);
      const key = `${user.userId}|${user.sessionId}|${query.page}|${query.lang_code ?? ''}`;
      const kept = pages.get(key, tag);
      if (kept !== undefined) return kept;
      const text = write(await this.myLibrary(user, query));
      pages.set(key, tag, text);
      return text;
    },

    async myLibrary(user: LibraryUser, query: MyLibraryQuery): Promise<MyLibraryResponse> {
      const filter: LibraryFilter = { langs: langsOf(query.lang_code), search: query.search || undefined };
      const page = await repo.page(
        listenerOf(user),
        user.sessionId,
        filter,
        { limit: LIBRARY_PER_PAGE, offset: (query.page - 1) * LIBRARY_PER_PAGE },
        {
          matches: filter.search ? LIBRARY_TRACK_MATCHES * 2 : 0,
          started: query.page === 1 && !filter.search ? CONTINUE_LISTENING * 2 : 0,
        },
      );
      const acrossAlbums = (t: LibraryTrackWithAlbumRow) => t.product_is_free_streaming;
      const marks = marksOf(page, [
        ...page.albums.flatMap((r) => rightsOf(r.tracks, () => r.is_free_streaming)),
        ...rightsOf(page.matches, acrossAlbums),
        ...rightsOf(page.started, acrossAlbums),
      ]);
      return {
        items: page.albums.map((r) => toAlbum(r, r.tracks, marks)),
        page: query.page,
        per_page: LIBRARY_PER_PAGE,
        total: page.total,
        included_total: page.unowned_total,
        // Matching tracks the family owns; Continue listening: what they may still hear in full.
        tracks: page.matches
          .filter((t) => marks.owned.has(t.id))
          .slice(0, LIBRARY_TRACK_MATCHES)
          .map((t) => toTrackMatch(t, marks)),
        continue_listening: page.started
          .filter((t) => marks.full.has(t.id))
          .slice(0, CONTINUE_LISTENING)
          .map((t) => toTrackMatch(t, marks)),
      };
    },

    /**
     * One album of the library: owned (anything of it), covered by the
     * active plan, or free-streaming; or the free story of the week in the
     * site language. 404 item_not_found for anything else.
     */
    async album(user: LibraryUser, id: number | typeof FREE_STORY_ALBUM, siteLang: LangCode): Promise<LibraryAlbum> {
      const isFreeStory = id === FREE_STORY_ALBUM;
      const productId = isFreeStory ? (await deps.catalogue.freeStory(siteLang)).product_id : id;
      const row = await repo.album(listenerOf(user), user.sessionId, productId);
      if (!row) throw new AppError('not_found', 'item_not_found');
      await assertAlbumAllowed(db, user.profile, productId);
      if (!isFreeStory && row.digital_purchased_at === null && row.physical_purchased_at === null) {
        if (!row.is_free_streaming && !planCovers(row.entitlements)) throw new AppError('not_found', 'item_not_found');
        // Free streaming and the plan open albums: a product without a track to hear (a book) is none.
        if (row.tracks.length === 0) throw new AppError('not_found', 'item_not_found');
      }
      const marks = marksOf(
        row,
        rightsOf(row.tracks, () => row.is_free_streaming),
      );
      return toAlbum(row, row.tracks, marks, isFreeStory);
    },

    /** Spec §7 has-subscription: true while the user has an active plan started by checkout. */
    async hasSubscription(userId: number | null): Promise<boolean> {
      return userId !== null && hasActivePlan(db, userId);
    },

    /** A track's recording (owned, or covered by the plan) and the name it is saved under ("Album - Track"). */
    async trackDownload({ userId, profile }: Pick<LibraryUser, 'userId' | 'profile'>, skuId: number) {
      const track = await downloadableTrack(userId, skuId);
      await assertAlbumAllowed(db, profile, track.product_id);
      await assertMayPlayNow(db, profile, skuId);
      return {
        key: track.media_full,
        title: `${fileName(track.product_title, 'Album')} - ${fileName(track.title, 'Track')}`,
      };
    },

    /**
     * The ZIP of an album's recordings the listener owns or their plan
     * covers ("01 - Title.mp3", in album order) and its cover, sized before a
     * byte is sent; 404 item_not_found when there is none of those, 413 when
     * it is past what a ZIP holds.
     */
    async albumZip({ userId, profile }: Pick<LibraryUser, 'userId' | 'profile'>, productId: number): Promise<AlbumZip> {
      await assertAlbumAllowed(db, profile, productId);
      // A whole album is no "one more story": quiet hours and the daily limit refuse it.
      await assertMayPlayNow(db, profile, 0);
      const [files, cover] = await Promise.all([repo.albumFiles(productId), repo.productCover(productId)]);
      const verdicts = await trackVerdicts(db, { userId: async () => userId }, files.map(fileRights));
      const mine = files.filter((f) => mayDownload(verdicts, f.sku_id) && f.media_full);
      if (!cover || mine.length === 0) throw new AppError('not_found', 'item_not_found');

      const width = Math.max(2, String(mine.length).length);
      const named = mine.map((f, i) => ({
        key: f.media_full as string,
        name: `${String(i + 1).padStart(width, '0')} - ${fileName(f.title, 'Track')}.mp3`,
      }));
      if (cover.primary_image) {
        const ext = /\.(jpe?g|png|webp|gif|avif)$/i.exec(cover.primary_image)?.[1]?.toLowerCase() ?? 'jpg';
        named.push({ key: cover.primary_image, name: `cover.${ext}` });
      }
      const stats = await Promise.all(named.map((n) => deps.storage.stat(n.key)));
      const entries: ZipEntry[] = [];
      named.forEach((n, i) => {
        const stat = stats[i];
        // A recording missing from storage is left out rather than fail the whole album.
        if (!stat) return;
        entries.push({ name: n.name, size: stat.size, mtime: stat.mtime, open: () => deps.storage.read(n.key) });
      });
      if (!entries.some((e) => e.name.endsWith('.mp3'))) throw new AppError('not_found', 'item_not_found');
      let length: number;
      try {
        length = zipLength(entries);
      } catch (err) {
        if (err instanceof ZipTooLargeError) throw new AppError('too_large', 'library_zip_too_large');
        throw err;
      }
      return { fileName: `${fileName(cover.title, 'Album')}.zip`, length, entries };
    },

    /**
     * Where the listener stopped a track they may hear in full (else 404).
     * Past the track's length: 400 with the field's message; within its last
     * FINISHED_WITHIN_SECONDS: heard to the end, kept (and answered) as 0.
     */
    async saveProgress(
      user: LibraryUser,
      skuId: number,
      positionSeconds: number,
      { heardAt = null, deviceId = null }: { heardAt?: Date | null; deviceId?: string | null } = {},
    ) {
      if (user.masquerading) throw new AppError('not_allowed', 'forbidden');
      const row = await repo.trackFile(skuId);
      if (!row) throw new AppError('not_found', 'item_not_found');
      const { full } = await trackVerdicts(db, { userId: async () => user.userId }, [fileRights(row)]);
      if (!full.has(row.sku_id)) throw new AppError('not_found', 'item_not_found');
      await assertAlbumAllowed(db, user.profile, row.product_id);
      const length = row.length_seconds ?? 0;
      if (length > 0 && positionSeconds > length) {
        throw new AppError(
          'invalid_data',
          'validation_failed',
          {},
          {
            position_seconds: { key: 'validation.tooBig', values: { max: length } },
          },
        );
      }
      const finished = length > 0 && positionSeconds >= length - FINISHED_WITHIN_SECONDS;
      const position = finished ? 0 : positionSeconds;
      const { profile } = user;
      const before = profile ? await repo.place(listenerOf(user), skuId) : undefined;
      const kept = await repo.saveProgress(listenerOf(user), skuId, position, heardAt, deviceId);
      if (profile) {
        // The child's time listened (the daily limit): how far this save moved on from the last one.
        const at = Math.min(heardAt?.getTime() ?? Date.now(), Date.now());
        const last = before ? { position: before.position_seconds, at: new Date(before.updated_at).getTime() } : null;
        if (!last || last.at <= at) await addListening(db, profile, heardSince(last, positionSeconds, at), at);
        if (finished) await endOneMoreStory(db, profile, skuId);
      }
      return { position_seconds: kept };
    },
  };
}

const fileRights = (row: TrackFileRow): TrackRights => ({
  skuId: row.sku_id,
  productId: row.product_id,
  isFree: row.is_free,
  isFreeStreaming: row.is_free_streaming,
});

export type LibraryService = ReturnType<typeof libraryService>;
