import {
  FreeStory,
  FreeStreamingQuery,
  LangParams,
  Product,
  ProductIdParams,
  ProductListQuery,
  ProductListResponse,
  ProductsResponse,
  SiteQuery,
  SkuListQuery,
  SkuListResponse,
  SlugParams,
  SubscriptionOffersResponse,
  TopStoriesResponse,
} from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type catalogueService, viewerOf } from './catalogue.service';

const tags = ['catalogue'];

/** Spec §7 "Catalogue and library": the calls that read the catalogue. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: ReturnType<typeof catalogueService> }> = async (
  app,
  { catalogue },
) => {
  app.get(
    '/crud/product/skus',
    {
      schema: {
        tags,
        summary:
          'A page of products (20), newest first, ranked by the search or in the order asked; by age band; tracks whose title matches',
        querystring: ProductListQuery,
        response: { 200: ProductListResponse },
      },
    },
    async (request) => catalogue.listProducts(request.query, request.siteLang, viewerOf(request)),
  );

  app.get(
    '/crud/sku/list',
    {
      schema: {
        tags,
        summary: 'A page of skus of any type (e.g. type=subscription for the plans)',
        querystring: SkuListQuery,
        response: { 200: SkuListResponse },
      },
    },
    async (request) => catalogue.listSkus(request.query, viewerOf(request)),
  );

  app.get(
    '/crud/subscription-skus',
    {
      schema: {
        tags,
        summary: 'The subscription plans on sale (monthly, annual), with the annual one a month and the in-cart flags',
        querystring: SiteQuery,
        response: { 200: SubscriptionOffersResponse },
      },
    },
    async (request) => catalogue.subscriptionOffers(viewerOf(request)),
  );

  app.get(
    '/crud/product/:id/skus',
    {
      config: { errors: { 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: 'A product with its purchase options and tracks',
        params: ProductIdParams,
        querystring: SiteQuery,
        response: { 200: Product },
      },
    },
    async (request) => catalogue.productById(request.params.id, viewerOf(request)),
  );

  app.get(
    '/crud/product-by-slug/:slug/skus',
    {
      config: { errors: { 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: 'A product by its slug (the story page)',
        params: SlugParams,
        querystring: SiteQuery,
        response: { 200: Product },
      },
    },
    async (request) => catalogue.productBySlug(request.params.slug, viewerOf(request)),
  );

  app.get(
    '/crud/promoted-sku/recommended-albums/:lang',
    {
      schema: {
        tags,
        summary: "A language's recommended albums (home page)",
        params: LangParams,
        querystring: SiteQuery,
        response: { 200: ProductsResponse },
      },
    },
    async (request) => catalogue.recommendedAlbums(request.params.lang, viewerOf(request)),
  );

  app.get(
    '/crud/promoted-sku/top-stories/:lang',
    {
      schema: {
        tags,
        summary: "A language's top single stories (home page)",
        params: LangParams,
        querystring: SiteQuery,
        response: { 200: TopStoriesResponse },
      },
    },
    async (request) => catalogue.topStories(request.params.lang, viewerOf(request)),
  );

  app.get(
    '/crud/recommended-stories',
    {
      schema: {
        tags,
        summary: "Stories to suggest to a listener: the site language's top stories",
        querystring: SiteQuery,
        response: { 200: TopStoriesResponse },
      },
    },
    async (request) => catalogue.topStories(request.siteLang, viewerOf(request)),
  );

  app.get(
    '/crud/free-story/:lang',
    {
      config: { errors: { 404: ['item_not_found'] } },
      schema: {
        tags,
        summary:
          "A language's free story of the week (404 item_not_found when there is none, or the child listening may not hear it)",
        params: LangParams,
        querystring: SiteQuery,
        response: { 200: FreeStory },
      },
    },
    async (request) => catalogue.freeStory(request.params.lang, viewerOf(request)),
  );

  app.get(
    '/crud/free-streaming',
    {
      schema: {
        tags,
        summary: 'Albums that stream in full for everyone (default: the site language)',
        querystring: FreeStreamingQuery,
        response: { 200: ProductsResponse },
      },
    },
    async (request) => catalogue.freeStreaming(request.query.lang_code, request.siteLang, viewerOf(request)),
  );

  app.get(
    '/crud/free-streaming/album/:id',
    {
      config: { errors: { 403: ['not_for_this_profile'], 404: ['item_not_found'] } },
      schema: {
        tags,
        summary: 'A free-streaming album (404 item_not_found for any other product)',
        params: ProductIdParams,
        querystring: SiteQuery,
        response: { 200: Product },
      },
    },
    async (request) => catalogue.freeStreamingAlbum(request.params.id, viewerOf(request)),
  );
};
