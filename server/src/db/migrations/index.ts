import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';

/** Every migration in order. Forward-only: never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
