import { FREE_STORY_ALBUM, type FreeStory, libraryPaths } from '@storyhouse/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { useFreeStory } from '../../components/catalogue/api/get-free-story';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { formatDuration, queueFreeStory } from '../../components/catalogue/track-format';
import { usePlayer } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import { useDisclosure } from '../../ui/use-disclosure';
import { useLibraryAlbum } from './api/get-library-album';
import { LibraryTracks } from './library-tracks';
import { MoreButton } from './more-button';

/**
 * Spec §2 My Library: the free story of the week, with Play/Pause (Tocar and
 * Pausar in Spanish), its album's tracks, and links to its library page and
 * to its story in the shop. Without a free story this week, nothing shows.
 * On a phone it is compact as the album cards are (decision 073, library.css):
 * cover, title, Play and a More button; Details, the shop and the album's
 * tracks open under More (the same disclosure as an album card's). On a
 * wider screen More is not there and they simply show.
 */
export function FreeStoryCard() {
  const { t, lang } = useI18n();
  const { data: story } = useFreeStory(lang);
  // The album's tracks as the library sees them: the free story in full, the others by what the family owns.
  const { data: album } = useLibraryAlbum(FREE_STORY_ALBUM, story !== undefined);
  const more = useDisclosure<HTMLDivElement>();
  const headingId = useId();
  const titleId = useId();
  if (!story) return null;
  return (
    <section className="library-free-story card card--tinted" aria-labelledby={headingId}>
      <ResponsiveImage
        src={story.primary_image}
        alt={t('catalogue.coverAlt', { title: story.product_title })}
        use="cover"
        sizes="8rem"
        className="library-free-story__image"
        // At the top of the library, above the fold: its largest image, not one to load lazily (Lighthouse's LCP).
        priority
      />
      <h2 id={headingId} className="library-free-story__label">
        {t('library.freeStory.title')}
      </h2>
      <p id={titleId} className="library-free-story__title">
        {story.title}
      </p>
      <p className="library-free-story__meta">
        {story.product_title} · {formatDuration(story.length_seconds)}
      </p>
      <FreeStoryPlayButton story={story} describedBy={titleId} />
      <div className="library-card__more" {...more.container}>
        <MoreButton
          label={t('library.freeStory.moreLabel', { title: story.title })}
          toggle={more.toggle}
          className="library-free-story__more"
        />
        <div
          id={more.list.id}
          className={more.open ? 'library-free-story__panel library-free-story__panel--open' : 'library-free-story__panel'}
        >
          <p className="library-free-story__links">
            <Link
              className="tap-link"
              to={libraryPaths.album(FREE_STORY_ALBUM)}
              aria-label={t('library.detailsLabel', { title: story.product_title })}
            >
              {t('library.details')}
            </Link>
            {story.is_available && (
              <Link className="tap-link" to={story.url}>
                {t('library.viewInShop')}
              </Link>
            )}
          </p>
          {album && album.tracks.length > 0 && (
            <div className="library-free-story__tracks">
              <LibraryTracks
                tracks={album.tracks}
                albumKey="library:free-story"
                album={album.productTitle}
                artwork={album.image}
              />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * Issue 27 item 5: whether the free story of the week is known (there is
 * one and its album's tracks have come, or there is none), so the library
 * shows it with the page instead of pushing the albums down when it comes
 * later on a slow network. Decision 015 prefers rendering with the page to
 * reserving a place: the card's height depends on its album's tracks.
 * The card asks the same queries, so nothing is fetched twice.
 */
export function useFreeStoryReady(shown: boolean): boolean {
  const { lang } = useI18n();
  const story = useFreeStory(lang);
  const album = useLibraryAlbum(FREE_STORY_ALBUM, shown && story.data !== undefined);
  if (!shown) return true;
  if (story.isPending) return false;
  return story.data === undefined || !album.isPending;
}

/** Play or pause the free story, the spec's labelled button; the story's title, said after it, tells which. */
function FreeStoryPlayButton({ story, describedBy }: { story: FreeStory; describedBy: string }) {
  const { t } = useI18n();
  const player = usePlayer();
  const track = queueFreeStory(story, true);
  const playing = player.isCurrent(track.id) && player.isPlaying;
  return (
    <button
      type="button"
      className="button library-free-story__play"
      aria-describedby={describedBy}
      onClick={() => player.toggle(track)}
    >
      <span aria-hidden="true" className={playing ? 'play-button__icon play-button__icon--pause' : 'play-button__icon'} />
      {playing ? t('library.freeStory.pause') : t('library.freeStory.play')}
    </button>
  );
}
