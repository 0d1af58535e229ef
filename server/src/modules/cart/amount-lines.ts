import {
  coverFeeCents,
  type DonationInput,
  type FeeRule,
  GIFT_CARD_CODE,
  type GiftCardBody,
  MAX_DONATION_LINES,
  Tribute,
  type TributeInput,
} from '@storyhouse/contracts';
import type { Insertable } from 'kysely';
import type { CartAmountLines } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { toCents } from '../../lib/money';
import { MIN_CHARGE_CENTS } from '../../providers/payments/payment-provider';
import { priceCents } from '../catalogue/pricing';
import type { CartRepository, ViewLine } from './cart.repository';

/**
 * Lines whose amount the family chooses (issue 12 items 4 and 5): the
 * donations of the Donations page and the cart page, and a gift card.
 * Each is an sku (its fund's code, or the gift card) with the amount, the
 * title and the dedication on the line.
 */

const DONATION_TYPES = ['donation', 'recurring_donation'] as const;

/**
 * The donation lines to insert for this list, or the refusal: every code
 * must be a fund the shop offers for that type (404 donation_fund_unknown,
 * naming the entry), and the cart holds at most MAX_DONATION_LINES
 * donations (409 donation_limit). All or nothing: nothing is written
 * before every entry is checked. A donation that covers the fee is charged
 * its amount plus coverFeeCents under the ministry's `rule` (decision 067),
 * computed here, never taken from the client.
 */
export async function donationLines(
  repo: CartRepository,
  cartId: number | undefined,
  donations: readonly DonationInput[],
  rule: FeeRule,
): Promise<(cartId: number) => Insertable<CartAmountLines>[]> {
  const funds = new Map<string, number>();
  for (const type of DONATION_TYPES) {
    const codes = [...new Set(donations.filter((d) => d.type === type).map((d) => d.code))];
    for (const sku of await repo.findOffered(type, codes)) funds.set(`${type}:${sku.code}`, sku.id);
  }
  const skuIds = donations.map((d, index) => {
    const id = funds.get(`${d.type}:${d.code}`);
    if (id === undefined) {
      throw new AppError(
        'not_found',
        'donation_fund_unknown',
        {},
        { [`${index}.code`]: { key: 'errors.donation_fund_unknown' } },
      );
    }
    return id;
  });
  const held = cartId === undefined ? 0 : (await repo.amountLineTypes(cartId)).filter((t) => t !== 'gift_card').length;
  if (held + donations.length > MAX_DONATION_LINES) throw new AppError('conflict', 'donation_limit');
  return (into) =>
    donations.map((d, index) => {
      const gift = toCents(d.amount);
      const fee = d.cover_fee ? coverFeeCents(gift, rule) : 0;
      return {
        cart_id: into,
        sku_id: skuIds[index] as number,
        type: d.type,
        amount_cents: gift + fee,
        fee_cents: fee,
        title: d.title,
        description: d.description ?? '',
        tribute: tributeRecord(d.tribute),
        anonymous: d.anonymous ?? false,
      };
    });
}

/**
 * A donation's tribute as the cart line and then the order line keep it
 * (jsonb, decision 070): null without one. The shape read back is the
 * contracts' Tribute; tributeOf reads it.
 */
function tributeRecord(tribute: TributeInput | undefined): string | null {
  if (!tribute) return null;
  const record: Tribute = {
    kind: tribute.kind,
    honoree: tribute.honoree,
    notify: tribute.notify
      ? { name: tribute.notify.name, email: tribute.notify.email, show_amount: tribute.notify.show_amount ?? false }
      : null,
  };
  return JSON.stringify(record);
}

/** A stored tribute (cart or order line), or null when none (or not one the contracts read). */
export function tributeOf(stored: unknown): Tribute | null {
  if (stored === null || stored === undefined) return null;
  const parsed = Tribute.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  return parsed.success ? parsed.data : null;
}

/**
 * A merged cart (sign-in, issue 26 item 11) keeps the donation limit an add
 * keeps: the first MAX_DONATION_LINES donations in the cart's order stay,
 * the ones added after them go, as adding them would have been refused.
 * Answers how many went.
 */
export function capDonationLines(repo: CartRepository, cartId: number) {
  return repo.keepFirstAmountLines(cartId, DONATION_TYPES, MAX_DONATION_LINES);
}

/** The gift card's sku, or 404 when the shop sells none now. */
export async function giftCardSku(repo: CartRepository) {
  const [sku] = await repo.findOffered('gift_card', [GIFT_CARD_CODE]);
  if (!sku) throw new AppError('not_found', 'sku_not_available');
  return sku;
}

/** One gift card per order (spec §5 Gift card: "order must be completed first"). */
export async function assertNoGiftCard(repo: CartRepository, cartId: number) {
  if ((await repo.amountLineTypes(cartId)).includes('gift_card')) throw new AppError('conflict', 'gift_card_in_cart');
}

export const giftCardLine = (
  cartId: number,
  sku: { id: number; title: string },
  card: Required<GiftCardBody>,
): Insertable<CartAmountLines> => ({
  cart_id: cartId,
  sku_id: sku.id,
  type: 'gift_card',
  amount_cents: toCents(card.amount),
  title: sku.title,
  recipient_name: card.name,
  recipient_email: card.email,
  recipient_message: card.message,
});

export const DONATION_LINE_TYPES: readonly string[] = DONATION_TYPES;
export const GIFT_CARD_LINE_TYPES: readonly string[] = ['gift_card'];

/** A gift card line's recipient (spec §5 Gift card); null on every other line. */
export function recipientOf(row: Pick<ViewLine, 'recipient_name' | 'recipient_email' | 'recipient_message'>) {
  if (row.recipient_name === null || row.recipient_email === null) return null;
  return { name: row.recipient_name, email: row.recipient_email, message: row.recipient_message ?? '' };
}

/**
 * What a gift card balance may pay (issue 12 item 5, issue 13): the
 * one-time lines after the coupon's discount. Never a gift card (a card is
 * not bought with another card's balance), a subscription or a monthly
 * donation (they charge the saved card every period).
 */
const BALANCE_PAYS: ReadonlySet<string> = new Set(['digital_album', 'digital_track', 'physical', 'book', 'donation']);

export function balancePayable(rows: readonly ViewLine[], discountCents: number) {
  let payable = 0;
  for (const row of rows) if (BALANCE_PAYS.has(row.type)) payable += priceCents(row) * row.quantity;
  // The discount only ever falls on albums, tracks, CDs and books, all of them payable here.
  return Math.max(0, payable - discountCents);
}

/**
 * What the gift card balance pays of an order that charges `dueCents` now
 * (after the coupon, with shipping and tax): as much of `payableCents`
 * (balancePayable) as the balance holds, unless that leaves the card less
 * than the processor can charge (MIN_CHARGE_CENTS, 1 to 49 cents, which no
 * card could pay). Then the balance covers less, so the card pays the
 * minimum and the rest of the balance stays for another order (issue 26
 * item 10). An order under the minimum with a balance that cannot cover it
 * all is left as it is: checkout says why no card can pay it.
 */
export function balanceApplied(balanceCents: number, payableCents: number, dueCents: number) {
  const applied = Math.min(balanceCents, payableCents);
  const card = dueCents - applied;
  if (card > 0 && card < MIN_CHARGE_CENTS && dueCents >= MIN_CHARGE_CENTS) return dueCents - MIN_CHARGE_CENTS;
  return applied;
}
