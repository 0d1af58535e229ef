import { type Kysely, sql } from 'kysely';

/**
 * Issue 4: the content store (CMS entries), the visitor forms (guest book,
 * contact, Bible lessons, newsletter), the e-mail outbox, spent captchas and
 * the database-backed rate limiter (several server instances share it).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table cms_entries (
      id integer generated always as identity primary key,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      -- site path, '/index' for the home page (spec §2: an empty path becomes /index)
      url text not null check (url ~ '^/[a-z0-9/_.-]*$'),
      type text not null check (type in ('basic-subpage', 'search', 'free-mp3', 'free-streaming', 'home-page',
        'store-product-list', 'gift-card', 'subscription', 'contact-us', 'donations', 'guestbook')),
      status text not null default 'draft' check (status in ('draft', 'published')),
      -- entries of the same page in other languages share a key (hreflang alternates)
      translation_key text,
      title text not null default '',
      description text not null default '',
      intro text not null default '',
      main_content text not null default '',
      main_image text,
      main_image_alt text not null default '',
      sidebar_content text not null default '',
      sidebar_image text,
      sidebar_image_alt text not null default '',
      response text not null default '',
      add_newsletter boolean not null default false,
      product_type text,
      scripts jsonb not null default '[]'::jsonb,
      stylesheets jsonb not null default '[]'::jsonb,
      -- storage key of the page's free MP3 (free-mp3 pages); only such keys are served by /crud/cms-asset/download
      mp3 text,
      free_story_title text not null default '',
      -- home-page content fields (spec §3 Home content fields)
      home jsonb not null default '{}'::jsonb,
      -- donation blocks (spec §3 Donation (CMS))
      donations jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      search_vector tsvector generated always as (
        setweight(to_tsvector(search_config(lang_code), fold_accents(title)), 'A') ||
        setweight(to_tsvector(search_config(lang_code), fold_accents(description)), 'B') ||
        setweight(to_tsvector(search_config(lang_code),
          fold_accents(regexp_replace(intro || ' ' || main_content || ' ' || sidebar_content, '<[^>]*>', ' ', 'g'))), 'C')
      ) stored
    );
    create unique index cms_entries_url_key on cms_entries (lang_code, url);
    create index cms_entries_translation_idx on cms_entries (translation_key);
    create index cms_entries_search_idx on cms_entries using gin (search_vector) where status = 'published';

    create table guest_book_entries (
      id integer generated always as identity primary key,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      author_name text not null,
      author_email text not null,
      country text not null default '',
      find_us text check (find_us in ('Email', 'Friend', 'Radio')),
      content text not null,
      approved_at timestamptz,
      -- SHA-256 (hex) of the single-use moderation link's token; null once moderated (or for entries without a link)
      moderation_token_hash text,
      created_at timestamptz not null default now()
    );
    create index guest_book_entries_year_idx on guest_book_entries (lang_code, created_at desc) where approved_at is not null;

    create table contact_messages (
      id integer generated always as identity primary key,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      first_name text not null,
      last_name text not null,
      email text not null,
      address text not null default '',
      city text not null default '',
      country text not null default '',
      state text not null default '',
      zip text not null default '',
      phone text not null default '',
      find_us text not null default '',
      message text not null,
      created_at timestamptz not null default now()
    );

    create table adventure_signups (
      id integer generated always as identity primary key,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      receive_method text not null check (receive_method in ('download', 'mail')),
      mail_choice text,
      sets_needed integer check (sets_needed between 1 and 10),
      fname text not null,
      lname text not null,
      email text not null,
      address text not null,
      city text not null,
      state text not null,
      zip text not null,
      country text not null,
      phone text not null default '',
      birthday text not null default '',
      station text not null default '',
      created_at timestamptz not null default now()
    );

    create table newsletter_subscribers (
      id integer generated always as identity primary key,
      list_id text not null,
      email text not null,
      fname text not null default '',
      lname text not null default '',
      created_at timestamptz not null default now()
    );
    create unique index newsletter_subscribers_key on newsletter_subscribers (list_id, lower(email));

    -- every e-mail goes through here first: a failed send is retried, never lost
    create table mail_outbox (
      id integer generated always as identity primary key,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      to_address text not null,
      reply_to text,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts integer not null default 0,
      last_error text,
      next_attempt_at timestamptz not null default now(),
      sent_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'pending';

    -- captcha challenges already used: a replayed solution is refused
    create table captcha_spent (
      signature text primary key,
      expires_at timestamptz not null
    );

    -- server-generated secrets shared by every instance (the captcha HMAC key): none lives in the repository
    create table app_secrets (
      name text primary key,
      value text not null
    );

    -- fixed-window counters shared by every server instance
    create table rate_limits (
      key text primary key,
      hits integer not null,
      window_ends_at timestamptz not null
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
