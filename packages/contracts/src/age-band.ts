/**
 * The ages an album is made for, youngest first: what the back office sets on
 * a product, the shop filters by, and a child profile is given. A product
 * with none (null) is for everyone.
 */
export const AGE_BANDS = ['0-2', '3-5', '6-8', '9-12'] as const;
/** One of AGE_BANDS (its schema, AgeBand, is in age-band-schema.ts: a product card needs the bands, not zod). */
type Band = (typeof AGE_BANDS)[number];

export const isAgeBand = (v: unknown): v is Band => AGE_BANDS.some((b) => b === v);

/** The first and last year of a band ('3-5': 3 and 5), for its label ("Ages 3–5", "3–5 лет"). */
export function ageBandYears(band: Band): { from: number; to: number } {
  const [from = 0, to = 0] = band.split('-').map(Number);
  return { from, to };
}

/**
 * Whether an album of `productBand` is for a child of `childBand` ("only albums for the child's age band and
 * younger"): an album without a band is for everyone. A child of 6-8 may hear 0-2, 3-5 and 6-8 albums, not 9-12
 * ones; a band that is none of AGE_BANDS matches nothing.
 */
export function ageBandAtMost(productBand: string | null, childBand: string): boolean {
  if (productBand === null) return true;
  const album = AGE_BANDS.indexOf(productBand as Band);
  const child = AGE_BANDS.indexOf(childBand as Band);
  return album !== -1 && child !== -1 && album <= child;
}
