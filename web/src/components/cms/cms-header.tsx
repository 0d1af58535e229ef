import { type CmsEntry, heroSizes, imageWidths, srcSetOf } from '@storyhouse/contracts';
import { useResizedImage } from '../catalogue/api/resize-image';

/**
 * The optional hero image, resized on the server (spec §9: 580, 990 and
 * 1500 px, imageWidths.hero, each for its screen width); an empty 3:1 box
 * while the copies are unknown or when they fail. It is the page's largest
 * image: the server's HTML preloads it with the same srcset and sizes, and it
 * is fetched first, never lazily. Also the home page's hero (features/home).
 */
export function HeroImage({ src, alt }: { src: string; alt: string }) {
  const { data } = useResizedImage(`/media/${src}`, imageWidths.hero);
  if (!data) return <div className="cms-hero cms-hero--pending" aria-hidden="true" />;
  return (
    <img
      className="cms-hero"
      src={data[1]?.resized_url ?? data[0]?.resized_url}
      srcSet={srcSetOf(data)}
      sizes={heroSizes}
      alt={alt}
      width={1500}
      height={500}
      fetchPriority="high"
    />
  );
}

/** Spec §2 CMS page: every layout but the home page opens with the optional hero image and the title. */
export function CmsHeader({ entry }: { entry: CmsEntry }) {
  return (
    <header className="cms-header">
      {entry.main_image ? <HeroImage src={entry.main_image} alt={entry.main_image_alt} /> : null}
      <h1>{entry.title}</h1>
    </header>
  );
}
