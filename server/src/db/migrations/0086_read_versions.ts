import { type Kysely, sql } from 'kysely';

/**
 * Versions of what a page shows (issue 47 items 4 and 5, decision 088): a server may keep a page it wrote (My
 * Library's, a cart's total) and serve it again while the versions it was read under are still the database's,
 * checked in the request's one small query (modules/entitlements/family-tag.ts). Every change to what such a page
 * reads moves a version in the transaction that makes it, so a reader sees the new rows and the new version
 * together or neither; a version only ever goes up.
 *
 * - family_versions: one family's rows (what it owns, where its listeners stopped, its plans, its cart and the
 *   cart's lines, a session's cart counting as its signed-in user's, its addresses, its gift card balance, the giver of a gift it owns). No
 *   foreign key: a user deleted takes its rows with it, and their triggers still move the version of a family that
 *   is going.
 * - shared_versions 'catalogue': what every family's pages show alike (products, their skus but for the count of
 *   copies on the shelf, the skus' titles, transcripts, a giver's name); 'shop': what every cart's total is worked
 *   out with (coupons but for their redemptions, shipping and tax rates). The copies left to sell and a coupon's
 *   redemptions are no version (every paid order moves them): the cart total's tag reads them as they are
 *   (cart.repository.ts cartTag).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    create table family_versions (
      user_id integer primary key,
      version bigint not null
    );
    create table shared_versions (
      name text primary key,
      version bigint not null
    );
    insert into shared_versions (name, version) values ('catalogue', 1), ('shop', 1);

    create function bump_family_version(family integer) returns void language sql as $$
      insert into family_versions (user_id, version) values (family, 1)
      on conflict (user_id) do update set version = family_versions.version + 1
    $$;

    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update shared_versions set version = version + 1 where name = 'catalogue';
      return null;
    end
    $$;

    create function bump_shop_version() returns trigger language plpgsql as $$
    begin
      update shared_versions set version = version + 1 where name = 'shop';
      return null;
    end
    $$;

    -- A row of one family's (a user_id column): the family it was and the family it is.
    create function family_row_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform bump_family_version(old.user_id);
      end if;
      if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) and new.user_id is not null then
        perform bump_family_version(new.user_id);
      end if;
      return null;
    end
    $$;

    -- A gift card: the family whose balance it is.
    create function gift_card_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.recipient_user_id is not null then
        perform bump_family_version(old.recipient_user_id);
      end if;
      if tg_op <> 'DELETE' and new.recipient_user_id is not null
        and (tg_op = 'INSERT' or new.recipient_user_id is distinct from old.recipient_user_id) then
        perform bump_family_version(new.recipient_user_id);
      end if;
      return null;
    end
    $$;

    -- A gift's giver, whose name the albums it gave show: the families that own something through it. Only when the
    -- giver goes (their account deleted): a gift's other changes (paid, claimed, refunded) show on no kept page,
    -- and a claim moves the claiming family's version by its ownership rows.
    create function gift_giver_changed() returns trigger language plpgsql as $$
    begin
      perform bump_family_version(o.user_id) from (select distinct user_id from ownership where gift_id = new.id) o;
      return null;
    end
    $$;

    -- The family a cart is seen by: its user's, or its session's signed-in user's.
    create function bump_cart_family(cart carts) returns void language plpgsql as $$
    declare
      family integer := cart.user_id;
    begin
      if family is null and cart.session_id is not null then
        select s.user_id into family from sessions s where s.id = cart.session_id;
      end if;
      if family is not null then
        perform bump_family_version(family);
      end if;
    end
    $$;

    create function cart_changed() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform bump_cart_family(old);
      end if;
      if tg_op <> 'DELETE' then
        perform bump_cart_family(new);
      end if;
      return null;
    end
    $$;

    -- A cart's line (an sku's, or an amount's: a donation, a gift card): the family of its cart (a line moved between carts: both). A line deleted with its cart
    -- finds no cart: the cart's own trigger moved its family's version.
    create function cart_line_changed() returns trigger language plpgsql as $$
    declare
      cart carts;
    begin
      for cart in select * from carts c
        where c.id = case when tg_op = 'INSERT' then null else old.cart_id end
           or c.id = case when tg_op = 'DELETE' then null else new.cart_id end
      loop
        perform bump_cart_family(cart);
      end loop;
      return null;
    end
    $$;

    create trigger skus_version after insert or delete or truncate on skus
      for each statement execute function bump_catalogue_version();
    -- The count on the shelf changes with every CD or book paid for, and no page kept shows it: it moves nothing
    -- (a shared version moved by every purchase would also make purchases wait on one another).
    create trigger skus_version_update after update on skus
      for each row when ((to_jsonb(old) - 'stock') is distinct from (to_jsonb(new) - 'stock'))
      execute function bump_catalogue_version();
    -- A giver's name, shown on the albums they gave.
    create trigger users_name_version after update of fname, lname on users
      for each statement execute function bump_catalogue_version();

    create trigger gifts_version after update of sender_user_id on gifts
      for each row when (old.sender_user_id is distinct from new.sender_user_id) execute function gift_giver_changed();

    create trigger coupons_version after insert or delete or truncate on coupons
      for each statement execute function bump_shop_version();
    -- A coupon's redemptions move with every order paid with it: the cart total's tag reads them as they are, so
    -- orders paid with two coupons never wait on one shared row.
    create trigger coupons_version_update after update on coupons
      for each row when ((to_jsonb(old) - 'redemptions') is distinct from (to_jsonb(new) - 'redemptions'))
      execute function bump_shop_version();
  `.execute(db);
  for (const [table, fn] of FAMILY_ROWS) {
    await sql
      .raw(`create trigger ${table}_version after insert or update or delete on ${table}
              for each row execute function ${fn}();`)
      .execute(db);
  }
  for (const [table, fn] of SHARED_TABLES) {
    await sql
      .raw(`create trigger ${table}_version after insert or update or delete or truncate on ${table}
              for each statement execute function ${fn}();`)
      .execute(db);
  }
}

/** The tables of one family's rows, each with the function that finds the family its row moves. */
const FAMILY_ROWS = [
  ['ownership', 'family_row_changed'],
  ['listening_progress', 'family_row_changed'],
  ['recurring_items', 'family_row_changed'],
  ['carts', 'cart_changed'],
  ['cart_lines', 'cart_line_changed'],
  ['cart_amount_lines', 'cart_line_changed'],
  ['addresses', 'family_row_changed'],
  ['gift_cards', 'gift_card_changed'],
] as const;

/** The tables whose every change moves a shared version (skus, coupons and users have triggers of their own above). */
const SHARED_TABLES = [
  ['products', 'bump_catalogue_version'],
  ['transcripts', 'bump_catalogue_version'],
  ['sku_titles', 'bump_catalogue_version'],
  ['coupon_titles', 'bump_shop_version'],
  ['shipping_rates', 'bump_shop_version'],
  ['tax_rates', 'bump_shop_version'],
] as const;

export async function down() {
  throw new Error('Migrations are forward-only');
}
