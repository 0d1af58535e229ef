import {
  type AdminTranscript,
  type AdminTranscriptBody,
  adminMediaPaths,
  type CaptionFormat,
  type Cue,
  captionProblemMessage,
  cueProblems,
  PREVIEW_SECONDS,
  type TranscriptImportResponse,
  type TranscriptResponse,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { currentUser } from '../accounts/current-user';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { assertAlbumAllowed } from '../child-rules/child-rules';
import { listenerOf, mayHearInFull, rightsOf } from '../entitlements/access';
import { formatCaptions, parseCaptions } from './captions';
import { type TranscriptTrackRow, transcriptsRepository } from './transcripts.repository';

type Admin = { id: number; email: string };

const notFound = () => new AppError('not_found', 'item_not_found');

/**
 * The track's length in milliseconds: no cue may end after it; null when unknown (no end check). Lengths are kept
 * in whole seconds, rounded (admin-media, the demo's generator): the recording may run up to half a second past
 * them, and its last sentence with it.
 */
export const trackLengthMs = (lengthSeconds: number | null) => (lengthSeconds === null ? null : lengthSeconds * 1000 + 500);
const lengthMs = (track: TranscriptTrackRow) => trackLengthMs(track.length_seconds);

/** The same time as the editor holds it: to the millisecond (as the catalogue's editors compare). */
const sameTime = (a: Date | null, readAt: string | null) =>
  a === null || readAt === null ? a === readAt : a.getTime() === new Date(readAt).getTime();

/** How the audit log names a track: its sku id, then its title. */
const trackTarget = (track: TranscriptTrackRow) => auditTarget('sku', `${track.sku_id} ${track.title}`);

/**
 * Issue 43: a track's words for reading along, and their editing in the
 * back office. The text follows the audio's access rule (decision 016): the
 * server never sends the words of what the listener may not hear.
 */
export function transcriptsService(db: Db) {
  const repo = transcriptsRepository(db);

  async function adminView(track: TranscriptTrackRow, cues?: Cue[]): Promise<AdminTranscript> {
    return {
      sku_id: track.sku_id,
      track_title: track.title,
      album_title: track.album_title,
      lang_code: track.lang_code,
      length_ms: lengthMs(track),
      // Not the families' stream (mediaPaths.trackFull): that one passes the access rule, and a volunteer times paid
      // tracks they do not own.
      audio_url: adminMediaPaths.audio(track.media_full),
      cues: cues ?? (await repo.cues(track.sku_id)),
      updated_at: track.updated_at?.toISOString() ?? null,
    };
  }

  return {
    /**
     * A track's transcript for whoever asks: every cue for who may hear it
     * in full, else those starting within the preview's span. A child
     * profile's session: only for an album its rules allow (403
     * not_for_this_profile). `forChild` tells the route how to cache.
     */
    async forListener(request: FastifyRequest, skuId: number): Promise<{ body: TranscriptResponse; forChild: boolean }> {
      const track = await repo.track(skuId);
      // A hidden track plays for nobody (media.repository.ts), nor do its words show.
      if (!track?.updated_at || track.is_hidden) throw notFound();
      const forChild = ((await request.getSession())?.profile_id ?? null) !== null;
      if (forChild) await assertAlbumAllowed(db, (await currentUser(request))?.profile, track.product_id);
      const full = await mayHearInFull(db, listenerOf(request), rightsOf(track));
      const cues = await repo.cues(skuId, full ? null : PREVIEW_SECONDS * 1000);
      return { body: { sku_id: skuId, lang_code: track.lang_code, scope: full ? 'full' : 'preview', cues }, forChild };
    },

    async adminGet(skuId: number): Promise<AdminTranscript> {
      const track = await repo.track(skuId);
      if (!track) throw notFound();
      return adminView(track);
    },

    /**
     * Replaces a track's transcript, whole, in one transaction: the track
     * locked, refused when saved by someone since the editor read it (409
     * transcript_changed), each cue checked (400 naming every bad cue),
     * audited. An empty list removes it.
     */
    save(request: FastifyRequest, admin: Admin, skuId: number, body: AdminTranscriptBody): Promise<AdminTranscript> {
      return db.transaction().execute(async (trx) => {
        const repo = transcriptsRepository(trx);
        const track = await repo.track(skuId, true);
        if (!track) throw notFound();
        if (!sameTime(track.updated_at, body.updated_at)) throw new AppError('conflict', 'transcript_changed');
        const problems = cueProblems(body.cues, lengthMs(track));
        if (problems.size > 0) {
          const fields = Object.fromEntries(
            [...problems].map(([i, problem]) => [`cues.${i}.start_ms`, { key: captionProblemMessage(problem) }]),
          );
          throw new AppError('invalid_data', 'validation_failed', {}, fields);
        }
        const savedAt = await repo.replace(skuId, track.lang_code, body.cues, admin.id);
        await recordAdminAction(trx, request, admin, 'transcript.save', trackTarget(track), {
          sku_id: skuId,
          album: track.album_title,
          cues: body.cues.length,
          removed: body.cues.length === 0,
        });
        return adminView({ ...track, updated_at: savedAt }, body.cues);
      });
    },

    /** A WebVTT or SRT file's cues, checked against the track; nothing is saved. */
    async parse(skuId: number, format: CaptionFormat, text: string): Promise<TranscriptImportResponse> {
      const track = await repo.track(skuId);
      if (!track) throw notFound();
      const parsed = await parseCaptions(format, text, lengthMs(track));
      if ('cues' in parsed) return { cues: parsed.cues };
      throw new AppError(
        'invalid_data',
        'caption_file_invalid',
        { line: parsed.line, problem: parsed.problem },
        {
          text: { key: captionProblemMessage(parsed.problem) },
        },
      );
    },

    /** The saved transcript as a file, named after its track; 404 when the track has none. */
    async export(skuId: number, format: CaptionFormat): Promise<{ title: string; text: string }> {
      const track = await repo.track(skuId);
      if (!track?.updated_at) throw notFound();
      return { title: track.title, text: formatCaptions(format, await repo.cues(skuId)) };
    },
  };
}
