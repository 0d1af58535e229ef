import { type ImageUse, imageWidths, srcSetOf } from '@storyhouse/contracts';
import { imageSizes } from '@storyhouse/contracts/image-srcset';
import { ApiError } from '../../lib/api-client';
import { useResizedImage } from './api/resize-image';

/**
 * A stored image, resized on the server (DESIGN.md: images are responsive
 * and resized with sharp): a srcset of its place's widths (contracts
 * image-sizes.ts, the only sizes the server makes), the first being the
 * width it is shown at. Until the resized copies are known a box of the same size
 * holds the place, so the page does not jump. An image that is gone leaves
 * the empty box; one that fails to resize otherwise shows the original.
 * Images load lazily, except the page's largest one (`priority`: the story
 * page's cover), which the server's HTML already preloads with the same
 * srcset and sizes (server/src/modules/web).
 */
export function ResponsiveImage({
  src,
  alt,
  use,
  height,
  sizes,
  className,
  priority = false,
}: {
  src: string | null;
  alt: string;
  /** Where the image is shown, which gives its widths (spec §9: covers 400, sidebar 350, Kids Corner 500). */
  use: Exclude<ImageUse, 'hero'>;
  /** Defaults to square (covers). */
  height?: number;
  sizes?: string;
  className?: string;
  /** The page's largest image, at the top: fetched first and never lazily. */
  priority?: boolean;
}) {
  const widths = imageWidths[use];
  const width = widths[0];
  const boxHeight = height ?? width;
  const { data, error } = useResizedImage(src, widths);
  const box = `responsive-image ${className ?? ''}`.trim();
  const missing = src === null || (error instanceof ApiError && error.status === 404);
  if (missing) return <span className={`${box} responsive-image--empty`} aria-hidden="true" />;
  const loading = priority ? ({ fetchPriority: 'high' } as const) : ({ loading: 'lazy', decoding: 'async' } as const);
  if (error) return <img className={box} src={src} alt={alt} width={width} height={boxHeight} {...loading} />;
  if (!data) return <span className={`${box} responsive-image--pending`} aria-hidden="true" />;
  return (
    <img
      className={box}
      src={data[0]?.resized_url ?? src}
      srcSet={srcSetOf(data)}
      sizes={sizes ?? imageSizes[use]}
      alt={alt}
      width={width}
      height={boxHeight}
      {...loading}
    />
  );
}
