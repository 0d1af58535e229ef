import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/catalogue/responsive-image';
import { useI18n } from '../../../lib/i18n';
import { useFavourites } from './favourites-api';
import './favourites.css';

/** My Library's Favourites shelf: the listener's favourite albums, newest first; nothing until there is one. */
export function FavouritesShelf() {
  const { t } = useI18n();
  const { data } = useFavourites();
  if (!data || data.items.length === 0) return null;
  return (
    <section className="library-section favourites-shelf" aria-labelledby="library-favourites">
      <h2 id="library-favourites">{t('library.favourites.title')}</h2>
      <ul className="favourites-shelf__list">
        {data.items.map((album) => (
          <li key={album.id} className="favourites-shelf__item">
            <Link to={`/library/album/${album.id}`} className="favourites-shelf__link">
              <ResponsiveImage src={album.image} alt="" use="cover" sizes="8rem" className="favourites-shelf__cover" />
              <span>{album.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
