import {
  ADMIN_PRODUCTS_PER_PAGE,
  type AdminProduct,
  type AdminProductBody,
  type AdminProductsQuery,
  type AdminProductsResponse,
  type AdminPromoted,
  type AdminPromotedBody,
  type AdminSku,
  type AdminSkuBody,
  type AdminSkuType,
  type AdminStockBody,
  type AdminTrackOrderBody,
  type AuditAction,
  albumMinutes,
  type LangCode,
  mediaPaths,
} from '@storyhouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { decodeEntities } from '../../lib/html-text';
import { toCents, toUsd } from '../../lib/money';
import { sanitizeCmsHtml } from '../../lib/rich-text';
import { uploadedFile } from '../admin-media/admin-media.service';
import { auditTarget, recordAdminAction } from '../audit/audit';
import { setStock } from '../stock/stock.service';
import {
  type AdminProductRow,
  type AdminSkuRow,
  catalogueAdminRepository,
  type PromotionKind,
} from './catalogue-admin.repository';

type Admin = { id: number; email: string };
type ProductInput = z.output<typeof AdminProductBody>;
type SkuInput = z.output<typeof AdminSkuBody>;
type Repo = ReturnType<typeof catalogueAdminRepository>;

/** What the storefront keeps of the catalogue for a while (catalogue.service.ts): forgotten on this instance after an edit. */
export interface CatalogueCaches {
  forget(): void;
}

/**
 * Markup a description may not carry (issue 30: "HTML with script, event
 * attributes or javascript: links"): refused with its own message rather
 * than silently dropped, so the admin sees what was wrong. What passes is
 * stored through the CMS sanitizer all the same.
 */
const UNSAFE_HTML = [
  /<\s*\/?\s*(script|style|iframe|frame|object|embed|form|meta|link|base|svg|math)\b/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /(j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|v\s*b\s*s\s*c\s*r\s*i\s*p\s*t)\s*:/i,
];
const isUnsafeHtml = (html: string) => [html, decodeEntities(html)].some((h) => UNSAFE_HTML.some((re) => re.test(h)));

/** A field the contract cannot judge alone (a description's markup, a track list): 400 with its message. */
const invalidField = (field: string, key: 'validation.unsafeHtml' | 'validation.invalid') =>
  new AppError('invalid_data', 'validation_failed', {}, { [field]: { key } });

/** Another product has or had the slug: 409, with the message by the field. */
const slugTaken = () => new AppError('conflict', 'slug_taken', {}, { slug: { key: 'validation.slugTaken' } });

const productTarget = (slug: string) => auditTarget('product', slug);

/** The same time as the editor holds it: to the millisecond. */
const sameTime = (a: Date, readAt: string) => a.getTime() === new Date(readAt).getTime();

/** A unique index refused the write: two admins saved the same slug or format at the same moment. */
function uniqueViolation(err: unknown): AppError | undefined {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return undefined;
  const where = `${e.constraint ?? ''} ${e.message ?? ''}`;
  if (where.includes('skus_product_format_key')) return new AppError('conflict', 'sku_format_taken');
  if (where.includes('products_slug_key') || where.includes('product_slug_redirects_pkey')) return slugTaken();
  return undefined;
}

function toAdminSku(row: AdminSkuRow): AdminSku {
  return {
    id: row.id,
    type: row.type as AdminSkuType,
    title: row.title,
    description: row.description,
    full_price_usd: toUsd(row.full_price_cents),
    sale_price_usd: row.sale_price_cents === null ? null : toUsd(row.sale_price_cents),
    is_hidden: row.is_hidden,
    is_available: row.is_available,
    is_shipped_free: row.is_shipped_free,
    position: row.position,
    media_full: row.media_full,
    media_preview: row.media_preview,
    length_seconds: row.length_seconds,
    is_free: row.is_free,
    story_of_the_week_from: row.story_of_the_week_from,
    stock: row.stock,
    low_stock_threshold: row.low_stock_threshold,
  };
}

/** A product's columns from the editor's fields (the description sanitized). */
function productValues(input: ProductInput) {
  if (isUnsafeHtml(input.description)) throw invalidField('description', 'validation.unsafeHtml');
  return {
    title: input.title,
    slug: input.slug,
    description: sanitizeCmsHtml(input.description),
    lang_code: input.lang_code,
    primary_image: input.primary_image,
    wide_image: input.wide_image,
    release_date: input.release_date,
    is_available: input.is_available,
    is_book: input.is_book,
    is_free_streaming: input.is_free_streaming,
    age_band: input.age_band,
  };
}

/** A sku's columns from the editor's fields: track fields only for a track. */
function skuValues(input: SkuInput) {
  const track = input.type === 'digital_track';
  return {
    title: input.title,
    description: track ? input.description : '',
    full_price_cents: toCents(input.full_price_usd),
    sale_price_cents: input.sale_price_usd === null ? null : toCents(input.sale_price_usd),
    is_hidden: input.is_hidden,
    is_available: input.is_available,
    is_shipped_free: input.is_shipped_free,
    media_full: track ? input.media_full : null,
    media_preview: track ? input.media_preview : null,
    length_seconds: track ? input.length_seconds : null,
    is_free: track ? input.is_free : false,
  };
}

/** Which of a product's fields an edit changed, for the audit log. */
function changedFields(before: AdminProductRow, after: ReturnType<typeof productValues>) {
  return (Object.keys(after) as (keyof typeof after)[]).filter((k) => String(before[k] ?? '') !== String(after[k] ?? ''));
}

/**
 * Issue 30 item 1: the catalogue edited in the back office. Every edit is
 * one transaction: the product is read locked, refused when it changed
 * since the editor read it (409 product_changed, never overwritten), written
 * through the catalogue's own tables and recorded in the audit log; then
 * this instance's storefront caches forget the catalogue (others within
 * their CATALOGUE_CACHE_MS).
 */
export function catalogueAdminService(db: Db, caches: CatalogueCaches) {
  const read = catalogueAdminRepository(db);

  async function view(repo: Repo, id: number): Promise<AdminProduct> {
    const row = await repo.product(id);
    if (!row) throw new AppError('not_found', 'item_not_found');
    const [skus, oldSlugs, inOrders] = await Promise.all([repo.skus(id), repo.oldSlugs(id), repo.inOrders(id)]);
    const { length_seconds, ...fields } = row;
    return {
      ...fields,
      length_minutes: albumMinutes(length_seconds),
      primary_image_url: row.primary_image ? mediaPaths.image(row.primary_image) : null,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      old_slugs: oldSlugs,
      in_orders: inOrders,
      skus: skus.map(toAdminSku),
    };
  }

  /** A slug this product may take: no other product's, now or before. */
  async function checkSlug(repo: Repo, slug: string, productId?: number) {
    const holder = await repo.slugHolder(slug);
    if (holder !== undefined && holder !== productId) throw slugTaken();
  }

  /** Runs a write in one transaction; a unique index's refusal is the conflict it stands for; the caches forget after. */
  async function write<T>(work: (repo: Repo, trx: Db) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction().execute((trx) => work(catalogueAdminRepository(trx), trx));
      caches.forget();
      return result;
    } catch (err) {
      throw uniqueViolation(err) ?? err;
    }
  }

  /**
   * An edit of an existing product: locked, checked against the time the
   * editor read it, changed, its updated_at moved, audited; answers the
   * product as it now is.
   */
  function edit(
    request: FastifyRequest,
    admin: Admin,
    id: number,
    /** The updated_at the editor read the product at; null for a change of one field that sends nothing else back. */
    readAt: string | null,
    change: (
      repo: Repo,
      product: AdminProductRow,
      trx: Db,
    ) => Promise<{ action: AuditAction; details: Record<string, string | number | boolean | null>; slug?: string }>,
  ) {
    return write(async (repo, trx) => {
      const product = await repo.product(id, true);
      if (!product) throw new AppError('not_found', 'item_not_found');
      if (readAt !== null && !sameTime(product.updated_at, readAt)) throw new AppError('conflict', 'product_changed');
      const { action, details, slug } = await change(repo, product, trx);
      await repo.updateProduct(id);
      await recordAdminAction(trx, request, admin, action, productTarget(slug ?? product.slug), { product_id: id, ...details });
      return view(repo, id);
    });
  }

  return {
    async list(query: z.output<typeof AdminProductsQuery>): Promise<AdminProductsResponse> {
      const { rows, count } = await read.products(query, {
        limit: ADMIN_PRODUCTS_PER_PAGE,
        offset: (query.page - 1) * ADMIN_PRODUCTS_PER_PAGE,
      });
      return {
        items: rows.map(({ primary_image, ...r }) => ({
          ...r,
          primary_image_url: primary_image ? mediaPaths.image(primary_image) : null,
        })),
        page: query.page,
        per_page: ADMIN_PRODUCTS_PER_PAGE,
        count,
      };
    },

    product: (id: number) => view(read, id),

    async create(request: FastifyRequest, admin: Admin, input: ProductInput): Promise<AdminProduct> {
      const values = productValues(input);
      return write(async (repo, trx) => {
        await checkSlug(repo, values.slug);
        const id = await repo.insertProduct(values);
        await recordAdminAction(trx, request, admin, 'product.create', productTarget(values.slug), {
          product_id: id,
          title: values.title,
          lang_code: values.lang_code,
        });
        return view(repo, id);
      });
    },

    update(request: FastifyRequest, admin: Admin, id: number, input: ProductInput & { updated_at: string }) {
      const values = productValues(input);
      return edit(request, admin, id, input.updated_at, async (repo, product) => {
        if (values.slug !== product.slug) {
          await checkSlug(repo, values.slug, id);
          await repo.renameSlug(id, product.slug, values.slug);
        }
        const fields = changedFields(product, values);
        await repo.updateProduct(id, values);
        if (values.lang_code !== product.lang_code) await repo.setSkusLanguage(id, values.lang_code);
        const details: Record<string, string> = { fields: fields.join(', ') };
        if (values.slug !== product.slug) details.old_slug = product.slug;
        return {
          action: values.is_available || !product.is_available ? 'product.update' : 'product.withdraw',
          details,
          slug: values.slug,
        };
      });
    },

    /** A picture uploaded on the Media page becomes the cover ("Use as cover"): only an uploaded picture may. */
    setCover(request: FastifyRequest, admin: Admin, id: number, image: string) {
      return edit(request, admin, id, null, async (repo, _product, trx) => {
        const file = await uploadedFile(trx, image, 'image');
        if (!file) throw new AppError('invalid_data', 'cover_not_uploaded');
        await repo.updateProduct(id, { primary_image: image });
        return { action: 'product.update', details: { fields: 'primary_image', cover: file.original_name } };
      });
    },

    /** Withdrawn: no longer sold, never deleted; those who bought it keep it in their library. */
    withdraw(request: FastifyRequest, admin: Admin, id: number, readAt: string) {
      return edit(request, admin, id, readAt, async (repo) => {
        await repo.updateProduct(id, { is_available: false });
        return { action: 'product.withdraw', details: {} };
      });
    },

    addSku(request: FastifyRequest, admin: Admin, id: number, input: SkuInput) {
      return edit(request, admin, id, input.updated_at, async (repo, product) => {
        if (input.type !== 'digital_track' && (await repo.hasFormat(id, input.type))) {
          throw new AppError('conflict', 'sku_format_taken');
        }
        const position = input.type === 'digital_track' ? await repo.nextTrackPosition(id) : 0;
        const skuId = await repo.insertSku({
          ...skuValues(input),
          product_id: id,
          type: input.type,
          position,
          lang_code: product.lang_code,
        });
        if (input.story_of_the_week_from) await repo.setStoryOfTheWeek(skuId, product.lang_code, input.story_of_the_week_from);
        return { action: 'sku.create', details: { sku_id: skuId, type: input.type, title: input.title } };
      });
    },

    updateSku(request: FastifyRequest, admin: Admin, id: number, skuId: number, input: SkuInput) {
      return edit(request, admin, id, input.updated_at, async (repo, product) => {
        const sku = await repo.sku(id, skuId);
        if (!sku) throw new AppError('not_found', 'item_not_found');
        if (sku.type !== input.type) throw invalidField('type', 'validation.invalid');
        await repo.updateSku(skuId, skuValues(input));
        if (input.story_of_the_week_from) await repo.setStoryOfTheWeek(skuId, product.lang_code, input.story_of_the_week_from);
        return {
          action: 'sku.update',
          details: {
            sku_id: skuId,
            type: input.type,
            title: input.title,
            price_usd: input.full_price_usd,
            sale_price_usd: input.sale_price_usd,
            is_hidden: input.is_hidden,
          },
        };
      });
    },

    /**
     * A CD's or a book's count and low-stock threshold (decision 061). Not an
     * edit of the product (its updated_at stays: the other forms of its page
     * keep saving): the count is checked against the one the editor read
     * instead, since sales move it meanwhile. Audited with before and after.
     */
    setStock(request: FastifyRequest, admin: Admin, id: number, skuId: number, input: AdminStockBody) {
      return write(async (repo, trx) => {
        const product = await repo.product(id);
        if (!product) throw new AppError('not_found', 'item_not_found');
        const { sku, before, after } = await setStock(trx, id, skuId, input);
        await recordAdminAction(trx, request, admin, 'stock.update', productTarget(product.slug), {
          product_id: id,
          sku_id: skuId,
          type: sku.type,
          tracked_before: before.stock !== null,
          stock_before: before.stock,
          tracked_after: after.stock !== null,
          stock_after: after.stock,
          threshold_before: before.low_stock_threshold,
          threshold_after: after.low_stock_threshold,
        });
        return view(repo, id);
      });
    },

    /** The tracks in a new order: every track of the product, each once. */
    reorderTracks(request: FastifyRequest, admin: Admin, id: number, input: z.output<typeof AdminTrackOrderBody>) {
      return edit(request, admin, id, input.updated_at, async (repo) => {
        const tracks = await repo.trackIds(id);
        const given = new Set(input.sku_ids);
        if (given.size !== input.sku_ids.length || given.size !== tracks.length || tracks.some((t) => !given.has(t))) {
          throw invalidField('sku_ids', 'validation.invalid');
        }
        await repo.setTrackPositions(input.sku_ids);
        return { action: 'tracks.reorder', details: { order: input.sku_ids.join(', ') } };
      });
    },

    async promoted(lang: LangCode): Promise<AdminPromoted> {
      const rows = await read.promoted(lang);
      const of = (kind: PromotionKind) => rows.filter((r) => r.kind === kind).map(({ kind: _, ...item }) => item);
      return { lang_code: lang, recommended_albums: of('recommended_album'), top_stories: of('top_story') };
    },

    /** A language's promoted lists, whole: albums are digital album skus, stories tracks, all of products in that language. */
    async setPromoted(request: FastifyRequest, admin: Admin, lang: LangCode, input: z.output<typeof AdminPromotedBody>) {
      await write(async (repo, trx) => {
        const found = new Map((await repo.promotable([...input.recommended_albums, ...input.top_stories])).map((s) => [s.id, s]));
        const fits = (ids: readonly number[], type: string) =>
          ids.every((id) => found.get(id)?.type === type && found.get(id)?.lang_code === lang);
        if (!fits(input.recommended_albums, 'digital_album') || !fits(input.top_stories, 'digital_track')) {
          throw new AppError('invalid_data', 'promoted_sku_invalid');
        }
        await repo.replacePromoted(lang, 'recommended_album', input.recommended_albums);
        await repo.replacePromoted(lang, 'top_story', input.top_stories);
        // The lists as the volunteer chose them, by title (the audit log is read by people, not by sku ids).
        const now = await repo.promoted(lang);
        const titles = (kind: PromotionKind, name: (r: (typeof now)[number]) => string) =>
          now
            .filter((r) => r.kind === kind)
            .map(name)
            .join(', ');
        await recordAdminAction(trx, request, admin, 'promoted.update', auditTarget('promoted', lang), {
          recommended_albums: titles('recommended_album', (r) => r.product_title),
          top_stories: titles('top_story', (r) => `${r.title} (${r.product_title})`),
        });
      });
      return this.promoted(lang);
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof catalogueAdminService>;
