import {
  AdminCmsEntriesQuery,
  AdminCmsEntriesResponse,
  AdminCmsEntry,
  AdminCmsEntryParams,
  ContentByUrlResponse,
  CreateCmsEntryBody,
  PublishCmsEntryBody,
  SaveCmsEntryBody,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../accounts/guards';
import type { CmsService } from './cms.service';
import { cmsEditorService } from './cms-editor.service';

const tags = ['admin'];

/**
 * Issue 30 item 3: CMS pages edited in the back office (admins acting as
 * themselves; every change audited). The storefront's reads are cms.routes.ts;
 * both go through the cms module's services, and `cms` is the storefront's
 * own instance, so a publish forgets the very pages it caches.
 */
export const cmsEditorRoutes: FastifyPluginAsyncZod<{ cms: CmsService }> = async (app, { cms }) => {
  const editor = cmsEditorService(app.db, cms);

  // Drafts and previews are one admin's: no cache keeps them, no search engine indexes them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
  });

  app.get(
    '/crud/admin/cms/entries',
    {
      schema: {
        tags,
        summary: 'CMS pages by type, language, status (draft, published, changed) and a search of title and path',
        querystring: AdminCmsEntriesQuery,
        response: { 200: AdminCmsEntriesResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return editor.list(request.query);
    },
  );

  app.post(
    '/crud/admin/cms/entries',
    {
      config: { errors: { 409: ['cms_translation_exists'] } },
      schema: {
        tags,
        summary: "A new page as a draft, or (translation_of) a page's version in another language; audited",
        querystring: SiteQuery,
        body: CreateCmsEntryBody,
        response: { 201: AdminCmsEntry },
      },
    },
    async (request, reply) => {
      const entry = await editor.create(request, await requireAdmin(request), request.body);
      return reply.code(201).send(entry);
    },
  );

  app.get(
    '/crud/admin/cms/entries/:id',
    {
      config: { errors: { 404: ['cms_entry_not_found'] } },
      schema: {
        tags,
        summary: 'A page as its editor opens it: the draft, the published fields, its translations and its version',
        params: AdminCmsEntryParams,
        querystring: SiteQuery,
        response: { 200: AdminCmsEntry },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return editor.get(request.params.id);
    },
  );

  app.put(
    '/crud/admin/cms/entries/:id',
    {
      config: { errors: { 409: ['cms_entry_changed', 'cms_url_taken'] } },
      schema: {
        tags,
        summary: 'Saves the draft (sanitized); the site keeps the published page. A stale updated_at is refused (409); audited',
        params: AdminCmsEntryParams,
        querystring: SiteQuery,
        body: SaveCmsEntryBody,
        response: { 200: AdminCmsEntry },
      },
    },
    async (request) =>
      editor.save(request, await requireAdmin(request), request.params.id, request.body.updated_at, request.body.fields),
  );

  app.post(
    '/crud/admin/cms/entries/:id/publish',
    {
      config: { errors: { 409: ['cms_entry_changed', 'cms_nothing_to_publish'] } },
      schema: {
        tags,
        summary: 'Publishes the draft: the site shows it (every instance within the CMS cache time); 409 when stale; audited',
        params: AdminCmsEntryParams,
        querystring: SiteQuery,
        body: PublishCmsEntryBody,
        response: { 200: AdminCmsEntry },
      },
    },
    async (request) => editor.publish(request, await requireAdmin(request), request.params.id, request.body.updated_at),
  );

  app.get(
    '/crud/admin/cms/entries/:id/preview',
    {
      schema: {
        tags,
        summary: 'The draft as the site will show it, for the admin preview (never cached, never indexed)',
        params: AdminCmsEntryParams,
        querystring: SiteQuery,
        response: { 200: ContentByUrlResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return editor.preview(request.params.id);
    },
  );
};
