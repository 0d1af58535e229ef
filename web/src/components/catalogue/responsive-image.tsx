import { type ImageUse, imageWidths } from '@storyhouse/contracts';
import { ApiError } from '../../lib/api-client';
import { useResizedImage } from './api/resize-image';

/**
 * A stored image, resized on the server (DESIGN.md: images are responsive
 * and resized with sharp): a srcset of its place's widths (contracts
 * image-sizes.ts, the only sizes the server makes), the first being the
 * width it is shown at. Until the resized copies are known a box of the same size
 * holds the place, so the page does not jump. An image that is gone leaves
 * the empty box; one that fails to resize otherwise shows the original.
 */
export function ResponsiveImage({
  src,
  alt,
  use,
  height,
  sizes,
  className,
}: {
  src: string | null;
  alt: string;
  /** Where the image is shown, which gives its widths (spec §9: covers 400, sidebar 350, Kids Corner 500). */
  use: Exclude<ImageUse, 'hero'>;
  /** Defaults to square (covers). */
  height?: number;
  sizes?: string;
  className?: string;
}) {
  const widths = imageWidths[use];
  const width = widths[0];
  const boxHeight = height ?? width;
  const { data, error } = useResizedImage(src, widths);
  const box = `responsive-image ${className ?? ''}`.trim();
  const missing = src === null || (error instanceof ApiError && error.status === 404);
  if (missing) return <span className={`${box} responsive-image--empty`} aria-hidden="true" />;
  if (error) return <img className={box} src={src} alt={alt} width={width} height={boxHeight} loading="lazy" />;
  if (!data) return <span className={`${box} responsive-image--pending`} aria-hidden="true" />;
  const srcSet = data.map((item) => `${item.resized_url} ${item.width}w`).join(', ');
  return (
    <img
      className={box}
      src={data[0]?.resized_url ?? src}
      srcSet={srcSet}
      sizes={sizes ?? `(max-width: 30rem) 100vw, ${width}px`}
      alt={alt}
      width={width}
      height={boxHeight}
      loading="lazy"
      decoding="async"
    />
  );
}
