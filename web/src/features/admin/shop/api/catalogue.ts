import type {
  AdminProduct,
  AdminProductBody,
  AdminProductStatus,
  AdminProductsResponse,
  AdminProductUpdateBody,
  AdminPromoted,
  AdminPromotedBody,
  AdminSkuBody,
  AdminStockBody,
  AdminTrackOrderBody,
  LangCode,
} from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** What the products list shows: the address bar's filters. */
export interface ProductsFilters {
  search: string;
  lang_code: LangCode | 'all';
  status: AdminProductStatus;
  page: number;
}

export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  list: (f: ProductsFilters) => ['admin', 'catalogue', 'list', f] as const,
  product: (id: number) => ['admin', 'catalogue', 'product', id] as const,
  promoted: (lang: LangCode) => ['admin', 'catalogue', 'promoted', lang] as const,
};

/** GET /crud/admin/products (issue 30 item 1): newest first, 25 a page. */
export function getAdminProducts(f: ProductsFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(f.page), search: f.search, lang_code: f.lang_code, status: f.status });
  return api<AdminProductsResponse>(`/crud/admin/products?${params}`, { signal });
}

export const useAdminProducts = (f: ProductsFilters, enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: catalogueKeys.list(f),
      queryFn: ({ signal }) => getAdminProducts(f, signal),
      placeholderData: keepPreviousData,
      retry: false,
      enabled,
    }),
  );

/** GET /crud/admin/products/{id}: every sku, hidden ones too, and the updated_at an edit sends back. */
export const useAdminProduct = (id: number) =>
  useQuery({
    queryKey: catalogueKeys.product(id),
    queryFn: ({ signal }) => api<AdminProduct>(`/crud/admin/products/${id}`, { signal }),
    retry: false,
  });

/** After a write: the lists and the audit log are read again. */
function useRefreshAfter() {
  const client = useQueryClient();
  return (product?: AdminProduct) => {
    if (product) client.setQueryData(catalogueKeys.product(product.id), product);
    void client.invalidateQueries({
      queryKey: catalogueKeys.all,
      predicate: (q) => !product || q.queryKey[3] !== product.id,
    });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

/** POST /crud/admin/products: 409 slug_taken, 400 with field messages. */
export function useCreateProduct() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: AdminProductBody) => api<AdminProduct>('/crud/admin/products', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/**
 * The edits of one product, each sending the updated_at it was read at:
 * the answer is the product as it now is. A 409 product_changed (someone
 * else saved meanwhile) is the caller's to show; the product is read again.
 */
function useProductEdit<V>(id: number, send: (vars: V) => Promise<AdminProduct>) {
  const refresh = useRefreshAfter();
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: refresh,
    onError: () => void client.invalidateQueries({ queryKey: catalogueKeys.product(id) }),
  });
}

export const useUpdateProduct = (id: number) =>
  useProductEdit(id, (body: AdminProductUpdateBody) => api<AdminProduct>(`/crud/admin/products/${id}`, { method: 'PUT', body }));

export const useWithdrawProduct = (id: number) =>
  useProductEdit(id, (updated_at: string) =>
    api<AdminProduct>(`/crud/admin/products/${id}/withdraw`, { method: 'POST', body: { updated_at } }),
  );

/** Adds a sku (no `skuId`) or edits one. */
export const useSaveSku = (id: number) =>
  useProductEdit(id, ({ skuId, body }: { skuId?: number; body: AdminSkuBody }) =>
    skuId === undefined
      ? api<AdminProduct>(`/crud/admin/products/${id}/skus`, { method: 'POST', body })
      : api<AdminProduct>(`/crud/admin/products/${id}/skus/${skuId}`, { method: 'PUT', body }),
  );

/** A CD's or a book's count and threshold (decision 061): 409 stock_changed when a sale moved it since it was read. */
export const useSaveStock = (id: number) =>
  useProductEdit(id, ({ skuId, body }: { skuId: number; body: AdminStockBody }) =>
    api<AdminProduct>(`/crud/admin/products/${id}/skus/${skuId}/stock`, { method: 'PUT', body }),
  );

export const useReorderTracks = (id: number) =>
  useProductEdit(id, (body: AdminTrackOrderBody) =>
    api<AdminProduct>(`/crud/admin/products/${id}/track-order`, { method: 'PUT', body }),
  );

/** GET /crud/admin/promoted/{lang}: a language's recommended albums and top stories. */
export const useAdminPromoted = (lang: LangCode) =>
  useQuery({
    queryKey: catalogueKeys.promoted(lang),
    queryFn: ({ signal }) => api<AdminPromoted>(`/crud/admin/promoted/${lang}`, { signal }),
    retry: false,
  });

/** PUT /crud/admin/promoted/{lang}: both lists, whole, in order (400 promoted_sku_invalid). */
export function useSavePromoted(lang: LangCode) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPromotedBody) => api<AdminPromoted>(`/crud/admin/promoted/${lang}`, { method: 'PUT', body }),
    onSuccess: (promoted) => {
      client.setQueryData(catalogueKeys.promoted(lang), promoted);
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
