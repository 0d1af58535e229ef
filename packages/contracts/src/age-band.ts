import { z } from 'zod';

/** The age bands of issue 42: a child profile's age, and the youngest listeners an album is made for. */
export const AGE_BANDS = ['0-2', '3-5', '6-8', '9-12'] as const;
export const AgeBand = z.enum(AGE_BANDS);
export type AgeBand = z.infer<typeof AgeBand>;

/**
 * Whether an album of `productBand` is for a child of `childBand` ("only albums for the child's age band and
 * younger"): an album without a band is for everyone.
 */
export function ageBandAtMost(productBand: string | null, childBand: string): boolean {
  if (productBand === null) return true;
  const album = AGE_BANDS.indexOf(productBand as AgeBand);
  const child = AGE_BANDS.indexOf(childBand as AgeBand);
  return album !== -1 && child !== -1 && album <= child;
}
