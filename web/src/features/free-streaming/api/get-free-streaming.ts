import type { LangCode, Product, ProductsResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogueKeys } from '../../../components/catalogue/api/catalogue-keys';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { withFirstError } from '../../../lib/first-error';

/** GET /crud/free-streaming?lang_code (spec §7): the albums anyone may hear in full. */
const albumsPath = (lang: LangCode) => `/crud/free-streaming?lang_code=${lang}`;
export const getFreeStreamingAlbums = (lang: LangCode, signal?: AbortSignal) =>
  api<ProductsResponse>(albumsPath(lang), { signal });

export const freeStreamingQuery = (lang: LangCode) =>
  queryOptions({
    queryKey: catalogueKeys.freeStreaming(lang),
    queryFn: ({ signal }) => getFreeStreamingAlbums(lang, signal),
    staleTime: 5 * 60_000,
    ...firstData<ProductsResponse>(albumsPath(lang)),
  });

export const useFreeStreamingAlbums = (lang: LangCode) => useQuery(freeStreamingQuery(lang));

/** GET /crud/free-streaming/album/{id} (spec §7): one free-streaming album with its tracks. */
const albumPath = (id: number) => `/crud/free-streaming/album/${id}`;
export const getFreeStreamingAlbum = (id: number, signal?: AbortSignal) => api<Product>(albumPath(id), { signal });

export const freeStreamingAlbumQuery = (id: number) =>
  queryOptions({
    queryKey: catalogueKeys.freeStreamingAlbum(id),
    queryFn: ({ signal }) => getFreeStreamingAlbum(id, signal),
    staleTime: 5 * 60_000,
    ...firstData<Product>(albumPath(id)),
  });

/** `id` 0 stands for an address that names no album: nothing to ask. */
export const useFreeStreamingAlbum = (id: number) =>
  withFirstError(useQuery({ ...freeStreamingAlbumQuery(id), enabled: id > 0 }), albumPath(id));
