import {
  AdminTranscript,
  AdminTranscriptBody,
  SiteQuery,
  TranscriptExportQuery,
  TranscriptImportBody,
  TranscriptImportResponse,
  TranscriptParams,
  TranscriptResponse,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../accounts/guards';
import { attachment } from '../media/attachment';
import { transcriptsService } from './transcripts.service';

/**
 * The full text is for its listener only and follows entitlement, as the
 * full recording does (media.routes.ts); the preview's text is asked again
 * each time, since the same address gives the full text once the family may
 * hear the track (a purchase, a plan).
 */
const FULL_CACHE = 'private, max-age=3600';
const PREVIEW_CACHE = 'private, no-cache';
/** What a child profile reads is decided on every request (issue 42), as its audio is. */
const CHILD_CACHE = 'private, no-cache';

const tags = ['transcripts'];
const adminTags = ['admin'];

/**
 * The storefront's caches: a saved or removed transcript changes its track's transcript_url, so this instance's
 * lists forget (others within their CATALOGUE_CACHE_MS), as after any catalogue edit.
 */
interface CatalogueCaches {
  forget(): void;
}

/** Issue 43: read along. A track's words for families, and their editing in the back office (admins as themselves). */
export const transcriptsRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueCaches }> = async (app, { catalogue }) => {
  const transcripts = transcriptsService(app.db);

  app.get(
    '/crud/transcripts/track/:skuId',
    {
      config: { errors: { 403: ['not_for_this_profile'], 404: ['item_not_found'] } },
      schema: {
        tags,
        summary:
          "A track's words with their times: every cue for who may hear the track in full, else the preview's " +
          '(404 item_not_found: no such track or no transcript; 403 not_for_this_profile for an album a child profile may not hear)',
        params: TranscriptParams,
        response: { 200: TranscriptResponse },
      },
    },
    async (request, reply) => {
      const { body, forChild } = await transcripts.forListener(request, request.params.skuId);
      reply.header('cache-control', forChild ? CHILD_CACHE : body.scope === 'full' ? FULL_CACHE : PREVIEW_CACHE);
      reply.header('vary', 'cookie');
      return body;
    },
  );

  // The back office's answers are never kept (as catalogue-admin's).
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/crud/admin/')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/crud/admin/transcripts/track/:skuId',
    {
      config: { errors: { 404: ['item_not_found'] } },
      schema: {
        tags: adminTags,
        summary: "A track's transcript for editing, with its length and full recording (cues empty: none yet)",
        params: TranscriptParams,
        response: { 200: AdminTranscript },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return transcripts.adminGet(request.params.skuId);
    },
  );

  app.put(
    '/crud/admin/transcripts/track/:skuId',
    {
      config: { errors: { 404: ['item_not_found'], 409: ['transcript_changed'] } },
      schema: {
        tags: adminTags,
        summary:
          "Replaces a track's transcript, whole (an empty list removes it); 400 validation_failed names each cue that " +
          'breaks a rule (cues.N.start_ms); 409 transcript_changed; audited',
        params: TranscriptParams,
        querystring: SiteQuery,
        body: AdminTranscriptBody,
        response: { 200: AdminTranscript },
      },
    },
    async (request) => {
      const saved = await transcripts.save(request, await requireAdmin(request), request.params.skuId, request.body);
      catalogue.forget();
      return saved;
    },
  );

  app.post(
    '/crud/admin/transcripts/track/:skuId/import',
    {
      config: { errors: { 400: ['caption_file_invalid'], 404: ['item_not_found'] } },
      schema: {
        tags: adminTags,
        summary:
          'Reads a WebVTT or SRT file against the track, saving nothing (400 caption_file_invalid with the line and ' +
          'the problem of the first thing wrong)',
        params: TranscriptParams,
        querystring: SiteQuery,
        body: TranscriptImportBody,
        response: { 200: TranscriptImportResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return transcripts.parse(request.params.skuId, request.body.format, request.body.text);
    },
  );

  app.get(
    '/crud/admin/transcripts/track/:skuId/export',
    {
      config: { errors: { 404: ['item_not_found'] } },
      schema: {
        tags: adminTags,
        summary: 'The saved transcript as a WebVTT or SRT file, named after the track (404: it has none)',
        params: TranscriptParams,
        querystring: TranscriptExportQuery,
      },
    },
    async (request, reply) => {
      await requireAdmin(request);
      const { format } = request.query;
      const { title, text } = await transcripts.export(request.params.skuId, format);
      return reply
        .type(format === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/x-subrip; charset=utf-8')
        .header('content-disposition', attachment(title, format))
        .send(text);
    },
  );
};
