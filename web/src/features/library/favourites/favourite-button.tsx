import type { FamilyAlbum } from '@storyhouse/contracts';
import { useI18n } from '../../../lib/i18n';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useFavourites, useToggleFavourite } from './favourites-api';
import './favourites.css';

/**
 * The heart on an album of My Library: pressed, the album is one of the listener's favourites (the profile
 * listening's own). Not shown until the favourites are known (offline, for one), so it never says the wrong thing.
 */
export function FavouriteButton({ album }: { album: FamilyAlbum }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const favourites = useFavourites();
  const toggle = useToggleFavourite(album);
  if (!favourites.data) return null;
  const favourite = favourites.data.items.some((a) => a.id === album.id);
  return (
    <>
      <button
        type="button"
        className="favourite-button"
        aria-pressed={favourite}
        aria-label={t(favourite ? 'library.favourites.remove' : 'library.favourites.add', { title: album.title })}
        onClick={() => toggle.mutate(!favourite)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2.2 0 3.9 1.3 5.4 3.2 1.5-1.9 3.2-3.2 5.4-3.2 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"
            fill={favourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
      {toggle.isError && (
        <span className="form-status form-status--error" role="alert">
          {errorMessage(toggle.error)}
        </span>
      )}
    </>
  );
}
