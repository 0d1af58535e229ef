import {
  AdminProduct,
  AdminProductBody,
  AdminProductCoverBody,
  AdminProductParams,
  AdminProductsQuery,
  AdminProductsResponse,
  AdminProductUpdateBody,
  AdminPromoted,
  AdminPromotedBody,
  AdminPromotedParams,
  AdminSkuBody,
  AdminSkuParams,
  AdminStockBody,
  AdminTrackOrderBody,
  AdminWithdrawBody,
  SiteQuery,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateNoStore } from '../../plugins/private-answers';
import { requireAdmin } from '../accounts/guards';
import { type CatalogueCaches, catalogueAdminService } from './catalogue-admin.service';

const tags = ['admin'];

/**
 * Issue 30 item 1: the catalogue in the back office (admins acting as
 * themselves; every edit one transaction, audited). Edits of a product send
 * the updated_at they read it at: 409 product_changed when it changed since.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueCaches }> = async (app, { catalogue }) => {
  const admin = catalogueAdminService(app.db, catalogue);

  app.addHook('onSend', privateNoStore);

  app.get(
    '/crud/admin/products',
    {
      schema: {
        tags,
        summary: 'Products, newest first, 25 a page: by title or slug, language, available or withdrawn',
        querystring: AdminProductsQuery,
        response: { 200: AdminProductsResponse },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return admin.list(request.query);
    },
  );

  app.post(
    '/crud/admin/products',
    {
      config: { errors: { 409: ['slug_taken'] } },
      schema: {
        tags,
        summary: 'Adds a product (409 slug_taken); audited',
        querystring: SiteQuery,
        body: AdminProductBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) => admin.create(request, await requireAdmin(request), request.body),
  );

  app.get(
    '/crud/admin/products/:id',
    {
      schema: {
        tags,
        summary: 'A product with every sku (hidden ones too), its old slugs, and whether an order holds it',
        params: AdminProductParams,
        querystring: SiteQuery,
        response: { 200: AdminProduct },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return admin.product(request.params.id);
    },
  );

  app.put(
    '/crud/admin/products/:id',
    {
      config: { errors: { 409: ['product_changed'] } },
      schema: {
        tags,
        summary: 'Edits a product, whole; a new slug keeps the old one redirecting (409 slug_taken, product_changed); audited',
        params: AdminProductParams,
        querystring: SiteQuery,
        body: AdminProductUpdateBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) => admin.update(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.put(
    '/crud/admin/products/:id/cover',
    {
      config: { errors: { 400: ['cover_not_uploaded'], 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: 'Makes an uploaded picture the product’s cover (the Media page’s "Use as cover"); audited',
        description: 'The image is the key of a picture uploaded on the Media page (else 400 cover_not_uploaded).',
        params: AdminProductParams,
        querystring: SiteQuery,
        body: AdminProductCoverBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) => admin.setCover(request, await requireAdmin(request), request.params.id, request.body.image),
  );

  app.post(
    '/crud/admin/products/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraws a product: no longer sold, never deleted; those who bought it keep it (409 product_changed); audited',
        params: AdminProductParams,
        querystring: SiteQuery,
        body: AdminWithdrawBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) => admin.withdraw(request, await requireAdmin(request), request.params.id, request.body.updated_at),
  );

  app.post(
    '/crud/admin/products/:id/skus',
    {
      config: { errors: { 409: ['product_changed', 'sku_format_taken'] } },
      schema: {
        tags,
        summary:
          'Adds a sku: the digital album, a track (after the last), the CD or the book (409 sku_format_taken, product_changed); audited',
        params: AdminProductParams,
        querystring: SiteQuery,
        body: AdminSkuBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) => admin.addSku(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.put(
    '/crud/admin/products/:id/skus/:skuId',
    {
      schema: {
        tags,
        summary:
          'Edits a sku, whole: prices, sale price, hidden, shipped free, a track’s recording (409 product_changed); audited',
        params: AdminSkuParams,
        querystring: SiteQuery,
        body: AdminSkuBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) =>
      admin.updateSku(request, await requireAdmin(request), request.params.id, request.params.skuId, request.body),
  );

  app.put(
    '/crud/admin/products/:id/skus/:skuId/stock',
    {
      config: { errors: { 400: ['stock_not_posted'], 404: ['item_not_found'], 409: ['stock_changed'] } },
      schema: {
        tags,
        summary:
          "Sets a CD's or a book's copies in stock (null: not tracked) and its low-stock threshold; refused when the count changed since it was read (409 stock_changed); audited with before and after",
        params: AdminSkuParams,
        querystring: SiteQuery,
        body: AdminStockBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) =>
      admin.setStock(request, await requireAdmin(request), request.params.id, request.params.skuId, request.body),
  );

  app.put(
    '/crud/admin/products/:id/track-order',
    {
      schema: {
        tags,
        summary: 'Puts the tracks in a new order: every track of the product, each once (409 product_changed); audited',
        params: AdminProductParams,
        querystring: SiteQuery,
        body: AdminTrackOrderBody,
        response: { 200: AdminProduct },
      },
    },
    async (request) => admin.reorderTracks(request, await requireAdmin(request), request.params.id, request.body),
  );

  app.get(
    '/crud/admin/promoted/:lang',
    {
      schema: {
        tags,
        summary: "A language's recommended albums and top stories, in order",
        params: AdminPromotedParams,
        querystring: SiteQuery,
        response: { 200: AdminPromoted },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return admin.promoted(request.params.lang);
    },
  );

  app.put(
    '/crud/admin/promoted/:lang',
    {
      config: { errors: { 400: ['promoted_sku_invalid'] } },
      schema: {
        tags,
        summary: "Sets a language's recommended albums and top stories, in order (400 promoted_sku_invalid); audited",
        params: AdminPromotedParams,
        querystring: SiteQuery,
        body: AdminPromotedBody,
        response: { 200: AdminPromoted },
      },
    },
    async (request) => admin.setPromoted(request, await requireAdmin(request), request.params.lang, request.body),
  );
};
