import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 item 1: a product renamed in the back office keeps its old
 * addresses. Each slug it had before redirects (301) to the product, whose
 * current slug is the canonical one. A slug is one product's at a time:
 * the service refuses a new slug that another product has or had, and a
 * product taking back an old slug of its own drops that redirect.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table product_slug_redirects (
      slug text primary key check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      product_id integer not null references products (id) on delete cascade,
      created_at timestamptz not null default now()
    );
    create index product_slug_redirects_product_idx on product_slug_redirects (product_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`drop table product_slug_redirects`.execute(db);
}
