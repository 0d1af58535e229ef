import { type Kysely, sql } from 'kysely';

/**
 * Issue 42: a profile for each child (decision 051). A family account is the
 * parents' own profile (no row: a session without `profile_id` speaks for the
 * parents) and up to six child profiles, each a nickname, a drawn avatar and an
 * age band; nothing else about a child is kept. A session names the profile it
 * speaks for (`sessions.profile_id`, set only by the server after checking the
 * profile belongs to the session's account); deleting a profile deletes its
 * places, queue and favourites at once and signs out the devices it was active on.
 *
 * What a child may hear: `listens` 'all' (everything the family may hear), 'age'
 * (albums for the child's age band and younger) or 'picked' (only albums with a
 * 'pick' row in profile_albums); a 'never' row refuses an album whatever the rest.
 * Quiet hours and a daily limit are the child's own; the night a "one more story"
 * was granted is kept so it is granted once a night. The parents' PIN (the
 * grown-ups lock) is hashed on the account.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table profiles (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      nickname text not null check (char_length(nickname) between 1 and 40),
      avatar text not null check (avatar ~ '^[a-z0-9-]{1,32}$'),
      age_band text not null check (age_band in ('0-2', '3-5', '6-8', '9-12')),
      listens text not null default 'all' check (listens in ('all', 'age', 'picked')),
      quiet_from text check (quiet_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      quiet_to text check (quiet_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      time_zone text not null default 'UTC',
      daily_limit_minutes integer check (daily_limit_minutes between 5 and 720),
      sleep_timer text,
      one_more_night date,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((quiet_from is null) = (quiet_to is null))
    );
    create index profiles_user_idx on profiles (user_id, id);

    create table profile_albums (
      profile_id integer not null references profiles (id) on delete cascade,
      product_id integer not null references products (id) on delete cascade,
      rule text not null check (rule in ('pick', 'never')),
      primary key (profile_id, product_id)
    );

    alter table sessions add column profile_id integer references profiles (id) on delete cascade;

    alter table users add column parent_pin_hash text;

    -- Places, the queue and favourites belong to a profile: null is the parents'.
    alter table listening_progress add column profile_id integer references profiles (id) on delete cascade;
    alter table listening_progress drop constraint listening_progress_pkey;
    alter table listening_progress add constraint listening_progress_listener_key unique nulls not distinct (user_id, profile_id, sku_id);
    drop index listening_progress_started_idx;
    create index listening_progress_started_idx on listening_progress (user_id, profile_id, updated_at desc) where position_seconds > 0;

    alter table listening_queues add column profile_id integer references profiles (id) on delete cascade;
    alter table listening_queues drop constraint listening_queues_pkey;
    alter table listening_queues add constraint listening_queues_listener_key unique nulls not distinct (user_id, profile_id);

    -- Time a child listened, per day on the family's clock (the daily limit; the parents' Family page).
    create table profile_listening_days (
      profile_id integer not null references profiles (id) on delete cascade,
      day date not null,
      seconds integer not null default 0 check (seconds >= 0),
      primary key (profile_id, day)
    );

    create table favourites (
      user_id integer not null references users (id) on delete cascade,
      profile_id integer references profiles (id) on delete cascade,
      product_id integer not null references products (id) on delete cascade,
      created_at timestamptz not null default now(),
      constraint favourites_listener_key unique nulls not distinct (user_id, profile_id, product_id)
    );
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
