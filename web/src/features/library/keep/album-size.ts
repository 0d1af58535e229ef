import type { LibraryAlbum } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { useOnline } from '../../../lib/use-online';
import { albumSize, keepableTracks } from './keep-store';

/**
 * The size keeping an album will take, shown before the family starts it
 * (one HEAD of the album's ZIP: keep-store.ts albumSize). Asked only online,
 * for an album not kept yet (`enabled`); an answer the server cannot give
 * leaves the size out, never the button.
 */
export function useAlbumSize(album: LibraryAlbum, enabled: boolean) {
  const online = useOnline();
  return useQuery({
    queryKey: ['library', 'keep-size', album.product_id, keepableTracks(album).length] as const,
    queryFn: ({ signal }) => albumSize(album, signal),
    enabled: enabled && online && album.zip_url !== null,
    // The files of an album seldom change; a track bought since changes what is kept, hence the key.
    staleTime: 10 * 60_000,
    retry: false,
  }).data;
}
