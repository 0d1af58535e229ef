import { FreeMp3DownloadQuery, FreeMp3EntryParams, FreeMp3Form, FreeMp3Grant, SiteQuery } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Storage } from '../../providers/storage/storage';
import { attachment } from '../media/attachment';
import { sendStoredFile } from '../media/send-file';
import { freeMp3Service } from './free-mp3.service';

const tags = ['free mp3'];
/** The file behind a secret link: for that browser only, and never kept by a shared cache. */
const LINK_CACHE = 'private, no-store';

/**
 * Spec §4 Free MP3 form and §7 Free MP3 download link. The CMS page never
 * carries the file; a verified form earns a link that expires (issue 6).
 */
export const freeMp3Routes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  const freeMp3 = freeMp3Service(app.db);

  app.post(
    '/crud/free-mp3/:entryId/download',
    {
      config: { errors: { 400: ['free_mp3_captcha_invalid'], 404: ['page_not_found'], 429: ['rate_limited'] } },
      schema: {
        tags,
        summary: "Checks a free-MP3 form (captcha verified once, here) and answers a 15-minute download link to the page's MP3",
        description:
          '400 validation_failed or free_mp3_captcha_invalid; 404 page_not_found unless the entry is a published ' +
          'free-mp3 page with an MP3; 429 rate_limited.',
        params: FreeMp3EntryParams,
        querystring: SiteQuery,
        body: FreeMp3Form,
        response: { 200: FreeMp3Grant },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return freeMp3.request(request.params.entryId, request.ip, request.body);
    },
  );

  // GET and HEAD declared together: Fastify's automatic HEAD route would answer Content-Length: 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/crud/cms-asset/download',
    config: { errors: { 404: ['free_mp3_link_invalid'], 410: ['free_mp3_link_expired'] } },
    schema: {
      tags,
      summary: 'The MP3 of a download link, as an attachment with Range',
      description: '404 free_mp3_link_invalid for a forged or unknown link (or a withdrawn page), 410 free_mp3_link_expired.',
      querystring: FreeMp3DownloadQuery,
    },
    handler: async (request, reply) => {
      const file = await freeMp3.open(request.query.token);
      return sendStoredFile(request, reply, storage, file.key, {
        contentType: 'audio/mpeg',
        cacheControl: LINK_CACHE,
        disposition: attachment(file.name),
      });
    },
  });
};
