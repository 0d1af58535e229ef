import { z } from 'zod';
import { AGE_BANDS } from './age-band';

/**
 * An age band (age-band.ts) as an input or an answer carries it. Apart from the bands and their helpers, so the
 * storefront's product cards, which show a band, do not load zod for it (issue 46).
 */
export const AgeBand = z.enum(AGE_BANDS);
export type AgeBand = z.infer<typeof AgeBand>;
