import { z } from 'zod';

/** The largest PostgreSQL `integer` (every id column): anything above it overflows the query (a 500). */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number in a JSON body, within [min, max]. No coercion: `true`,
 * `"5"` or `[5]` are not numbers. The range is checked before integrality so
 * a huge value reads "Must be at most {max}" with our max, not zod's.
 */
export const wholeNumber = (min: number, max: number) => z.number().min(min).max(max).int();

// Canonical decimal only: never `0x11`, `1e1`, ` 17`, `017` or `+17`, which Number() (and z.coerce) read as numbers.
const DECIMAL = /^(?:0|-?[1-9]\d*)$/;

/**
 * A whole number as a query string or a path carries it (`?page=2`,
 * `/crud/product/17`), within [min, max]. Only the canonical decimal
 * spelling is read, so one resource has one address; anything else is
 * "Invalid". A number (a typed client) passes as it is.
 */
export const wholeNumberParam = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && DECIMAL.test(v) ? Number(v) : v), wholeNumber(min, max));

/** A row id in a JSON body: a PostgreSQL serial, 1 to INT4_MAX. */
export const Id = wholeNumber(1, INT4_MAX);
/** A row id in a path or query string. */
export const IdParam = wholeNumberParam(1, INT4_MAX);
