import { type Kysely, sql } from 'kysely';

/**
 * Delivery estimates (issue 46 "After paying", decision 071): each shipping
 * rate says in how many business days a parcel sent that way should arrive,
 * from the fewest to the most. The ministry's US figures to start with
 * (economy 5-8, priority 2-3); Canada's and the international rate have none
 * until the back office sets them, and then the confirmation says nothing
 * rather than a made-up date.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table shipping_rates
      add column min_days integer check (min_days between 1 and 90),
      add column max_days integer check (max_days between 1 and 90),
      add constraint shipping_rates_days_check check (
        (min_days is null and max_days is null) or (min_days is not null and max_days is not null and min_days <= max_days)
      );
    update shipping_rates set min_days = 5, max_days = 8 where zone = 'us' and method = 'economy';
    update shipping_rates set min_days = 2, max_days = 3 where zone = 'us' and method = 'priority';
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
