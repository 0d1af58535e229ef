import { type Kysely, sql } from 'kysely';

/**
 * The ages a product is made for ('0-2', '3-5', '6-8', '9-12': contracts
 * age-band.ts); null, as every product has until the back office sets one,
 * is for everyone. The length is not stored: it is read from the tracks
 * (decision 052).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table products add column age_band text check (age_band in ('0-2', '3-5', '6-8', '9-12'));
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
