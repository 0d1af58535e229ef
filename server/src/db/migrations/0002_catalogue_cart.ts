import { type Kysely, sql } from 'kysely';

/**
 * The catalogue (spec §3 Product, Sku, Track, Free story, Top story) and the
 * session cart (spec §3 Cart). Money is integer cents; the API speaks
 * dollars (DESIGN.md). Media columns hold storage keys (modules/media).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    -- Accent folding for Latin scripts (and Russian ё, usually typed as е),
    -- immutable so indexes and generated columns can use it: Spanish search
    -- must find "Jonás" for "jonas", Russian "котёнок" for "котенок".
    create function fold_accents(value text) returns text
      language sql immutable strict parallel safe
      return translate(lower(value),
        'áàâäãåéèêëíìîïóòôöõúùûüñçýÿё',
        'aaaaaaeeeeiiiiooooouuuuncyyе');

    -- The text-search configuration of a site language (en, es, ru).
    create function search_config(lang text) returns regconfig
      language sql immutable strict parallel safe
      return case lang when 'es' then 'spanish'::regconfig when 'ru' then 'russian'::regconfig else 'english'::regconfig end;

    create table products (
      id integer generated always as identity primary key,
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text not null,
      description text not null default '',
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      is_book boolean not null default false,
      is_available boolean not null default true,
      -- every track of the album streams in full for everyone (spec §6)
      is_free_streaming boolean not null default false,
      release_date date,
      -- storage keys (square cover, wide banner)
      primary_image text,
      wide_image text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        setweight(to_tsvector(search_config(lang_code), fold_accents(title)), 'A') ||
        setweight(to_tsvector(search_config(lang_code), fold_accents(description)), 'C')
      ) stored
    );
    create index products_search_idx on products using gin (search_vector);
    -- the shop's newest-first listing, per language (the default filter) and for all
    -- languages; is_available included so a page and its count read only the index
    create index products_lang_newest_idx on products (lang_code, release_date desc nulls last, id desc)
      include (is_available);
    create index products_newest_idx on products (release_date desc nulls last, id desc) include (is_available);

    create table skus (
      id integer generated always as identity primary key,
      product_id integer references products (id) on delete cascade,
      type text not null check (type in ('physical', 'book', 'digital_album', 'digital_track',
        'gift_card', 'recurring_donation', 'subscription', 'donation')),
      title text not null,
      description text not null default '',
      -- monthly / annual for subscriptions (spec §3); other codes for donations
      code text,
      is_hidden boolean not null default false,
      is_available boolean not null default true,
      full_price_cents integer not null check (full_price_cents >= 0),
      sale_price_cents integer check (sale_price_cents >= 0 and sale_price_cents < full_price_cents),
      is_shipped_free boolean not null default false,
      -- tracks: order within the album, length, free flag and media keys
      position integer not null default 0,
      length_seconds integer check (length_seconds >= 0),
      is_free boolean not null default false,
      media_full text,
      media_preview text,
      -- the product's language, copied so track titles are searched with its dictionary
      lang_code text check (lang_code in ('en', 'es', 'ru')),
      created_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        to_tsvector(search_config(coalesce(lang_code, 'en')), fold_accents(title))
      ) stored,
      check (type <> 'digital_track' or (product_id is not null and media_full is not null and length_seconds is not null))
    );
    -- one album / CD / book sku per product
    create unique index skus_product_format_key on skus (product_id, type)
      where type in ('digital_album', 'physical', 'book');
    create index skus_product_idx on skus (product_id, type, position);
    create index skus_search_idx on skus using gin (search_vector) where type = 'digital_track';

    -- recommended albums and top stories per language (spec §3 Top story, §7)
    create table promoted_skus (
      id integer generated always as identity primary key,
      kind text not null check (kind in ('recommended_album', 'top_story')),
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      sku_id integer not null references skus (id) on delete cascade,
      position integer not null default 0,
      unique (kind, lang_code, sku_id)
    );

    -- the free story of the week: the newest one that has started, per language
    create table free_stories (
      id integer generated always as identity primary key,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      sku_id integer not null references skus (id) on delete cascade,
      starts_on date not null,
      unique (lang_code, starts_on)
    );

    -- A cart belongs to a session (a guest's cart survives restarts with it);
    -- signing in attaches it to the user.
    create table carts (
      id integer generated always as identity primary key,
      session_id text unique references sessions (id) on delete set null,
      user_id integer references users (id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index carts_user_idx on carts (user_id);

    create table cart_lines (
      cart_id integer not null references carts (id) on delete cascade,
      sku_id integer not null references skus (id) on delete cascade,
      quantity integer not null default 1 check (quantity between 1 and 99),
      added_at timestamptz not null default now(),
      primary key (cart_id, sku_id)
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
