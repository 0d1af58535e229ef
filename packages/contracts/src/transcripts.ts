import { z } from 'zod';
import { LangCode } from './lang';
import { Id, IdParam } from './numbers';
import { text } from './text-fields';

/**
 * Issue 43: read along. A transcript per track: its words as an ordered list
 * of cues (a sentence or a short line, with when it is spoken), in the
 * track's language. Families read it in step with the voice; the ministry
 * writes and times it in the back office, or imports WebVTT or SRT.
 */

/** The longest transcript, in cues (a 30-minute track is about 400 sentences). */
export const MAX_CUES = 2000;
/** The longest cue, in characters (a sentence, not a chapter). */
export const MAX_CUE_CHARS = 1000;
/** The largest WebVTT or SRT file the back office imports, in characters. */
export const MAX_CAPTION_FILE_CHARS = 500_000;
/** The latest a cue may end, in milliseconds: 24 hours (a story is minutes long; an int4 holds it). */
export const MAX_CUE_MS = 24 * 3600 * 1000;
/**
 * The span of a track's preview, in seconds: a visitor reads the cues starting within it. The demo previews are
 * the first 12 s of each track (server/demo/generate-media.mjs); the storage keeps no preview length per track (an
 * uploaded preview's cut, admin-media's preview_seconds, is not recorded), so the rule names it here.
 */
export const PREVIEW_SECONDS = 12;
/** The nudge of a cue's start in the back office's timing, in milliseconds (issue 43: ±0.1 s). */
export const CUE_NUDGE_MS = 100;

/** One line of a transcript: its text, from start_ms to end_ms of the track (whole milliseconds, end after start). */
export const Cue = z
  .strictObject({
    start_ms: z.number().int().min(0).max(MAX_CUE_MS),
    end_ms: z.number().int().min(1).max(MAX_CUE_MS),
    text: text().trim().min(1).max(MAX_CUE_CHARS),
  })
  .meta({ id: 'Cue' });
export type Cue = z.infer<typeof Cue>;

/**
 * The rules a transcript holds to (the server checks them on every save and import; the editor shows each at its
 * cue): cues in order of start, none overlapping the next, none past the track's end, none empty.
 */
export const CueProblem = z.enum(['cue_out_of_order', 'cue_overlap', 'cue_past_end', 'cue_empty', 'cue_ends_before_start']);
export type CueProblem = z.infer<typeof CueProblem>;

/** What is wrong with a caption file's line: a CueProblem, or `caption_syntax` for a line that is not WebVTT or SRT. */
export const CaptionProblem = z.enum([...CueProblem.options, 'caption_syntax']);
export type CaptionProblem = z.infer<typeof CaptionProblem>;

/**
 * The one wording of each problem (i18n catalogs' `transcripts.problems.*`): the server's answers to a refused save
 * or import and the back office's own check as the volunteer types say it in the same words.
 */
export const captionProblemMessage = <P extends CaptionProblem>(problem: P) => `transcripts.problems.${problem}` as const;

/** The caption file formats the back office imports and exports. */
export const CaptionFormat = z.enum(['vtt', 'srt']);
export type CaptionFormat = z.infer<typeof CaptionFormat>;

/**
 * GET /crud/transcripts/track/{skuId}: a track's words for reading along.
 * The same access rule as its audio (decision 016): who may hear the track in
 * full gets every cue (`scope: 'full'`); anyone else the cues of the
 * preview's span only (`scope: 'preview'`: those starting within the
 * preview's first PREVIEW_SECONDS). A child profile's session gets 403
 * not_for_this_profile for an album its rules refuse, as for the audio.
 * 404 item_not_found: no such track, or no transcript.
 */
export const TranscriptResponse = z
  .object({
    sku_id: Id,
    lang_code: LangCode,
    scope: z.enum(['full', 'preview']),
    cues: z.array(Cue),
  })
  .meta({ id: 'Transcript' });
export type TranscriptResponse = z.infer<typeof TranscriptResponse>;

export const TranscriptParams = z.strictObject({ skuId: IdParam });

/** GET and PUT /crud/admin/transcripts/track/{skuId}: a track's transcript in the back office. */
export const AdminTranscript = z
  .object({
    sku_id: Id,
    track_title: z.string(),
    album_title: z.string(),
    lang_code: LangCode,
    /** The track's length in milliseconds (no cue may end after it); null when the track's length is unknown. */
    length_ms: z.number().int().nullable(),
    /**
     * The full recording, for timing, through the back office's own route (adminMediaPaths.audio): an admin hears every
     * track, a paid one they do not own and a hidden one too.
     */
    audio_url: z.string(),
    cues: z.array(Cue),
    /** null: the track has no transcript yet. Send it back with a save: one saved since is not overwritten (409 transcript_changed). */
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'AdminTranscript' });
export type AdminTranscript = z.infer<typeof AdminTranscript>;

/**
 * PUT /crud/admin/transcripts/track/{skuId}: the whole transcript, with the updated_at it was read at (null for a
 * track that had none). An empty list removes the transcript. 400 validation_failed names each cue that breaks a rule
 * (`cues.{index}.start_ms` and the CueProblem); 409 transcript_changed when someone saved it since. Audited.
 */
export const AdminTranscriptBody = z.strictObject({
  cues: z.array(Cue).max(MAX_CUES),
  updated_at: text().max(40).nullable(),
});
export type AdminTranscriptBody = z.infer<typeof AdminTranscriptBody>;

/**
 * POST /crud/admin/transcripts/track/{skuId}/import: a WebVTT or SRT file's text, parsed and checked against the
 * track (nothing is saved: the editor shows the cues, the volunteer saves). 400 caption_file_invalid with the line of
 * the first problem (`line`, 1-based) and what it is (`problem`: a CueProblem, or `caption_syntax` for a file that is
 * not WebVTT or SRT).
 */
export const TranscriptImportBody = z.strictObject({
  format: CaptionFormat,
  text: text().max(MAX_CAPTION_FILE_CHARS),
});
export type TranscriptImportBody = z.infer<typeof TranscriptImportBody>;

export const TranscriptImportResponse = z.object({ cues: z.array(Cue) }).meta({ id: 'TranscriptImport' });
export type TranscriptImportResponse = z.infer<typeof TranscriptImportResponse>;

/** GET /crud/admin/transcripts/track/{skuId}/export?format=vtt|srt: the saved transcript as a file (attachment). */
export const TranscriptExportQuery = z.object({ format: CaptionFormat.default('vtt') });

export const transcriptPaths = {
  /** A track's words for reading along (TranscriptResponse): `transcript_url` of a Track. */
  track: (skuId: number) => `/crud/transcripts/track/${skuId}`,
  admin: (skuId: number) => `/crud/admin/transcripts/track/${skuId}`,
  adminImport: (skuId: number) => `/crud/admin/transcripts/track/${skuId}/import`,
  adminExport: (skuId: number, format: CaptionFormat) => `/crud/admin/transcripts/track/${skuId}/export?format=${format}`,
} as const;

/**
 * The first problem of each cue that breaks a rule (the server's check on save and import, and the editor's as the
 * volunteer types), by index. `lengthMs`: the track's length, null when unknown (no end check).
 */
export function cueProblems(cues: readonly Cue[], lengthMs: number | null): Map<number, CueProblem> {
  const problems = new Map<number, CueProblem>();
  cues.forEach((cue, i) => {
    const before = i > 0 ? (cues[i - 1] as Cue) : undefined;
    if (cue.text.trim() === '') problems.set(i, 'cue_empty');
    else if (cue.end_ms <= cue.start_ms) problems.set(i, 'cue_ends_before_start');
    else if (before && cue.start_ms < before.start_ms) problems.set(i, 'cue_out_of_order');
    else if (before && cue.start_ms < before.end_ms) problems.set(i, 'cue_overlap');
    else if (lengthMs !== null && cue.end_ms > lengthMs) problems.set(i, 'cue_past_end');
  });
  return problems;
}
