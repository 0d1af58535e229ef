import { giftTypes } from '@storyhouse/contracts';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ReceiptSettings } from '../../db/schema';
import { countedGiftLine } from '../giving/counted-gifts';

export type ReceiptSettingsRow = Omit<Selectable<ReceiptSettings>, 'id' | 'updated_at'>;
export const RECEIPT_SETTING_KEYS = ['legal_name', 'ein', 'ca_registration', 'place_of_issue', 'es_nif', 'address'] as const;

/** A paid order as its gift receipt needs it: who gave, from which country, how much of it is a gift. */
export interface ReceiptOrderRow {
  id: number;
  user_id: number;
  number: string;
  lang_code: string;
  status: string;
  paid_at: Date | null;
  billing_address: unknown;
  country_code: string | null;
  country_name: string | null;
  fname: string;
  lname: string;
  email: string;
  tax_id: string;
  /** The gifts that still count (a refund that gave one back leaves it out). */
  gift_cents: number;
  /** What the rest of the order bought (its goods, after discounts). */
  goods_cents: number;
}

export interface IssuedReceiptRow {
  /** The order's receipt, or a monthly gift's renewal's (decision 070): one of the two. */
  order_id: number | null;
  renewal_payment_id: number | null;
  country: string;
  serial_year: number | null;
  serial: number | null;
  issued_at: Date;
}

/** Whose monthly gift a renewal must be: the family's, and this gift's. */
export interface RenewalOwner {
  userId: number;
  recurringItemId: number;
}

const ISSUED_COLUMNS = ['order_id', 'renewal_payment_id', 'country', 'serial_year', 'serial', 'issued_at'] as const;

/** The only SQL of gift receipts (decisions 068, 070). */
export function receiptsRepository(db: Db) {
  return {
    async settings(): Promise<ReceiptSettingsRow> {
      return db.selectFrom('receipt_settings').select(RECEIPT_SETTING_KEYS).where('id', '=', 1).executeTakeFirstOrThrow();
    },

    /** The settings row locked for a change (the audit compares before and after). */
    async lockSettings(): Promise<ReceiptSettingsRow> {
      return db
        .selectFrom('receipt_settings')
        .select(RECEIPT_SETTING_KEYS)
        .where('id', '=', 1)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },

    async saveSettings(values: ReceiptSettingsRow) {
      await db
        .updateTable('receipt_settings')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', 1)
        .execute();
    },

    /** The order with its gift and goods amounts; `lock` holds its row until the transaction ends (issuing a serial). */
    async order(orderId: number, lock = false): Promise<ReceiptOrderRow | undefined> {
      if (lock) await sql`select id from orders where id = ${orderId} for update`.execute(db);
      const { rows } = await sql<ReceiptOrderRow>`
        select o.id, o.user_id, o.number, o.lang_code, o.status, o.paid_at, o.billing_address,
          c.code as country_code, c.country_name, u.fname, u.lname, u.email, u.tax_id,
          coalesce((select sum(l.subtotal_cents - l.discount_cents) from order_lines l where l.order_id = o.id and ${countedGiftLine}), 0)::int as gift_cents,
          coalesce((select sum(l.subtotal_cents - l.discount_cents) from order_lines l
            where l.order_id = o.id and not (l.type = any(${[...giftTypes]}::text[]))), 0)::int as goods_cents
        from orders o
        join users u on u.id = o.user_id
        left join countries c on c.id = case
          when jsonb_typeof(o.billing_address::jsonb -> 'country_id') = 'number' then (o.billing_address::jsonb ->> 'country_id')::int
        end
        where o.id = ${orderId}`.execute(db);
      const row = rows[0];
      return row && { ...row, gift_cents: Number(row.gift_cents), goods_cents: Number(row.goods_cents) };
    },

    async taxId(userId: number): Promise<string> {
      const row = await db.selectFrom('users').select('tax_id').where('id', '=', userId).executeTakeFirst();
      return row?.tax_id ?? '';
    },

    async setTaxId(userId: number, taxId: string) {
      await db.updateTable('users').set({ tax_id: taxId }).where('id', '=', userId).execute();
    },

    /** The receipt issued to an order, or to a renewal (`{ renewal: id }`). */
    issued(of: number | { renewal: number }): Promise<IssuedReceiptRow | undefined> {
      return db
        .selectFrom('gift_receipts')
        .select(ISSUED_COLUMNS)
        .$call((q) => (typeof of === 'number' ? q.where('order_id', '=', of) : q.where('renewal_payment_id', '=', of.renewal)))
        .executeTakeFirst();
    },

    /**
     * A paid renewal of a monthly gift as its receipt needs it (decision 070): its amount and date, the donor, and the
     * country and language of the order that began the gift. `lock` holds the renewal's row until the transaction
     * ends (issuing a serial). `owner` keeps it to the family's own gift.
     */
    async renewal(renewalPaymentId: number, { lock = false, owner }: { lock?: boolean; owner?: RenewalOwner } = {}) {
      if (lock) await sql`select id from renewal_payments where id = ${renewalPaymentId} for update`.execute(db);
      const { rows } = await sql<ReceiptOrderRow & { recurring_item_id: number }>`
        select o.id, p.user_id, o.number, o.lang_code, 'paid' as status, p.paid_at, o.billing_address,
          c.code as country_code, c.country_name, u.fname, u.lname, u.email, u.tax_id,
          p.amount_cents as gift_cents, 0 as goods_cents, p.recurring_item_id
        from renewal_payments p
        join recurring_items r on r.id = p.recurring_item_id
        join orders o on o.id = r.order_id
        join users u on u.id = p.user_id
        left join countries c on c.id = case
          when jsonb_typeof(o.billing_address::jsonb -> 'country_id') = 'number' then (o.billing_address::jsonb ->> 'country_id')::int
        end
        where p.id = ${renewalPaymentId} and r.type = 'recurring_donation'
          ${owner ? sql`and p.user_id = ${owner.userId} and r.id = ${owner.recurringItemId}` : sql``}`.execute(db);
      const row = rows[0];
      return row && { ...row, gift_cents: Number(row.gift_cents), goods_cents: 0 };
    },

    /** A monthly gift's paid renewals, newest first (My subscription lists their receipts); the family's own only. */
    renewalsOf(owner: RenewalOwner) {
      return db
        .selectFrom('renewal_payments as p')
        .innerJoin('recurring_items as r', 'r.id', 'p.recurring_item_id')
        .select(['p.id', 'p.invoice_id', 'p.amount_cents', 'p.paid_at'])
        .where('p.user_id', '=', owner.userId)
        .where('r.id', '=', owner.recurringItemId)
        .where('r.type', '=', 'recurring_donation')
        .orderBy('p.paid_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(60)
        .execute();
    },

    /**
     * The next serial number of a year: the year's counter row is locked until the transaction ends, so serials are
     * given one at a time and a transaction rolled back gives its number back (gap-free).
     */
    async nextSerial(year: number): Promise<number> {
      const { rows } = await sql<{ last: number }>`
        insert into receipt_serials (year, last) values (${year}, 1)
        on conflict (year) do update set last = receipt_serials.last + 1
        returning last`.execute(db);
      return Number(rows[0]!.last);
    },

    async insertIssued(row: Omit<IssuedReceiptRow, 'issued_at'>): Promise<IssuedReceiptRow> {
      return db.insertInto('gift_receipts').values(row).returning(ISSUED_COLUMNS).executeTakeFirstOrThrow();
    },

    /** Which of these orders have a gift that still counts (My orders offers their receipt). */
    async withGifts(orderIds: readonly number[]): Promise<Set<number>> {
      if (orderIds.length === 0) return new Set();
      const { rows } = await sql<{ id: number }>`
        select distinct o.id from orders o join order_lines l on l.order_id = o.id
        where o.id = any(${[...orderIds]}::int[]) and ${countedGiftLine}`.execute(db);
      return new Set(rows.map((r) => r.id));
    },
  };
}
