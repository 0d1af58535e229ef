import {
  ImageResizeMultipleQuery,
  ImageResizeMultipleResponse,
  ImageResizeQuery,
  ImageResizeResponse,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../providers/storage/storage';
import { openImageCache } from './image-cache';
import { IMMUTABLE, imageKeyOf, imageResizer } from './images';
import { sendStoredFile } from './send-file';

/** The answer names a file whose name changes with its source: browsers may keep it an hour. */
const RESIZE_ANSWER_CACHE = 'public, max-age=3600';

const BRACKETED = /^(\w+)\[(\d{1,2})\]\[(\w+)\]$/;

/**
 * `options[0][width]=580` as the query parser leaves it (flat keys) nested
 * into `{ options: [{ width: '580' }] }`, for the contract to validate. An
 * index past 19 stays flat, so the strict schema refuses it as unknown.
 */
export function nestBracketedKeys(query: Record<string, unknown>) {
  const nested: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) {
    const m = BRACKETED.exec(name);
    const index = m ? Number(m[2]) : Number.NaN;
    if (!m || index >= 20) {
      nested[name] = value;
      continue;
    }
    const [, field, , part] = m as unknown as [string, string, string, string];
    if (nested[field] === undefined) nested[field] = [];
    const list = nested[field];
    if (!Array.isArray(list)) continue;
    while (list.length <= index) list.push({});
    list[index][part] = value;
  }
  return nested;
}

/** Spec §7 /crud/image/resize and resize-multiple, and the resized files themselves. */
export const imageRoutes: FastifyPluginAsyncZod<{ config: Config; storage: Storage }> = async (
  app,
  { config, storage: media },
) => {
  const cache = await openImageCache(config, app.log);
  const images = imageResizer({ media, cache, db: app.db, log: app.log });
  app.addHook('onClose', async () => cache.close?.());

  app.get(
    '/crud/image/resize',
    {
      config: { errors: { 400: ['image_not_resizable'], 404: ['item_not_found'], 429: ['rate_limited'] } },
      schema: {
        tags: ['media'],
        summary: 'Resizes a stored image (WebP; cover crop when a height is given; never enlarged) and returns its path',
        querystring: ImageResizeQuery,
        response: { 200: ImageResizeResponse },
      },
    },
    async (request, reply) => {
      const { url, width, height } = request.query;
      const path = await images.resize(imageKeyOf(url, request.host), { width, height }, request.ip);
      reply.header('cache-control', RESIZE_ANSWER_CACHE);
      return { path };
    },
  );

  app.get(
    '/crud/image/resize-multiple',
    {
      config: { errors: { 400: ['image_not_resizable'] } },
      schema: {
        tags: ['media'],
        summary: 'One image at several widths, each with its media query (options[n][width], options[n][media_query])',
        querystring: ImageResizeMultipleQuery,
        response: { 200: ImageResizeMultipleResponse },
      },
      preValidation: async (request) => {
        request.query = nestBracketedKeys(request.query as Record<string, unknown>) as never;
      },
    },
    async (request, reply) => {
      const key = imageKeyOf(request.query.url, request.host);
      const list = await Promise.all(
        request.query.options.map(async ({ width, height, media_query }) => ({
          width,
          height: height ?? null,
          media_query: media_query ?? null,
          resized_url: await images.resize(key, { width, height }, request.ip),
        })),
      );
      reply.header('cache-control', RESIZE_ANSWER_CACHE);
      return list;
    },
  );

  // GET and HEAD together, as in media.routes.ts.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/resized/*',
    config: { errors: { 404: ['item_not_found'], 429: ['rate_limited'] } },
    schema: { hide: true },
    handler: async (request, reply) => {
      const found = await images.cached((request.params as { '*': string })['*'], request.ip);
      if (!found) throw new AppError('not_found', 'item_not_found');
      return sendStoredFile(request, reply, found.from, found.name, { contentType: 'image/webp', cacheControl: IMMUTABLE });
    },
  });
};
