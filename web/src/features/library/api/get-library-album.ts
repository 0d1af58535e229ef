import type { FREE_STORY_ALBUM, LibraryAlbum } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { libraryKeys } from './get-library';

/**
 * Spec §7 GET /crud/my-library/product/{id}: one album the family owns, or
 * the free story of the week's (`free-story`); 404 item_not_found otherwise.
 * `enabled` is off for an address that names no album.
 */
export const useLibraryAlbum = (id: number | typeof FREE_STORY_ALBUM, enabled = true) =>
  useQuery({
    queryKey: libraryKeys.album(id),
    queryFn: ({ signal }) => api<LibraryAlbum>(`/crud/my-library/product/${id}`, { signal }),
    enabled,
  });
