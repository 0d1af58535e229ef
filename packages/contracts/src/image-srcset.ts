import { heroSizes, type ImageUse } from './image-sizes';

/**
 * The `sizes` attribute of each place's srcset (imageWidths): which width
 * the browser picks for the screen. The server's preload link (the page's
 * largest image, in the HTML it sends) gives the same sizes and srcset
 * (srcSetOf) as the <img>, so the browser fetches the copy the <img> will
 * then use, once.
 *
 * Imported as `@storyhouse/contracts/image-srcset`, not through the index:
 * everything the index exports goes into the shell's first download
 * (web/vite.config.ts), and only the screens showing covers, sidebars and
 * Kids Corner need these. No zod here either.
 */
export const imageSizes = {
  hero: heroSizes,
  cover: '(max-width: 30rem) 100vw, 400px',
  sidebar: '(max-width: 48rem) 100vw, 350px',
  kidsCorner: '(max-width: 40rem) 100vw, 500px',
} as const satisfies Record<ImageUse, string>;
