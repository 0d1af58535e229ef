import {
  CartLines,
  CartTotal,
  FreeStory,
  type ImageUse,
  imageWidths,
  isAgeBand,
  type LangCode,
  LibraryAlbum,
  langCodes,
  type MyLibraryQuery,
  MyLibraryResponse,
  MySubscriptionsResponse,
  OrdersResponse,
  PaymentsKeyResponse,
  Product,
  ProductListResponse,
  ProductSort,
  ProductsResponse,
  QuantityResponse,
  type SavedCard,
  SavedCardsResponse,
  SessionResponse,
  SubscriptionOffersResponse,
  TopStoriesResponse,
  UserResponse,
} from '@storyhouse/contracts';
import { firstDataKey, firstDataScript } from '@storyhouse/contracts/first-data';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Serialized } from '../../lib/precompressed';
import { appErrorBody } from '../../plugins/errors';
import { jsonWriter } from '../../plugins/validation';
import type { catalogueService, Viewer } from '../catalogue/catalogue.service';
import type { CmsPage } from '../cms/cms.service';

/**
 * Decision 014: the answers a page's first render asks the API for, read
 * through the services the API's routes use (never the API itself) and
 * written as those routes write them (their contract's serializer), so the
 * page renders from its HTML without a round trip. Each answer is named by
 * the GET path the web app asks (web/src/**\/api/), normalized by
 * `firstDataKey`; one the web app does not ask for is harmless, one it asks
 * for and does not find is fetched as before. A new screen adds its calls
 * to `routeAnswers` (or, for a CMS layout, `layoutAnswers`).
 */
export interface FirstDataSources {
  session: (request: FastifyRequest) => Promise<SessionResponse>;
  cartQuantity: (request: FastifyRequest) => Promise<{ quantity: number }>;
  /** The cart's lines (a page with add buttons shows what is in the cart). */
  cartLines: (request: FastifyRequest) => Promise<unknown[]>;
  navigation: () => Promise<Serialized>;
  cmsPage: (lang: LangCode, path: string) => Promise<CmsPage | null>;
  catalogue: ReturnType<typeof catalogueService>;
  /** Who the catalogue marks in-cart items and playable tracks for. */
  viewer: (request: FastifyRequest) => Viewer;
  /** The cart with its lines and totals, as GET /crud/cart-session/total answers. */
  cartTotal: (request: FastifyRequest) => Promise<CartTotal>;
  /** A page of the signed-in family's library (GET /crud/my-library); refused (401) for a visitor. */
  library: (request: FastifyRequest, query: MyLibraryQuery) => Promise<MyLibraryResponse>;
  /** The free story's album as the family's library shows it (GET /crud/my-library/product/free-story). */
  libraryFreeStory: (request: FastifyRequest) => Promise<LibraryAlbum>;
  /** The signed-in user's account (GET /crud/user): checkout fills its form with their address; 401 for a visitor. */
  user: (request: FastifyRequest) => Promise<UserResponse>;
  /** The card processor's publishable key (GET /crud/stripe/token). */
  paymentsKey: () => PaymentsKeyResponse;
  /** The signed-in user's saved cards (GET /crud/stripe/customer/{id}/card); 401 for a visitor. */
  savedCards: (request: FastifyRequest, userId: number) => Promise<SavedCard[]>;
  /** A page of the signed-in user's orders (GET /crud/orders); refused (401) for a visitor. */
  orders: (request: FastifyRequest, page: number) => Promise<OrdersResponse>;
  /** The signed-in family's plan and monthly donations (GET /crud/stripe/customer/my/subscriptions); 401 for a visitor. */
  subscriptions: (request: FastifyRequest) => Promise<MySubscriptionsResponse>;
  /** An image's resized copies at a place's widths, as resize-multiple answers (undefined when it cannot be resized). */
  resizedCopies: (url: string, use: ImageUse) => Promise<readonly { resized_url: string; width: number }[] | undefined>;
}

/** What a page shows, as the web plugin resolved it from the address. */
export type FirstPage =
  | { kind: 'cms'; path: string }
  | { kind: 'shop' }
  | { kind: 'story'; slug: string }
  | { kind: 'freeStreamingAlbum'; id: number }
  | { kind: FamilyPage }
  | { kind: 'other' };

/**
 * The pages of one signed-in family (issue 27): their first data is theirs
 * alone, so the web plugin asks for them only for a signed-in visitor and
 * answers them `private, no-store`.
 */
export const familyPages = ['library', 'orders', 'subscriptions', 'cart', 'checkout', 'payment'] as const;
export type FamilyPage = (typeof familyPages)[number];

interface Answer {
  key: string;
  status: number;
  json: string;
}

/** One call's answer, or its AppError's; anything else is left to the client to ask for (and logged). */
type Pending = Promise<Answer | undefined>;

const isLangFilter = (v: string): v is LangCode | 'all' => v === 'all' || langCodes.some((l) => l === v);

const write = {
  session: jsonWriter(SessionResponse),
  quantity: jsonWriter(QuantityResponse),
  cartLines: jsonWriter(CartLines),
  products: jsonWriter(ProductsResponse),
  productList: jsonWriter(ProductListResponse),
  product: jsonWriter(Product),
  topStories: jsonWriter(TopStoriesResponse),
  freeStory: jsonWriter(FreeStory),
  subscriptionOffers: jsonWriter(SubscriptionOffersResponse),
  cartTotal: jsonWriter(CartTotal),
  library: jsonWriter(MyLibraryResponse),
  libraryAlbum: jsonWriter(LibraryAlbum),
  orders: jsonWriter(OrdersResponse),
  subscriptions: jsonWriter(MySubscriptionsResponse),
  user: jsonWriter(UserResponse),
  paymentsKey: jsonWriter(PaymentsKeyResponse),
  savedCards: jsonWriter(SavedCardsResponse),
};

/**
 * A list's page, search and language filter from the address, and the
 * shop's age band and order, as its screen reads them
 * (web/src/components/catalogue/list-controls.tsx useListParams): a value
 * the list does not offer is left out.
 */
function listParamsOf(request: FastifyRequest, defaultLang: LangCode | 'all') {
  const query = request.query as Record<string, unknown>;
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
  const page = /^\d{1,6}$/.test(text('page')) && Number(text('page')) >= 1 ? Number(text('page')) : 1;
  const langParam = text('lang_code');
  const ageBand = text('age_band');
  const sort = ProductSort.safeParse(text('sort'));
  return {
    page,
    search: text('search').trim(),
    lang: isLangFilter(langParam) ? langParam : defaultLang,
    ageBand: isAgeBand(ageBand) ? ageBand : undefined,
    sort: sort.success ? sort.data : undefined,
  };
}

/** The path the web app asks for an image's copies (web/src/components/catalogue/api/resize-image.ts). */
export function resizeMultiplePath(url: string, widths: readonly number[]) {
  const query = new URLSearchParams({ url });
  widths.forEach((width, i) => {
    query.set(`options[${i}][width]`, String(width));
  });
  return `/crud/image/resize-multiple?${query}`;
}

export function firstDataLoader(sources: FirstDataSources, opts: { waitMs: number }) {
  const { catalogue } = sources;

  /** Runs one call: its answer as the route would send it, or its AppError's. */
  const answer = (request: FastifyRequest, path: string, load: () => Promise<string>): Pending =>
    load().then(
      (json) => ({ key: firstDataKey(path), status: 200, json }),
      (err: unknown) => {
        if (err instanceof AppError)
          return { key: firstDataKey(path), status: err.status, json: JSON.stringify(appErrorBody(request, err)) };
        request.log.warn({ err, path }, 'first data: left to the client');
        return undefined;
      },
    );

  /** The copies of an image at a place, as the web app's <img> asks for them. */
  const image = (request: FastifyRequest, url: string | null | undefined, use: ImageUse): Pending[] => {
    if (!url) return [];
    const copies = sources.resizedCopies(url, use).then((list) => {
      if (!list) throw new AppError('not_found', 'item_not_found');
      return JSON.stringify(list.map((c) => ({ width: c.width, height: null, media_query: null, resized_url: c.resized_url })));
    });
    // An image that cannot be resized is left to the client, which shows its empty box on the API's answer.
    return [
      answer(request, resizeMultiplePath(url, imageWidths[use]), () => copies).then((a) => (a?.status === 200 ? a : undefined)),
    ];
  };

  const covers = (request: FastifyRequest, items: readonly { primary_image: string | null }[]) =>
    coversOf(
      request,
      items.map((p) => p.primary_image),
    );
  const coversOf = (request: FastifyRequest, urls: readonly (string | null)[]) =>
    [...new Set(urls)].flatMap((url) => image(request, url, 'cover'));

  /** The shop's first page of products, from the address as the shop screen reads it (web/src/features/shop/shop-page.tsx). */
  const shop = async (request: FastifyRequest): Promise<Pending[]> => {
    const { page, search, lang, ageBand, sort } = listParamsOf(request, request.siteLang);
    const params = new URLSearchParams({ page: String(page), available: '1', lang_code: lang });
    if (search) params.set('search', search);
    if (ageBand) params.set('age_band', ageBand);
    if (sort) params.set('sort', sort);
    const list = catalogue.listProducts(
      { page, search, lang_code: lang, available: '1', age_band: ageBand, sort },
      request.siteLang,
      sources.viewer(request),
    );
    const covered = list.then((l) => covers(request, l.items)).catch(() => []);
    return [answer(request, `/crud/product/skus?${params}`, async () => write.productList(await list)), ...(await covered)];
  };

  /** The calls of a CMS layout beyond the page itself (web/src/app/cms-layouts.tsx and the layouts it names). */
  const layoutAnswers = async (request: FastifyRequest, page: CmsPage): Promise<Pending[]> => {
    const lang = request.siteLang;
    const entry = page.body.cms_entry;
    const viewer = sources.viewer(request);
    const own = [...image(request, entry.main_image && `/media/${entry.main_image}`, 'hero')];
    if (entry.sidebar_image) own.push(...image(request, `/media/${entry.sidebar_image}`, 'sidebar'));
    switch (page.body.cms_template) {
      case 'home-page': {
        const albums = catalogue.recommendedAlbums(lang, viewer);
        const freeStory = catalogue.freeStory(lang, viewer);
        // Read below, after other awaits: a refusal meanwhile (no free story this week) is not unhandled.
        freeStory.catch(() => undefined);
        // Without a header image, the hero is the free story's cover.
        const heroCover = entry.main_image
          ? []
          : await freeStory.then((f) => image(request, f.primary_image, 'cover')).catch(() => []);
        const kids = [1, 2].flatMap((n) => {
          const file = entry.home[`homeKidsCornerItem${n as 1 | 2}Image`];
          return image(request, file && `/media/${file}`, 'kidsCorner');
        });
        const albumCovers = await albums.then((a) => covers(request, a.items)).catch(() => []);
        return [
          ...own,
          ...kids,
          ...albumCovers,
          answer(request, `/crud/promoted-sku/recommended-albums/${lang}`, async () => write.products(await albums)),
          answer(request, `/crud/promoted-sku/top-stories/${lang}`, async () =>
            write.topStories(await catalogue.topStories(lang, viewer)),
          ),
          ...heroCover,
          answer(request, `/crud/free-story/${lang}?swr=1`, async () => write.freeStory(await freeStory)),
        ];
      }
      case 'free-streaming': {
        const albums = catalogue.freeStreaming(lang, lang, viewer);
        const albumCovers = await albums.then((a) => covers(request, a.items)).catch(() => []);
        return [
          ...own,
          ...albumCovers,
          answer(request, `/crud/free-streaming?lang_code=${lang}`, async () => write.products(await albums)),
        ];
      }
      case 'store-product-list':
        return [...own, ...(await shop(request))];
      case 'gift-card':
        // The cart's lines: a gift card already in it blocks the form (spec §5 Gift card), shown at first paint.
        return [
          ...own,
          answer(request, '/crud/cart-session/skus', async () => write.cartLines(await sources.cartLines(request))),
        ];
      case 'subscription':
        // The plans, and the cart's lines their Add to cart buttons read.
        return [
          ...own,
          answer(request, '/crud/subscription-skus', async () =>
            write.subscriptionOffers(await catalogue.subscriptionOffers(viewer)),
          ),
          answer(request, '/crud/cart-session/skus', async () => write.cartLines(await sources.cartLines(request))),
        ];
      default:
        return own;
    }
  };

  const cms = async (request: FastifyRequest, path: string): Promise<Pending[]> => {
    const key = `/crud/content/entry/by/url?${new URLSearchParams({ url: path, swr: '1' })}`;
    const page = await sources.cmsPage(request.siteLang, path);
    if (!page) return [answer(request, key, () => Promise.reject(new AppError('not_found', 'page_not_found')))];
    return [answer(request, key, async () => page.json), ...(await layoutAnswers(request, page))];
  };

  /** My Library's page from the address (web/src/features/library/library-page.tsx); on page 1 without a search, the free story of the week too. */
  const library = async (request: FastifyRequest): Promise<Pending[]> => {
    const { page, search, lang } = listParamsOf(request, 'all');
    const query = new URLSearchParams();
    if (search) query.set('search', search);
    if (lang !== 'all') query.set('lang_code', lang);
    query.set('page', String(page));
    const list = sources.library(request, {
      page,
      search: search || undefined,
      lang_code: lang === 'all' ? undefined : lang,
    });
    const own = [answer(request, `/crud/my-library?${query}`, async () => write.library(await list))];
    const listCovers = list
      .then((l) => coversOf(request, [...l.continue_listening.map((t) => t.image), ...l.items.map((a) => a.image)]))
      .catch(() => []);
    if (search || page !== 1) return [...own, ...(await listCovers)];
    const storyLang = request.siteLang;
    const freeStory = catalogue.freeStory(storyLang, sources.viewer(request));
    const storyCover = freeStory.then((f) => image(request, f.primary_image, 'cover')).catch(() => []);
    return [
      ...own,
      answer(request, `/crud/free-story/${storyLang}?swr=1`, async () => write.freeStory(await freeStory)),
      // The album's tracks come only with a free story this week (the card asks for them only then).
      freeStory.then(
        () =>
          answer(request, '/crud/my-library/product/free-story', async () =>
            write.libraryAlbum(await sources.libraryFreeStory(request)),
          ),
        () => undefined,
      ),
      ...(await listCovers),
      ...(await storyCover),
    ];
  };

  /** The cart with its totals, and its lines' covers (the cart and checkout pages). */
  const cart = async (request: FastifyRequest): Promise<Pending[]> => {
    const total = sources.cartTotal(request);
    const lineCovers = await total
      .then((c) =>
        coversOf(
          request,
          c.skus.map((l) => l.image_url),
        ),
      )
      .catch(() => []);
    return [answer(request, '/crud/cart-session/total', async () => write.cartTotal(await total)), ...lineCovers];
  };

  const userAnswer = (request: FastifyRequest, user: Promise<UserResponse>) =>
    answer(request, '/crud/user', async () => write.user(await user));

  const routeAnswers = async (request: FastifyRequest, page: FirstPage): Promise<Pending[]> => {
    switch (page.kind) {
      case 'cms':
        return cms(request, page.path);
      case 'shop':
        return shop(request);
      case 'story': {
        const product = catalogue.productBySlug(page.slug, sources.viewer(request));
        const cover = await product.then((p) => image(request, p.primary_image, 'cover')).catch(() => []);
        return [
          answer(request, `/crud/product-by-slug/${encodeURIComponent(page.slug)}/skus`, async () =>
            write.product(await product),
          ),
          answer(request, '/crud/cart-session/skus', async () => write.cartLines(await sources.cartLines(request))),
          ...cover,
        ];
      }
      case 'freeStreamingAlbum': {
        const album = catalogue.freeStreamingAlbum(page.id, sources.viewer(request));
        const cover = await album.then((p) => image(request, p.primary_image, 'cover')).catch(() => []);
        return [answer(request, `/crud/free-streaming/album/${page.id}`, async () => write.product(await album)), ...cover];
      }
      case 'library':
        return library(request);
      case 'orders': {
        const { page: number } = listParamsOf(request, 'all');
        const path = `/crud/orders?${new URLSearchParams({ filter_current_user: 'true', page: String(number) })}`;
        return [answer(request, path, async () => write.orders(await sources.orders(request, number)))];
      }
      case 'subscriptions':
        return [
          answer(request, '/crud/stripe/customer/my/subscriptions', async () =>
            write.subscriptions(await sources.subscriptions(request)),
          ),
        ];
      case 'cart':
        return cart(request);
      case 'checkout':
        // The cart and its summary, and the account whose address fills the shipping form (issue 27 item 4).
        return [...(await cart(request)), userAnswer(request, sources.user(request))];
      case 'payment': {
        // A finished payment's confirmation (?order=) asks for its order: left to the client.
        if ((request.query as Record<string, unknown>).order !== undefined) return [];
        // The cart, the account whose address fills the billing form, the processor and the saved cards to choose from.
        const user = sources.user(request);
        const cards = await user
          .then((u) => [
            answer(request, `/crud/stripe/customer/${u.id}/card`, async () =>
              write.savedCards(await sources.savedCards(request, u.id)),
            ),
          ])
          .catch(() => []);
        return [
          ...(await cart(request)),
          userAnswer(request, user),
          answer(request, '/crud/stripe/token', async () => write.paymentsKey(sources.paymentsKey())),
          ...cards,
        ];
      }
      default:
        return [];
    }
  };

  /**
   * The text of a page's first-data element: the shell's calls (session,
   * cart count, navigation) and the page's own. A call that has not answered
   * within `waitMs` is left out, so a slow source never holds the page
   * longer than that: the client then asks for it as it would have.
   */
  return async function firstData(request: FastifyRequest, page: FirstPage): Promise<string> {
    const shell: Pending[] = [
      answer(request, '/crud/session', async () => write.session(await sources.session(request))),
      answer(request, '/crud/cart-session/skus/quantity', async () => write.quantity(await sources.cartQuantity(request))),
      answer(request, '/crud/content/entry/list/site-navigation', async () => (await sources.navigation()).json),
    ];
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.waitMs);
    });
    const done: Answer[] = [];
    const track = (p: Pending) => p.then((a) => (a ? done.push(a) : undefined));
    const all = Promise.all([
      ...shell.map(track),
      routeAnswers(request, page).then((list) => Promise.all(list.map(track))),
    ]).catch((err: unknown) => request.log.warn({ err }, 'first data: left to the client'));
    await Promise.race([all, deadline]);
    clearTimeout(timer);
    return firstDataScript(done);
  };
}

export type FirstDataLoader = ReturnType<typeof firstDataLoader>;
