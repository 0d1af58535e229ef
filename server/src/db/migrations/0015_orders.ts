import { type Kysely, sql } from 'kysely';

/**
 * Issue 13: orders, what they granted, gifts to claim and what renews.
 *
 * An order is written (pending, with a snapshot of everything it sells)
 * before the card is charged, and becomes paid or failed after; at most one
 * order of a cart is pending at a time, so a double click or a second tab
 * cannot charge one cart twice. Order lines and ownership keep their own
 * copy of what was sold: renaming or withdrawing a product changes neither,
 * and a product that was sold cannot be deleted out from under them (no
 * cascade from skus or products).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    -- the customer of each user at the card processor (cus_…), per processor
    create table payment_customers (
      user_id integer not null references users (id) on delete cascade,
      provider text not null check (provider in ('test', 'stripe')),
      customer_id text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, provider),
      unique (provider, customer_id)
    );

    create table orders (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete restrict,
      cart_id integer references carts (id) on delete set null,
      status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'refunded')),
      lang_code text not null check (lang_code in ('en', 'es', 'ru')),
      -- integer cents; total = subtotal - discount - gift card + shipping + tax, what the card is charged
      subtotal_cents integer not null check (subtotal_cents >= 0),
      discount_cents integer not null default 0 check (discount_cents >= 0),
      gift_card_cents integer not null default 0 check (gift_card_cents >= 0),
      shipping_cents integer not null default 0 check (shipping_cents >= 0),
      tax_cents integer not null default 0 check (tax_cents >= 0),
      total_cents integer not null check (total_cents >= 0),
      monthly_cents integer not null default 0 check (monthly_cents >= 0),
      check (total_cents = subtotal_cents - discount_cents - gift_card_cents + shipping_cents + tax_cents),
      coupon_id integer references coupons (id) on delete set null,
      coupon_code text,
      shipping_type text check (shipping_type in ('economy', 'priority')),
      shipping_address jsonb,
      billing_address jsonb,
      gift_name text,
      gift_email text,
      gift_message text,
      -- the charge at the card processor (null: nothing charged, a free order)
      payment_provider text check (payment_provider in ('test', 'stripe')),
      payment_id text,
      card_id text,
      card_brand text,
      card_last4 text,
      failure_code text,
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      updated_at timestamptz not null default now(),
      check (status <> 'paid' or paid_at is not null),
      check (status = 'pending' or status = 'failed' or total_cents = 0 or payment_id is not null)
    );
    -- one order of a cart in flight at a time (issue 13 item 4: 50 submits, one order)
    create unique index orders_one_pending_per_cart on orders (cart_id) where status = 'pending';
    create index orders_user_idx on orders (user_id, created_at desc, id desc);
    create index orders_pending_idx on orders (created_at) where status = 'pending';
    create unique index orders_payment_key on orders (payment_provider, payment_id) where payment_id is not null;

    create table order_lines (
      id integer generated always as identity primary key,
      order_id integer not null references orders (id) on delete cascade,
      position integer not null,
      -- what was sold, copied: the sku and product may change or go
      sku_id integer references skus (id) on delete set null,
      product_id integer references products (id) on delete set null,
      type text not null,
      code text,
      title text not null,
      product_title text,
      description text not null default '',
      unit_price_cents integer not null check (unit_price_cents >= 0),
      quantity integer not null check (quantity > 0),
      subtotal_cents integer not null check (subtotal_cents = unit_price_cents * quantity),
      discount_cents integer not null default 0 check (discount_cents between 0 and subtotal_cents),
      tax_cents integer not null default 0 check (tax_cents >= 0),
      recipient_name text,
      recipient_email text,
      recipient_message text,
      -- the cart's donation or gift card line it came from (emptied when the order is paid)
      cart_amount_line_id integer,
      unique (order_id, position)
    );
    create index order_lines_order_idx on order_lines (order_id, position);

    -- what each user owns (an album owns all its tracks), and the order or gift that granted it
    create table ownership (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      sku_id integer not null references skus (id) on delete restrict,
      product_id integer references products (id) on delete restrict,
      type text not null check (type in ('digital_album', 'digital_track', 'physical', 'book')),
      order_id integer references orders (id) on delete restrict,
      gift_id integer,
      granted_at timestamptz not null default now(),
      unique (user_id, sku_id)
    );
    create index ownership_user_idx on ownership (user_id, granted_at desc);

    -- a gift to claim: a gift order's downloads, or a gift card (issue 13 item 9)
    create table gifts (
      id integer generated always as identity primary key,
      order_id integer not null references orders (id) on delete restrict,
      -- sha-256 of the link's secret; the secret itself is only in the recipient's e-mail
      hash_sha256 text not null unique,
      kind text not null check (kind in ('downloads', 'gift_card')),
      sender_user_id integer references users (id) on delete set null,
      recipient_name text not null,
      recipient_email text not null,
      message text not null default '',
      amount_cents integer check (amount_cents > 0),
      check ((kind = 'gift_card') = (amount_cents is not null)),
      claimed_by_user_id integer references users (id) on delete set null,
      claimed_at timestamptz,
      check ((claimed_at is null) = (claimed_by_user_id is null)),
      created_at timestamptz not null default now()
    );
    alter table ownership add foreign key (gift_id) references gifts (id) on delete restrict;
    create table gift_skus (
      gift_id integer not null references gifts (id) on delete cascade,
      sku_id integer not null references skus (id) on delete restrict,
      primary key (gift_id, sku_id)
    );
    alter table gift_cards add column gift_id integer unique references gifts (id) on delete restrict;

    -- the gift card balance an order spent, card by card (given back if the order fails)
    create table gift_card_debits (
      order_id integer not null references orders (id) on delete restrict,
      gift_card_id integer not null references gift_cards (id) on delete restrict,
      amount_cents integer not null check (amount_cents > 0),
      primary key (order_id, gift_card_id)
    );

    -- what renews at the processor: a plan, or a monthly donation (issue 13 item 3)
    create table recurring_items (
      id integer generated always as identity primary key,
      user_id integer not null references users (id) on delete cascade,
      order_id integer not null references orders (id) on delete restrict,
      order_line_id integer not null unique references order_lines (id) on delete restrict,
      type text not null check (type in ('recurring_donation', 'subscription')),
      code text not null,
      title text not null,
      amount_cents integer not null check (amount_cents > 0),
      interval text not null check (interval in ('month', 'year')),
      provider text not null check (provider in ('test', 'stripe')),
      subscription_id text not null,
      status text not null default 'active' check (status in ('active', 'cancelled')),
      cancel_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now(),
      unique (provider, subscription_id)
    );
    create index recurring_items_user_idx on recurring_items (user_id, status);
  `.execute(db);
}
