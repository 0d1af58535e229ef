import type { ImageResizeMultipleResponse } from '@storyhouse/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';

/**
 * GET /crud/image/resize-multiple (spec §7): server-resized copies of a
 * stored image at the given widths, for a srcset. The copies never change
 * for a given image and width, so the answer is kept for the whole visit.
 * The bracketed keys are built here rather than with the contract's
 * helper, whose module would bring zod into the screen's download.
 */
function resizePath(url: string, widths: readonly number[]) {
  const query = new URLSearchParams({ url });
  widths.forEach((width, i) => {
    query.set(`options[${i}][width]`, String(width));
  });
  return `/crud/image/resize-multiple?${query}`;
}

export const resizeImage = (url: string, widths: readonly number[], signal?: AbortSignal) =>
  api<ImageResizeMultipleResponse>(resizePath(url, widths), { signal });

export const resizedImageQuery = (url: string, widths: readonly number[]) =>
  queryOptions({
    // Not under ['catalogue']: a cart change must not refetch images.
    queryKey: ['image', url, widths] as const,
    queryFn: ({ signal }) => resizeImage(url, widths, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    ...firstData<ImageResizeMultipleResponse>(resizePath(url, widths)),
  });

export const useResizedImage = (url: string | null, widths: readonly number[]) =>
  useQuery({ ...resizedImageQuery(url ?? '', widths), enabled: url !== null });
