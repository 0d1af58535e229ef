import { type FamilyAlbum, type FavouriteResponse, type FavouritesResponse, favouritesPath } from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const favouritesKey = ['library', 'favourites'] as const;

/** GET /crud/my-library/favourites: the listener's favourite albums (the profile listening's own), newest first. */
export const useFavourites = () =>
  useQuery({ queryKey: favouritesKey, queryFn: ({ signal }) => api<FavouritesResponse>(favouritesPath, { signal }) });

/**
 * PUT or DELETE /crud/my-library/favourites/{productId}: the heart shows the change at once; the list is asked again
 * once the server answered (or taken back when it refused).
 */
export function useToggleFavourite(album: FamilyAlbum) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (favourite: boolean) =>
      api<FavouriteResponse>(`${favouritesPath}/${album.id}`, { method: favourite ? 'PUT' : 'DELETE' }),
    onMutate: async (favourite) => {
      await client.cancelQueries({ queryKey: favouritesKey });
      const before = client.getQueryData<FavouritesResponse>(favouritesKey);
      if (before) {
        const rest = before.items.filter((a) => a.id !== album.id);
        client.setQueryData<FavouritesResponse>(favouritesKey, { items: favourite ? [album, ...rest] : rest });
      }
      return { before };
    },
    onError: (_error, _favourite, context) => {
      if (context?.before) client.setQueryData(favouritesKey, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: favouritesKey }),
  });
}
