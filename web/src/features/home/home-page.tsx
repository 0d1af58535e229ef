import type { FreeStory, TopStory } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useFreeStory, useRecommendedAlbums, useTopStories } from '../catalogue/api/get-promoted';
import { PlayButton } from '../catalogue/components/play-button';
import { PriceTag } from '../catalogue/components/price-tag';
import { ProductCard } from '../catalogue/components/product-card';
import { formatDuration } from '../catalogue/components/track-format';
import '../catalogue/catalogue.css';
import './home.css';

/** Spec §2 Home: the free story of the week, with its player and a link to its album. */
function FreeStoryBlock({ story }: { story: FreeStory }) {
  const { t } = useI18n();
  return (
    <section className="home-block home-free-story" aria-labelledby="home-free-story">
      <h2 id="home-free-story">{t('home.freeStory')}</h2>
      <div className="home-free-story__row">
        <PlayButton track={{ id: `full:${story.id}`, title: story.title, url: story.full_download_url }} preview={false} />
        <div>
          <p className="home-free-story__title">{story.title}</p>
          <p className="home-free-story__meta">
            {story.product_title} · {t('home.duration', { duration: story.duration })}
          </p>
        </div>
      </div>
      {story.is_available && (
        <Link to={story.url} className="home-block__more">
          {t('home.viewInShop')}
        </Link>
      )}
    </section>
  );
}

/** Spec §2 Home: top single stories, each with its preview and a link to its album. */
function TopStoryItem({ story }: { story: TopStory }) {
  return (
    <li className="home-top-story">
      <PlayButton track={{ id: `preview:${story.id}`, title: story.title, url: story.download_url }} preview />
      <div className="home-top-story__body">
        <Link to={`/story/${story.slug}`} className="home-top-story__title">
          {story.title}
        </Link>
        <span className="home-top-story__album">{story.product}</span>
      </div>
      <span className="home-top-story__length">{formatDuration(story.length_seconds)}</span>
      <PriceTag full={story.full_price_usd} price={story.price_usd} />
    </li>
  );
}

/**
 * The home page at "/": the welcome, the free story of the week, the
 * recommended albums and the top stories of the site language. The CMS home
 * layout (announcements, Kids Corner, newsletter) comes with its capability;
 * these blocks are the catalogue's part of it.
 */
export default function HomePage() {
  const { t, lang } = useI18n();
  useDocumentTitle(undefined);
  const freeStory = useFreeStory(lang);
  const albums = useRecommendedAlbums(lang);
  const topStories = useTopStories(lang);
  return (
    <article className="page">
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.intro')}</p>
      {freeStory.data && <FreeStoryBlock story={freeStory.data} />}
      {albums.data && albums.data.items.length > 0 && (
        <section className="home-block" aria-labelledby="home-albums">
          <h2 id="home-albums">{t('home.recommendedAlbums')}</h2>
          <ul className="product-list product-list--grid">
            {albums.data.items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ul>
        </section>
      )}
      {topStories.data && topStories.data.items.length > 0 && (
        <section className="home-block" aria-labelledby="home-top-stories">
          <h2 id="home-top-stories">{t('home.topStories')}</h2>
          <ul className="home-top-stories">
            {topStories.data.items.map((story) => (
              <TopStoryItem key={story.id} story={story} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
