/**
 * The image widths the site shows (spec §9), per place, with twice the width
 * where the web offers a copy for sharp (2×) screens. The server resizes to
 * these sizes only: each other size would be one more resize job and one
 * more cached file per image, which is how one client once made 400
 * variants in 7 seconds. The web builds every srcset from this list, so a
 * size the web asks for is always one the server makes.
 *
 * No zod here: the web imports this module without bringing zod into the
 * screen's download.
 */
export const imageWidths = {
  /** A CMS page's header image, one width per screen width (spec §9: 580, 990, 1500 with media queries). */
  hero: [580, 990, 1500],
  /** Album covers: product cards, the story page, the free-streaming albums (spec §9: 400). */
  cover: [400, 800],
  /** A CMS page's sidebar image (spec §9: 350). */
  sidebar: [350, 700],
  /** The home page's Kids Corner items (spec §9: 500). */
  kidsCorner: [500, 1000],
} as const satisfies Record<string, readonly number[]>;
export type ImageUse = keyof typeof imageWidths;

/** Every width of imageWidths, smallest first. */
export const resizableWidths: readonly number[] = [...new Set(Object.values(imageWidths).flat())].sort((a, b) => a - b);

/**
 * Sizes the server makes, as `<width>` or `<width>x<height>`. The site never
 * asks for a crop (spec §7's height), so no width has a height: a place that
 * needs a fixed box adds its `<width>x<height>` here.
 */
const resizableSizes: ReadonlySet<string> = new Set(resizableWidths.map(String));

/** Whether the server makes this size (the one rule, for the API's input and for resized file names). */
export function isResizableSize(width: number, height?: number): boolean {
  return resizableSizes.has(height === undefined ? `${width}` : `${width}x${height}`);
}

/**
 * The `sizes` attribute of a CMS page's header image (spec §9: 580, 990 and
 * 1500 px, each for its screen width). The other places' are in
 * image-srcset.ts (`imageSizes`); this one is here, with the index, because
 * the shell's first download shows the header anyway.
 */
export const heroSizes = '(max-width: 620px) 580px, (max-width: 1040px) 990px, 1500px';

/** One resized copy of an image: its URL (`/media/resized/…`, from the server) and its width. */
export interface ResizedCopy {
  resized_url: string;
  width: number;
}

/** The srcset of an image's resized copies (`<url> <width>w, …`), for the web's <img> and the server's preload link alike. */
export function srcSetOf(copies: readonly ResizedCopy[]): string {
  return copies.map((c) => `${c.resized_url} ${c.width}w`).join(', ');
}
