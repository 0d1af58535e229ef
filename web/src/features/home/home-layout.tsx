import type { CmsEntry, FreeStory, HomeFields, TopStory } from '@storyhouse/contracts';
import { Link } from 'react-router';
import { useFreeStory } from '../../components/catalogue/api/get-free-story';
import { PlayButton } from '../../components/catalogue/play-button';
import { PriceTag } from '../../components/catalogue/price-tag';
import { ProductCard } from '../../components/catalogue/product-card';
import { ResponsiveImage } from '../../components/catalogue/responsive-image';
import { formatDuration, queueFreeStory } from '../../components/catalogue/track-format';
import { useQueueTrack } from '../../components/catalogue/use-queue-track';
import { HeroImage } from '../../components/cms/cms-header';
import { CmsHtml } from '../../components/cms/cms-html';
import type { LayoutProps } from '../../components/cms/layout-props';
import { NewsletterBlock } from '../../components/newsletter/newsletter-block';
import { useSession } from '../../components/session/api/get-session';
import { useI18n } from '../../lib/i18n';
import { SmartLink } from '../../ui/smart-link';
import { useRecommendedAlbums, useTopStories } from './api/get-promoted';
import '../../components/catalogue/catalogue.css';
import './home.css';

/** Spec §2 Home: the free story of the week, with its player and a link to its album. */
function FreeStoryBlock({ story, title }: { story: FreeStory; title: string }) {
  const { t } = useI18n();
  const signedIn = useSession().data?.logged_in === true;
  return (
    <section className="home-block home-free-story" aria-labelledby="home-free-story">
      <h2 id="home-free-story" className="home-free-story__label">
        {title}
      </h2>
      <div className="home-free-story__row">
        <PlayButton track={queueFreeStory(story, signedIn)} preview={false} />
        <div>
          <p className="home-free-story__title">{story.title}</p>
          <p className="home-free-story__meta">
            {story.product_title} · {t('home.duration', { duration: story.duration })}
          </p>
        </div>
      </div>
      {story.is_available && (
        <Link to={story.url} className="button button--secondary home-free-story__more">
          {t('home.viewInShop')}
        </Link>
      )}
    </section>
  );
}

/**
 * The top of the home page (spec §2 Home): the page's header image, wide,
 * with the title on a panel over its lower edge; without one, the title
 * and the free story of the week with its player beside the story's cover,
 * large. Either image is the page's largest and comes first: the header
 * image with the sizes the server's preload gives (imageSizes.hero), the
 * cover with the cover's (imageSizes.cover). The cover's box holds its
 * place while the free story loads, so nothing below it moves.
 */
function HomeHero({ entry, story, storyPending }: { entry: CmsEntry; story: FreeStory | undefined; storyPending: boolean }) {
  const { t } = useI18n();
  if (entry.main_image) {
    return (
      <header className="home-hero home-hero--banner">
        <HeroImage src={entry.main_image} alt={entry.main_image_alt} />
        <h1 className="home-hero__title">{entry.title}</h1>
      </header>
    );
  }
  const withStory = story !== undefined || storyPending;
  return (
    <header className={withStory ? 'home-hero home-hero--story card card--tinted' : 'home-hero'}>
      <div className="home-hero__text">
        <h1 className="home-hero__title">{entry.title}</h1>
        {story ? <FreeStoryBlock story={story} title={entry.free_story_title || t('home.freeStory')} /> : null}
      </div>
      {withStory ? (
        <ResponsiveImage
          src={story?.primary_image ?? null}
          alt={story ? t('catalogue.coverAlt', { title: story.product_title }) : ''}
          use="cover"
          className="home-hero__image"
          priority
        />
      ) : null}
    </header>
  );
}

/**
 * Spec §2 Home: top single stories, each with a link to its album and its
 * preview, or its full recording for a listener the server says may hear it
 * (one who owns it, or has a plan).
 */
function TopStoryItem({ story }: { story: TopStory }) {
  const queueTrack = useQueueTrack();
  const track = { ...story, sku_id: story.id, preview_url: story.download_url, download_url: story.full_url };
  return (
    <li className="home-top-story">
      <PlayButton
        track={queueTrack(track, `story:${story.slug}`, { album: story.product, artwork: story.primary_image })}
        preview={!story.plays_in_full}
      />
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

function MainBlock({ title, html, link, linkTitle }: { title?: string; html?: string; link?: string; linkTitle?: string }) {
  if (!title && !html) return null;
  return (
    <section className="home-block home-main">
      {title ? <h2>{title}</h2> : null}
      {html ? <CmsHtml html={html} /> : null}
      {link && linkTitle ? (
        <SmartLink href={link} className="button">
          {linkTitle}
        </SmartLink>
      ) : null}
    </section>
  );
}

/** Spec §2 Home: a main block (one or two) or, when the CMS has one, the announcement block instead. */
function MainOrAnnouncement({ home }: { home: HomeFields }) {
  const { t } = useI18n();
  if (home.homeAnnouncementTitle || home.homeAnnouncementDescription) {
    return (
      <section className="home-block home-announcement" aria-labelledby="home-announcement">
        <p className="home-announcement__label">{t('home.announcement')}</p>
        <h2 id="home-announcement">{home.homeAnnouncementTitle}</h2>
        {home.homeAnnouncementDescription ? <CmsHtml html={home.homeAnnouncementDescription} /> : null}
        {home.homeAnnouncementLink && home.homeAnnouncementLinkTitle ? (
          <SmartLink href={home.homeAnnouncementLink} className="button">
            {home.homeAnnouncementLinkTitle}
          </SmartLink>
        ) : null}
      </section>
    );
  }
  return (
    <div className="home-mains">
      <MainBlock
        title={home.homeMainTitle}
        html={home.homeMainDescription}
        link={home.homeMainLink}
        linkTitle={home.homeMainLinkTitle}
      />
      <MainBlock
        title={home.homeMainTitle2}
        html={home.homeMainDescription2}
        link={home.homeMainLink2}
        linkTitle={home.homeMainLinkTitle2}
      />
    </div>
  );
}

/** Two cards a row, in a list at most 40rem wide (home.css): half the screen on a phone, at most 20rem. */
const kidsCornerSizes = '(max-width: 44rem) 50vw, 20rem';

/** Spec §2 Home: the optional Kids Corner, two items with image (500 px, spec §9), link and title, and a more-link. */
function KidsCorner({ home }: { home: HomeFields }) {
  const { t } = useI18n();
  const items = ([1, 2] as const)
    .map((n) => ({
      image: home[`homeKidsCornerItem${n}Image`],
      link: home[`homeKidsCornerItem${n}Link`],
      title: home[`homeKidsCornerItem${n}LinkTitle`],
    }))
    .filter((i) => i.link && i.title);
  if (!home.homeKidsCornerContent && items.length === 0) return null;
  return (
    <section className="home-block home-kids" aria-labelledby="home-kids">
      <h2 id="home-kids">{t('home.kidsCorner')}</h2>
      {home.homeKidsCornerContent ? <CmsHtml html={home.homeKidsCornerContent} /> : null}
      {items.length > 0 ? (
        <ul className="home-kids__items">
          {items.map((item) => (
            <li key={item.link} className="home-kids__item">
              <SmartLink href={item.link as string} className="home-kids__link card card--product">
                {item.image ? (
                  <ResponsiveImage src={`/media/${item.image}`} alt="" use="kidsCorner" sizes={kidsCornerSizes} />
                ) : null}
                <span className="home-kids__title">{item.title}</span>
              </SmartLink>
            </li>
          ))}
        </ul>
      ) : null}
      {home.homeKidsCornerLink && home.homeKidsCornerLinkTitle ? (
        <SmartLink href={home.homeKidsCornerLink} className="home-block__more">
          {home.homeKidsCornerLinkTitle}
        </SmartLink>
      ) : null}
    </section>
  );
}

/** Spec §2 Home: the optional Explore block ("your story hour"). */
function Explore({ home }: { home: HomeFields }) {
  const { t } = useI18n();
  if (!home.homeExploreContent) return null;
  return (
    <section className="home-block home-explore" aria-labelledby="home-explore">
      <h2 id="home-explore">{t('home.explore')}</h2>
      <CmsHtml html={home.homeExploreContent} />
      {home.homeExploreLink && home.homeExploreLinkTitle ? (
        <SmartLink href={home.homeExploreLink} className="button button--secondary">
          {home.homeExploreLinkTitle}
        </SmartLink>
      ) : null}
    </section>
  );
}

/**
 * Spec §2 Home, the home-page layout of the CMS: the hero (the header image
 * or the free story of the week with its player and cover), the main or announcement block,
 * the recommended albums and top single stories of the site language, the
 * Kids Corner, the Explore block and the newsletter sign-up.
 */
export default function HomeLayout({ page }: LayoutProps) {
  const { t, lang } = useI18n();
  const entry = page.cms_entry;
  const home = entry.home;
  const freeStory = useFreeStory(lang);
  const albums = useRecommendedAlbums(lang);
  const topStories = useTopStories(lang);
  return (
    <>
      <HomeHero entry={entry} story={freeStory.data} storyPending={freeStory.isPending} />
      <MainOrAnnouncement home={home} />
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
      <KidsCorner home={home} />
      <Explore home={home} />
      <NewsletterBlock />
    </>
  );
}
