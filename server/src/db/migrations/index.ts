import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_catalogue_cart';

/** Every migration in order. Forward-only: never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalogue_cart': m0002,
};
