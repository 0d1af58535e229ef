import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation';
import * as m0002 from './0002_catalogue_cart';
import * as m0003 from './0003_cms_forms';
import * as m0004 from './0004_accounts_login';
import * as m0005 from './0005_accounts_profile';
import * as m0006 from './0006_password_reset';

/** Every migration in order. Forward-only: never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalogue_cart': m0002,
  '0003_cms_forms': m0003,
  '0004_accounts_login': m0004,
  '0005_accounts_profile': m0005,
  '0006_password_reset': m0006,
};
