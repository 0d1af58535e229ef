import type { FREE_STORY_ALBUM, LibraryAlbum } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { firstData } from '../../../lib/first-data';
import { libraryKeys } from './get-library';

/**
 * Spec §7 GET /crud/my-library/product/{id}: one album the family owns, or
 * the free story of the week's (`free-story`); 404 item_not_found otherwise.
 * `enabled` is off for an address that names no album.
 */
export const useLibraryAlbum = (id: number | typeof FREE_STORY_ALBUM, enabled = true) => {
  const path = `/crud/my-library/product/${id}`;
  // My Library's page arrives with the free story's album (issue 27).
  return useQuery({
    queryKey: libraryKeys.album(id),
    queryFn: ({ signal }) => api<LibraryAlbum>(path, { signal }),
    enabled,
    ...firstData<LibraryAlbum>(path),
  });
};
