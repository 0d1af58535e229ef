import { z } from 'zod';
import { spanishSiteFlagValues } from './lang-codes';

/**
 * Query flags the web client may add to any API call (spec §7: `swr=1`,
 * `test_spanish_site`). Strict query schemas extend this, so only these and
 * the call's own parameters are accepted.
 */
export const SiteQuery = z.strictObject({
  test_spanish_site: z.enum(spanishSiteFlagValues).optional(),
  swr: z.enum(['0', '1']).optional(),
});

export const HealthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') }).meta({ id: 'Health' });
