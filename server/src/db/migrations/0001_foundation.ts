import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>) {
  await sql`
    create table users (
      id integer generated always as identity primary key,
      email text not null,
      password_hash text,
      fname text not null default '',
      lname text not null default '',
      address text,
      city text,
      country_id integer,
      state text,
      zip text,
      phone text,
      is_admin boolean not null default false,
      layout text not null default 'list' check (layout in ('list', 'grid')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    -- e-mail is the username, unique regardless of case (spec §3 User)
    create unique index users_email_key on users (lower(email));

    create table sessions (
      -- sha-256 of the cookie's token: a leaked table does not leak live cookies
      id text primary key,
      user_id integer references users (id) on delete cascade,
      -- set while an admin impersonates user_id (spec §6 masquerade)
      masquerade_admin_id integer references users (id) on delete cascade,
      data jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sessions_user_id_idx on sessions (user_id);
    create index sessions_expires_at_idx on sessions (expires_at);

    create table site_navigation (
      id integer generated always as identity primary key,
      parent_id integer references site_navigation (id) on delete cascade,
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      title text not null,
      url text not null,
      position integer not null default 0
    );
    create index site_navigation_lang_idx on site_navigation (lang_code, parent_id, position);

    -- which demo-content seeders have run (see db/seed.ts)
    create table seed_runs (
      name text primary key,
      ran_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
