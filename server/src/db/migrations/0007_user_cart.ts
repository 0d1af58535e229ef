import { type Kysely, sql } from 'kysely';

/**
 * Issue 7: a signed-in user's cart belongs to the user, not to a session,
 * so every session of the user (two tabs, a second device) sees the same
 * cart (docs/decisions/006-cart.md). A cart is either a guest's, keyed by
 * its session, or a user's, keyed by the user: at most one per user.
 *
 * Databases may already hold several carts of one user (one per session
 * that signed in). They are folded into the user's most recently changed
 * cart the way a login merges a guest cart: quantities of CDs and books add
 * up (at most 99), a digital album covers its single tracks, and one
 * subscription plan stays (the one chosen last).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    -- each user's most recently changed cart keeps the lines of the others
    create temporary table cart_keepers as
      select distinct on (user_id) user_id, id
      from carts
      where user_id is not null
      order by user_id, updated_at desc, id desc;

    insert into cart_lines (cart_id, sku_id, quantity, added_at)
      select k.id, l.sku_id,
        case when s.type in ('physical', 'book') then least(99, sum(l.quantity)) else 1 end,
        min(l.added_at)
      from cart_lines l
      join carts c on c.id = l.cart_id
      join cart_keepers k on k.user_id = c.user_id and k.id <> c.id
      join skus s on s.id = l.sku_id
      group by k.id, l.sku_id, s.type
    on conflict (cart_id, sku_id) do update set quantity =
      case when (select type from skus where id = excluded.sku_id) in ('physical', 'book')
        then least(99, cart_lines.quantity + excluded.quantity)
        else cart_lines.quantity
      end;

    -- a digital album covers its product's single tracks
    delete from cart_lines l
      using skus t, cart_keepers k
      where l.cart_id = k.id and t.id = l.sku_id and t.type = 'digital_track'
        and exists (
          select 1 from cart_lines a join skus s on s.id = a.sku_id
          where a.cart_id = l.cart_id and s.type = 'digital_album' and s.product_id = t.product_id);

    -- one subscription plan: the one added last
    delete from cart_lines l
      using skus s, cart_keepers k
      where l.cart_id = k.id and s.id = l.sku_id and s.type = 'subscription'
        and exists (
          select 1 from cart_lines o join skus os on os.id = o.sku_id
          where o.cart_id = l.cart_id and os.type = 'subscription' and (o.added_at, o.sku_id) > (l.added_at, l.sku_id));

    delete from carts c using cart_keepers k where c.user_id = k.user_id and c.id <> k.id;
    drop table cart_keepers;

    -- a guest cart whose session is gone can never be reached again
    delete from carts where user_id is null and session_id is null;
    update carts set session_id = null where user_id is not null;

    drop index carts_user_idx;
    create unique index carts_user_key on carts (user_id);
    alter table carts
      add constraint carts_owner_check check (num_nonnulls(session_id, user_id) = 1),
      -- a guest cart ends with its session (logout, expiry); a login has merged it first
      drop constraint carts_session_id_fkey,
      add constraint carts_session_id_fkey foreign key (session_id) references sessions (id) on delete cascade;
  `.execute(db);
}

export async function down() {
  throw new Error('Migrations are forward-only');
}
