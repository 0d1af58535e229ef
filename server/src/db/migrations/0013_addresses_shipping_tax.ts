import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 item 7: addresses, shipping and tax for signed-in carts.
 *
 * - addresses (created in 0005) now only hold a complete address (spec §5
 *   Checkout: every field required, the e-mail shaped like one, a US state
 *   or Canadian province from the states list). `listed_state` is the state
 *   for the two countries with a list and null elsewhere (free text), so a
 *   plain foreign key checks it.
 * - A cart gains its shipping method (economy by default, spec §4 Cart) and
 *   its shipping and billing addresses. An address on a cart is always its
 *   owner's: the foreign keys go through (address id, user id), and a guest
 *   cart (no user) holds none, since addresses need sign-in. Deleting an
 *   address clears it from the cart, never the cart's owner.
 * - shipping_rates: zone × method, first item and each further item. US
 *   addresses choose economy or priority; Canada and everywhere else have one
 *   method, international (issue 12, spec §5 Free shipping).
 * - tax_rates: by country and, for the US and Canada, state (null: the rate
 *   of the whole country), on the sku types listed (physical and book by
 *   default). Gift cards and donations are never taxable: the check refuses
 *   them. The rate is a percentage with 4 decimals, so 6.875% is exact.
 *
 * The rates are inserted here, not by a demo seeder: they are reference data
 * the cart total cannot work without (like the countries of 0005), so every
 * database has them, the tests' included; a real shop edits the rows.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    alter table addresses
      alter column country_id set not null,
      add column listed_state text generated always as (
        case when country_id in (33, 87) then state end
      ) stored,
      add constraint addresses_complete_check check (
        btrim(fname) <> '' and btrim(lname) <> '' and btrim(phone) <> '' and btrim(line1) <> ''
        and btrim(state) <> '' and btrim(city) <> '' and btrim(postal_code) <> ''
      ),
      add constraint addresses_length_check check (
        char_length(fname) <= 100 and char_length(lname) <= 100 and char_length(email) <= 254
        and char_length(phone) <= 40 and char_length(line1) <= 200 and char_length(state) <= 100
        and char_length(city) <= 100 and char_length(postal_code) <= 20
      ),
      add constraint addresses_email_check check (email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
      add constraint addresses_listed_state_fkey foreign key (country_id, listed_state) references states (country_id, code),
      add constraint addresses_id_user_key unique (id, user_id);

    alter table carts
      add column shipping_type text not null default 'economy' check (shipping_type in ('economy', 'priority')),
      add column shipping_address_id integer,
      add column billing_address_id integer,
      add constraint carts_shipping_address_fkey foreign key (shipping_address_id, user_id)
        references addresses (id, user_id) on delete set null (shipping_address_id),
      add constraint carts_billing_address_fkey foreign key (billing_address_id, user_id)
        references addresses (id, user_id) on delete set null (billing_address_id),
      add constraint carts_address_owner_check check (
        user_id is not null or (shipping_address_id is null and billing_address_id is null)
      );

    create table shipping_rates (
      zone text not null check (zone in ('us', 'canada', 'international')),
      method text not null check (method in ('economy', 'priority', 'international')),
      first_item_cents integer not null check (first_item_cents between 0 and 100000),
      additional_item_cents integer not null check (additional_item_cents between 0 and 100000),
      primary key (zone, method),
      -- US addresses choose economy or priority; elsewhere the one international method
      constraint shipping_rates_zone_method_check check ((zone = 'us') = (method in ('economy', 'priority')))
    );

    create table tax_rates (
      id integer generated always as identity primary key,
      country_id integer not null references countries (id),
      state text,
      rate_percent numeric(7, 4) not null check (rate_percent > 0 and rate_percent < 100),
      taxable_types text[] not null default '{physical,book}',
      constraint tax_rates_state_fkey foreign key (country_id, state) references states (country_id, code),
      constraint tax_rates_types_check check (
        cardinality(taxable_types) > 0
        and taxable_types <@ array['physical', 'book', 'digital_album', 'digital_track', 'subscription']
      )
    );
    -- one rate per state, and one for the whole country
    create unique index tax_rates_place_key on tax_rates (country_id, coalesce(state, ''));

    insert into shipping_rates (zone, method, first_item_cents, additional_item_cents) values
      ('us', 'economy', 499, 150),
      ('us', 'priority', 999, 300),
      ('canada', 'international', 1499, 400),
      ('international', 'international', 1999, 600);

    insert into tax_rates (country_id, state, rate_percent) values (33, 'IL', 6.25);
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
