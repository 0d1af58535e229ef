import { type CmsEntry, imageWidths } from '@storyhouse/contracts';
import { useResizedImage } from '../catalogue/api/resize-image';

/** Spec §9: header images at 580, 990 and 1500 px (imageWidths.hero), each for its screen width. */
const heroSizes = '(max-width: 620px) 580px, (max-width: 1040px) 990px, 1500px';

/** The optional hero image, resized on the server; nothing while the copies are unknown or when they fail. */
function HeroImage({ src, alt }: { src: string; alt: string }) {
  const { data } = useResizedImage(`/media/${src}`, imageWidths.hero);
  if (!data) return <div className="cms-hero cms-hero--pending" aria-hidden="true" />;
  return (
    <img
      className="cms-hero"
      src={data[1]?.resized_url ?? data[0]?.resized_url}
      srcSet={data.map((d) => `${d.resized_url} ${d.width}w`).join(', ')}
      sizes={heroSizes}
      alt={alt}
      width={1500}
      height={500}
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
