import {
  type CartLine,
  type CartTotal,
  type DonationInput,
  type GiftCardBody,
  type LangCode,
  MAX_LINE_QUANTITY,
  mediaPaths,
  quantityEditableTypes,
  type SkuType,
} from '@storyhouse/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { keptPages } from '../../lib/kept-pages';
import { toUsd } from '../../lib/money';
import { priceCents } from '../catalogue/pricing';
import { givingFeeService } from '../giving-fee/giving-fee.service';
import { assertInStock } from '../stock/stock.service';
import { isSoldOut } from '../stock/stock-sql';
import {
  assertNoGiftCard,
  balanceApplied,
  balancePayable,
  capDonationLines,
  DONATION_LINE_TYPES,
  donationLines,
  GIFT_CARD_LINE_TYPES,
  giftCardLine,
  giftCardSku,
  recipientOf,
  tributeOf,
} from './amount-lines';
import {
  type CartGift,
  type CartKey,
  type CartRepository,
  type CartRow,
  type CartSku,
  cartRepository,
  type LockedLine,
  type TotalSource,
  type ViewLine,
} from './cart.repository';
import { type CartCharges, cartCharges, chargesOf, shippingTypeOf } from './charges';
import { type CouponRow, couponRepository } from './coupons.repository';
import {
  assertApplicable,
  couponRefusal,
  couponToApply,
  discountCents,
  discountTypeOf,
  enforceApplyRateLimit,
  toCoupon,
} from './coupons.service';
import { assertGiftable, assertMarkable, giftOf, holdsSubscription } from './gift.service';
import { assertNoSecondPlan, dropSecondPlan } from './one-plan';
import { assertNotOwned, dropOwnedLines, linesAdded, ownedLineIds } from './owned-lines';

/** Who asks: the session, and its signed-in user if any. */
export interface CartOwner {
  sessionId: string;
  userId: number | null;
  /**
   * The language of the site that asks (issue 26 item 14): the cart's lines
   * are titled in it (cart.repository.ts TitleLang); none, as stored.
   */
  lang?: LangCode;
}

/** A signed-in user's cart is the user's (every session of theirs sees it); a guest's is the session's. */
const keyOf = (owner: CartOwner): CartKey => (owner.userId !== null ? { userId: owner.userId } : { sessionId: owner.sessionId });

/** The cart as the rules edit it: sku id → line. */
export type Draft = Map<number, LockedLine>;

/** Types sold through calls of their own (gift card, donations: spec §7), never through an sku add. */
const SOLD_ELSEWHERE: ReadonlySet<string> = new Set(['gift_card', 'donation', 'recurring_donation']);

export const isQuantityEditable = (type: string) => quantityEditableTypes.includes(type as SkuType);

const fieldError = (field: string | undefined, key: 'errors.item_not_found' | 'errors.sku_not_available') =>
  field ? { [field]: { key } } : undefined;

/**
 * Whether an sku may be added with that quantity, else the error the client
 * gets: 404 unknown, 400 a type sold elsewhere or a quantity for a
 * download, 409 an sku that exists but is not for sale now.
 */
export function assertAddable(sku: CartSku | undefined, quantity: number, field?: string): asserts sku is CartSku {
  if (!sku) throw new AppError('not_found', 'item_not_found', {}, fieldError(field, 'errors.item_not_found'));
  if (SOLD_ELSEWHERE.has(sku.type)) {
    throw new AppError('invalid_data', 'sku_not_available', {}, fieldError(field, 'errors.sku_not_available'));
  }
  if (sku.is_hidden || !sku.is_available || sku.product_is_available === false) {
    throw new AppError('conflict', 'sku_not_available', {}, fieldError(field, 'errors.sku_not_available'));
  }
  if (quantity !== 1 && !isQuantityEditable(sku.type)) {
    throw new AppError('invalid_data', 'quantity_not_editable', {}, { quantity: { key: 'errors.quantity_not_editable' } });
  }
}

export type AddOutcome = 'added' | 'updated' | 'kept' | 'covered_by_album';

/**
 * Spec §4 Adding to cart / Cart subscription, in one place:
 * - an sku already in the cart keeps its line; auto_update sets its quantity;
 * - a digital album replaces that product's single tracks;
 * - a track whose digital album is in the cart is covered by it, not added;
 * - a subscription replaces the other plan (monthly or annual).
 * The quantity was checked by assertAddable (1 unless physical or book).
 */
export function applyAdd(
  draft: Draft,
  sku: Pick<CartSku, 'id' | 'type' | 'product_id'>,
  quantity: number,
  autoUpdate: boolean,
): AddOutcome {
  const existing = draft.get(sku.id);
  if (existing) {
    if (!autoUpdate || existing.quantity === quantity) return 'kept';
    existing.quantity = quantity;
    return 'updated';
  }
  const lines = [...draft.values()];
  if (sku.type === 'digital_track' && lines.some((l) => l.type === 'digital_album' && l.product_id === sku.product_id)) {
    return 'covered_by_album';
  }
  for (const line of lines) {
    const replaced =
      (sku.type === 'digital_album' && line.type === 'digital_track' && line.product_id === sku.product_id) ||
      (sku.type === 'subscription' && line.type === 'subscription');
    if (replaced) draft.delete(line.sku_id);
  }
  draft.set(sku.id, { sku_id: sku.id, type: sku.type, product_id: sku.product_id, quantity });
  return 'added';
}

/** The draft's lines that are new or whose quantity went up. */
function grown(before: readonly LockedLine[], draft: Draft) {
  const had = new Map(before.map((l) => [l.sku_id, l.quantity]));
  return [...draft.values()].filter((l) => l.quantity > (had.get(l.sku_id) ?? 0));
}

/** Writes the difference between the locked lines and the edited draft. */
async function persist(repo: CartRepository, cartId: number, before: LockedLine[], draft: Draft) {
  const previous = new Map(before.map((l) => [l.sku_id, l.quantity]));
  const removed = before.filter((l) => !draft.has(l.sku_id)).map((l) => l.sku_id);
  let changed = (await repo.deleteLines(cartId, removed)) > 0;
  for (const line of draft.values()) {
    const had = previous.get(line.sku_id);
    if (had === undefined) await repo.insertLine(cartId, line.sku_id, line.quantity);
    else if (had !== line.quantity) await repo.setQuantity(cartId, line.sku_id, line.quantity);
    else continue;
    changed = true;
  }
  return changed;
}

function toLine(row: ViewLine, owned: boolean): CartLine {
  const price = priceCents(row);
  return {
    sku_id: row.sku_id,
    type: row.type as SkuType,
    title: row.title,
    code: row.code,
    product_id: row.product_id,
    product_title: row.product_title,
    product_slug: row.product_slug,
    quantity: row.quantity,
    price_usd: toUsd(price),
    full_price_usd: toUsd(row.full_price_cents),
    subtotal_usd: toUsd(price * row.quantity),
    full_price_subtotal_usd: toUsd(row.full_price_cents * row.quantity),
    is_shipped_free: row.is_shipped_free,
    is_available: !row.is_hidden && row.is_available && row.product_is_available !== false,
    sold_out: isSoldOut(row.stock_left),
    image_url: row.primary_image ? mediaPaths.image(row.primary_image) : null,
    line_id: row.line_id,
    description: row.description,
    fee_covered_usd: toUsd(row.fee_cents),
    recipient: recipientOf(row),
    tribute: tributeOf(row.tribute),
    anonymous: row.anonymous,
    owned,
  };
}

/** A line that charges again every month (spec §3 monthlySubtotal): the monthly plan, a monthly donation. */
const chargesMonthly = (row: Pick<ViewLine, 'type' | 'code'>) =>
  row.type === 'recurring_donation' || (row.type === 'subscription' && row.code === 'monthly');

/** What the cart total is computed from. */
export interface TotalInput {
  /** undefined: the owner has no cart yet. */
  cart: CartRow | undefined;
  rows: ViewLine[];
  /** The cart's coupon, whether or not it still applies. */
  coupon?: CouponRow;
  /** The signed-in family's gift card balance (0 for a visitor). */
  giftCardBalanceCents?: number;
  now?: Date;
  /** A signed-in cart's addresses, method and rates (issue 12 item 7); none: no shipping, no tax. */
  charges?: CartCharges;
  /** The sku ids of the lines the family already owns (owned-lines.ts): shown, marked, in no figure. */
  owned?: ReadonlySet<number>;
  /** The site's language: the coupon is titled in it (decision 038); none, as stored. */
  lang?: LangCode | null;
}

const NOTHING_OWNED: ReadonlySet<number> = new Set();

/**
 * Spec §3 Cart total. Shipping and tax follow the cart's shipping address
 * and method (`charges`, charges.ts); without an address they are 0. The
 * cart's coupon counts while it applies; one that no longer does (expired,
 * used up, withdrawn, a donation added) is left out, and stays on the cart
 * until removed or replaced.
 */
export function cartTotal({
  cart,
  rows: lines,
  coupon,
  giftCardBalanceCents = 0,
  now = new Date(),
  charges,
  owned = NOTHING_OWNED,
  lang,
}: TotalInput): CartTotal {
  // Issue 26 item 5: what the family already owns stays in view, marked, but is not sold to it again.
  const isOwned = (row: ViewLine) => row.line_id === null && owned.has(row.sku_id);
  const rows = owned.size === 0 ? lines : lines.filter((row) => !isOwned(row));
  const applied = coupon && couponRefusal(coupon, rows, now) === null ? coupon : undefined;
  const discount = applied ? discountCents(applied, rows) : 0;
  let subtotal = 0;
  let fullPrice = 0;
  let monthly = 0;
  for (const row of rows) {
    subtotal += priceCents(row) * row.quantity;
    fullPrice += row.full_price_cents * row.quantity;
    if (chargesMonthly(row)) monthly += priceCents(row) * row.quantity;
  }
  // Every line in the cart, as the header's counter counts them.
  const itemCount = lines.reduce((sum, row) => sum + row.quantity, 0);
  const extra = cartCharges(rows, discount, charges);
  const due = subtotal - discount + extra.shippingCents + extra.taxCents;
  const giftCardAmount = balanceApplied(giftCardBalanceCents, balancePayable(rows, discount), due);
  return {
    cart: {
      id: cart?.id ?? null,
      user_id: cart?.user_id ?? null,
      shipping_type: shippingTypeOf(cart?.shipping_type),
      shipping_address_id: cart?.shipping_address_id ?? null,
      billing_address_id: cart?.billing_address_id ?? null,
    },
    skus: lines.map((row) => toLine(row, isOwned(row))),
    subtotal: toUsd(subtotal),
    fullPriceTotal: toUsd(fullPrice),
    monthlySubtotal: toUsd(monthly),
    shippingCost: toUsd(extra.shippingCents),
    taxTotal: toUsd(extra.taxCents),
    freeShipping: extra.freeShipping,
    addresses: extra.addresses,
    total: toUsd(subtotal - discount - giftCardAmount),
    fullTotal: toUsd(subtotal - discount - giftCardAmount + extra.shippingCents + extra.taxCents),
    coupon: applied ? { coupon: toCoupon(applied, lang), discount: toUsd(discount) } : null,
    coupons: applied ? [toCoupon(applied, lang)] : [],
    discountType: applied ? discountTypeOf(applied) : null,
    gift: cart ? giftOf(cart) : null,
    gift_card_amount: toUsd(giftCardAmount),
    itemCount,
  };
}

const EMPTY = () => cartTotal({ cart: undefined, rows: [] });

/** The total of what findTotalSource read. */
const totalFrom = (source: TotalSource, owned?: ReadonlySet<number>): CartTotal =>
  cartTotal({
    cart: source.cart,
    rows: source.lines,
    coupon: source.coupon,
    giftCardBalanceCents: source.giftCardBalanceCents,
    charges: chargesOf(source),
    owned,
    lang: source.lang,
  });

/**
 * The total of what findTotalSource read, with the lines its signed-in
 * owner already owns marked (issue 26 item 5: read in the same query).
 * `drop`: inside the cart's transaction, under its lock, they leave the cart
 * instead (checkout).
 */
async function ownerTotal(db: Db, source: TotalSource, drop = false): Promise<CartTotal> {
  const owned = ownedLineIds(
    { user_id: source.cart.user_id, isGift: giftOf(source.cart) !== null },
    source.lines,
    source.entitlements,
  );
  if (!drop || owned.size === 0) return totalFrom(source, owned);
  await cartRepository(db).deleteLines(source.cart.id, [...owned]);
  return totalFrom({ ...source, lines: source.lines.filter((l) => l.line_id !== null || !owned.has(l.sku_id)) });
}

/**
 * The total of a cart as it is now: its lines, its coupon, its gift, its
 * owner's gift card balance, its addresses and rates (findTotalSource),
 * the lines titled in `lang` (the site's language, CartOwner).
 */
export async function totalOf(db: Db, cart: CartRow, { lang, dropOwned = false }: { lang?: LangCode; dropOwned?: boolean } = {}) {
  const source = await cartRepository(db).findTotalSource({ cartId: cart.id }, lang);
  if (!source) throw new Error(`Cart ${cart.id} not found`);
  return ownerTotal(db, source, dropOwned);
}

/**
 * Inside a transaction: locks the signed-in user's cart `cartId` until the
 * transaction ends and answers its total as it stands under the lock;
 * undefined when that cart is not theirs (checkout, orders/purchases.service.ts).
 * Lines the family already owns leave the cart here, before anything is
 * charged (issue 26 item 5); the cart page left them out of its total too,
 * so the total the family saw still holds. The lines are titled in `lang`,
 * the order's language (issue 26 item 14): the order keeps those titles.
 */
export async function lockUserCartTotal(
  trx: Db,
  userId: number,
  cartId: number,
  lang?: LangCode,
): Promise<CartTotal | undefined> {
  const cart = await cartRepository(trx).lockAndReadCart({ userId });
  if (cart?.id !== cartId) return undefined;
  return totalOf(trx, cart, { lang, dropOwned: true });
}

/**
 * The cart (spec §3 Cart, §4): a guest's lives in the session, a signed-in
 * user's belongs to the user. Every change runs in one transaction that
 * first locks the cart row, so concurrent requests (two tabs, a double
 * click, two devices of one family) apply one after the other and the
 * album/track rule always holds. Reading never creates a session or a cart.
 */
export function cartService(db: Db) {
  const repo = cartRepository(db);
  /** Signed-in families' totals as written, by family and site language, with their tags (viewText). */
  const totals = keptPages();

  /**
   * The owner's cart locked for an edit (made first when `create`). A cart
   * whose order waits for the bank's check (3-D Secure) takes no edit until
   * that order is paid or given up (issue 26 item 9): the order bought the
   * cart as it was, and paying would silently undo what changed since.
   */
  async function lockForEdit(tx: CartRepository, owner: CartOwner, create: boolean) {
    const cart = await tx.lockCartForEdit(keyOf(owner), create);
    if (cart?.pending_order) throw new AppError('conflict', 'cart_order_pending');
    return cart?.id;
  }

  /**
   * Runs an edit of the owner's cart under its row lock and answers the new
   * total. `create`: make the cart if there is none (adds); otherwise
   * the edit runs on an empty draft and nothing is written. An edit that
   * would bring a subscription into a gift order is refused before
   * anything is written (spec §5 Gift vs subscription).
   */
  function change(owner: CartOwner | undefined, create: boolean, edit: (draft: Draft) => void): Promise<CartTotal> {
    if (!owner) {
      edit(new Map());
      return Promise.resolve(EMPTY());
    }
    return db.transaction().execute(async (trx) => {
      const tx = cartRepository(trx);
      const cartId = await lockForEdit(tx, owner, create);
      if (cartId === undefined) {
        edit(new Map());
        return EMPTY();
      }
      const cart = await tx.findCartById(cartId);
      const before = await tx.lockedLines(cartId);
      const draft: Draft = new Map(before.map((l) => [l.sku_id, { ...l }]));
      edit(draft);
      const added = linesAdded(before, draft.values());
      if (giftOf(cart)) assertGiftable([...draft.values()]);
      // Issue 26 item 5: a family's own order does not take what it already owns (a gift order may).
      else await assertNotOwned(trx, owner.userId, added);
      await assertNoSecondPlan(trx, owner.userId, added);
      // A counted CD or book takes no more than is left to sell (409 sold_out, stock_short); a line that only keeps
      // or lowers its quantity is never refused for it (checkout says so instead).
      await assertInStock(trx, grown(before, draft));
      if ((await persist(tx, cartId, before, draft)) && !create) await tx.touchCart(cartId);
      return totalOf(trx, cart, { lang: owner.lang });
    });
  }

  /**
   * Runs a change of the owner's coupon under the cart's row lock, like
   * `change`, so two coupons sent at once apply one after the other and
   * the second finds the first. `edit` answers the coupon the cart holds
   * next. Without a cart, `noCart` answers.
   */
  function changeCoupon(
    owner: CartOwner | undefined,
    noCart: () => CartTotal,
    edit: (trx: Db, cart: CartRow, lines: ViewLine[]) => Promise<number | null>,
  ): Promise<CartTotal> {
    if (!owner) return Promise.resolve(noCart());
    return db.transaction().execute(async (trx) => {
      const tx = cartRepository(trx);
      const cartId = await lockForEdit(tx, owner, false);
      if (cartId === undefined) return noCart();
      const cart = await tx.findCartById(cartId);
      const next = await edit(trx, cart, await tx.viewLines(cartId));
      if (next === cart.coupon_id) return totalOf(trx, cart, { lang: owner.lang });
      await tx.setCoupon(cartId, next);
      return totalOf(trx, { ...cart, coupon_id: next }, { lang: owner.lang });
    });
  }

  /**
   * Runs an edit of the owner's cart row and its amount lines under the
   * cart's row lock, and answers the new total; without a cart, `noCart`
   * answers (or, with `create`, the cart is made).
   */
  function changeCart(
    owner: CartOwner | undefined,
    create: boolean,
    noCart: () => CartTotal,
    edit: (tx: CartRepository, cartId: number) => Promise<unknown>,
  ): Promise<CartTotal> {
    if (!owner) return Promise.resolve(noCart());
    return db.transaction().execute(async (trx) => {
      const tx = cartRepository(trx);
      const cartId = await lockForEdit(tx, owner, create);
      if (cartId === undefined) return noCart();
      await edit(tx, cartId);
      return totalOf(trx, await tx.findCartById(cartId), { lang: owner.lang });
    });
  }

  async function findSku(skuId: number) {
    const [sku] = await repo.findSkus([skuId]);
    return sku;
  }

  return {
    /**
     * The owner's cart total written by `write` (the route's serializer). A signed-in family's is kept and served
     * again while its tag (cart.repository.ts cartTag: its versions, the shop's, the copies left of its counted
     * skus, its coupon's redemptions) is the one it was read under, and until its coupon expires (decision 088): one small query instead of
     * the total's. A guest's cart (a session's, which moves no family's version) is read each time.
     */
    async viewText(owner: CartOwner | undefined, write: (total: CartTotal) => string): Promise<string> {
      if (!owner || owner.userId === null) return write(await this.view(owner));
      const key = `${owner.userId}|${owner.lang ?? ''}`;
      const kept = totals.get(key, await repo.cartTag(owner.userId));
      if (kept !== undefined) return kept;
      const source = await repo.findTotalSource(keyOf(owner), owner.lang);
      if (!source) return write(EMPTY());
      const text = write(await ownerTotal(db, source));
      const expires = source.coupon?.expires_at ? new Date(source.coupon.expires_at).getTime() : Number.NaN;
      totals.set(key, source.tag, text, expires > Date.now() ? expires : undefined);
      return text;
    },

    /** The owner's cart total: one query (findTotalSource), no transaction. */
    async view(owner: CartOwner | undefined): Promise<CartTotal> {
      const source = owner && (await repo.findTotalSource(keyOf(owner), owner.lang));
      return source ? ownerTotal(db, source) : EMPTY();
    },

    /** The counter: the number of items (sum of quantities). */
    itemCount(owner: CartOwner | undefined) {
      return owner ? repo.itemCount(keyOf(owner)) : Promise.resolve(0);
    },

    /**
     * POST /crud/cart-session/skus. The sku is checked before a session is
     * opened, so a refused add leaves a visitor without a session or cart.
     */
    async add(openOwner: () => Promise<CartOwner>, input: { sku_id: number; quantity: number; auto_update: boolean }) {
      const sku = await findSku(input.sku_id);
      assertAddable(sku, input.quantity, 'sku_id');
      return change(await openOwner(), true, (draft) => {
        if (applyAdd(draft, sku, input.quantity, input.auto_update) === 'covered_by_album') {
          throw new AppError('conflict', 'album_in_cart');
        }
      });
    },

    /**
     * POST /crud/cart-session/skus/many: all or nothing. Albums are applied
     * first, so a track of an album in the same request is covered whatever
     * the order the client sent.
     */
    async addMany(openOwner: () => Promise<CartOwner>, skuIds: readonly number[]) {
      const ids = [...new Set(skuIds)];
      const byId = new Map((await repo.findSkus(ids)).map((s) => [s.id, s]));
      const skus = ids.map((id) => {
        const sku = byId.get(id);
        assertAddable(sku, 1, `sku_ids.${skuIds.indexOf(id)}`);
        return sku;
      });
      const albumsFirst = [...skus].sort((a, b) => Number(b.type === 'digital_album') - Number(a.type === 'digital_album'));
      return change(await openOwner(), true, (draft) => {
        for (const sku of albumsFirst) applyAdd(draft, sku, 1, false);
      });
    },

    /** POST /crud/cart-session/skus/quantity: physical and book lines only (spec §2 Cart). */
    async setQuantity(owner: CartOwner | undefined, skuId: number, quantity: number) {
      const sku = await findSku(skuId);
      if (!sku) throw new AppError('not_found', 'item_not_found');
      if (!isQuantityEditable(sku.type)) {
        throw new AppError('invalid_data', 'quantity_not_editable', {}, { quantity: { key: 'errors.quantity_not_editable' } });
      }
      return change(owner, false, (draft) => {
        const line = draft.get(skuId);
        if (!line) throw new AppError('not_found', 'item_not_found');
        line.quantity = quantity;
      });
    },

    /** DELETE /crud/cart-session/skus: removing what is not in the cart changes nothing. */
    async remove(owner: CartOwner | undefined, skuId: number) {
      if (!(await findSku(skuId))) throw new AppError('not_found', 'item_not_found');
      return change(owner, false, (draft) => {
        draft.delete(skuId);
      });
    },

    /** DELETE /crud/cart-session/tracks: the product's single tracks leave the cart. */
    async removeTracks(owner: CartOwner | undefined, productId: number) {
      if (!(await repo.productExists(productId))) throw new AppError('not_found', 'item_not_found');
      return change(owner, false, (draft) => {
        for (const line of [...draft.values()]) {
          if (line.type === 'digital_track' && line.product_id === productId) draft.delete(line.sku_id);
        }
      });
    },

    /**
     * POST /crud/cart-session/coupons (issue 12): one coupon per cart, never
     * with a donation. A coupon is for something being bought, so it opens
     * no session and makes no cart. The same coupon again changes nothing;
     * a coupon the cart holds that no longer applies (the family sees none)
     * is replaced rather than blocking another. Applying counts no
     * redemption: checkout counts it when the order is paid. Issue 26 item
     * 3: the cart takes only a coupon this session found by its code (a
     * guessed id is coupon_not_found), and applying is rate-limited per
     * client like the look-up.
     */
    async applyCoupon(owner: CartOwner | undefined, couponId: number, clientIp: string) {
      await enforceApplyRateLimit(db, clientIp);
      const refused = () => {
        throw new AppError('conflict', 'coupon_could_not_apply');
      };
      if (!owner) return refused();
      const { sessionId } = owner;
      return changeCoupon(owner, refused, async (trx, cart, lines) => {
        const coupons = couponRepository(trx);
        const now = new Date();
        assertApplicable(await couponToApply(coupons, { sessionId, couponId, heldId: cart.coupon_id }), lines, now);
        if (cart.coupon_id !== null && cart.coupon_id !== couponId) {
          const held = await coupons.findById(cart.coupon_id);
          if (couponRefusal(held, lines, now) === null) throw new AppError('conflict', 'coupon_one_per_cart');
        }
        return couponId;
      });
    },

    /** DELETE /crud/cart-session/coupons: removing a coupon the cart does not hold changes nothing. */
    removeCoupon(owner: CartOwner | undefined, couponId: number) {
      return changeCoupon(owner, EMPTY, async (_trx, cart) => (cart.coupon_id === couponId ? null : cart.coupon_id));
    },

    /**
     * POST /crud/cart-session/gift (spec §3 Gift, §4 Cart): the order is a
     * gift to this recipient, replacing one set before. Like a coupon, a
     * gift is for something being bought: it opens no session and makes no
     * cart, and a visitor without a cart gets the general conflict (there
     * is nothing to mark). Runs under the cart's row lock, so a subscription
     * added in another tab at the same moment meets the mark or is met by it.
     */
    markGift(owner: CartOwner | undefined, gift: CartGift) {
      if (!owner) throw new AppError('conflict', 'conflict');
      return db.transaction().execute(async (trx) => {
        const tx = cartRepository(trx);
        const cartId = await lockForEdit(tx, owner, false);
        if (cartId === undefined) throw new AppError('conflict', 'conflict');
        const amountLines = (await tx.amountLineTypes(cartId)).map((type) => ({ type }));
        assertMarkable([...(await tx.lockedLines(cartId)), ...amountLines]);
        await tx.setGift(cartId, gift);
        return totalOf(trx, await tx.findCartById(cartId), { lang: owner.lang });
      });
    },

    /**
     * POST /crud/cart-session/donations (issue 12 item 4): every donation of
     * the list, or none. The funds are checked before a session is opened,
     * so a refused list leaves a new visitor without a session or cart; the
     * limit is checked again under the cart's lock.
     */
    async addDonations(openOwner: () => Promise<CartOwner>, donations: readonly DonationInput[]) {
      const rule = await givingFeeService(db).rule();
      await donationLines(repo, undefined, donations, rule);
      const owner = await openOwner();
      return changeCart(owner, true, EMPTY, async (tx, cartId) => {
        const lines = await donationLines(tx, cartId, donations, rule);
        // The titles are the page's, in the site's language (issue 26 item 14).
        await tx.insertAmountLines(lines(cartId), owner.lang);
      });
    },

    /** DELETE /crud/cart-session/donations?line_id: a donation not in this cart is 404 donation_not_found. */
    removeDonation(owner: CartOwner | undefined, lineId: number) {
      const missing = () => {
        throw new AppError('not_found', 'donation_not_found');
      };
      return changeCart(owner, false, missing, async (tx, cartId) => {
        if ((await tx.deleteAmountLines(cartId, DONATION_LINE_TYPES, lineId)) === 0) missing();
      });
    },

    /**
     * POST /crud/cart-session/gift-card (issue 12 item 5): a gift card of the
     * family's amount for its recipient; one per order (409 gift_card_in_cart).
     */
    async addGiftCard(openOwner: () => Promise<CartOwner>, card: Required<GiftCardBody>) {
      await giftCardSku(repo);
      return changeCart(await openOwner(), true, EMPTY, async (tx, cartId) => {
        await assertNoGiftCard(tx, cartId);
        await tx.insertAmountLines([giftCardLine(cartId, await giftCardSku(tx), card)]);
      });
    },

    /** DELETE /crud/cart-session/gift-card: removing a gift card that is not there changes nothing. */
    removeGiftCard(owner: CartOwner | undefined) {
      return changeCart(owner, false, EMPTY, (tx, cartId) => tx.deleteAmountLines(cartId, GIFT_CARD_LINE_TYPES));
    },

    /** DELETE /crud/cart-session/gift: unmarking a cart that is no gift (or no cart) changes nothing. */
    async unmarkGift(owner: CartOwner | undefined) {
      if (!owner) return EMPTY();
      return db.transaction().execute(async (trx) => {
        const tx = cartRepository(trx);
        const cartId = await lockForEdit(tx, owner, false);
        if (cartId === undefined) return EMPTY();
        const cart = await tx.findCartById(cartId);
        if (!giftOf(cart)) return totalOf(trx, cart, { lang: owner.lang });
        await tx.setGift(cartId, null);
        return totalOf(trx, await tx.findCartById(cartId), { lang: owner.lang });
      });
    },
  };
}
export type CartService = ReturnType<typeof cartService>;

/**
 * Login and sign-up: the guest cart of the session that signed in joins the
 * user's cart under the add rules: a digital album replaces its single
 * tracks (and covers them), one subscription (the guest's choice wins),
 * quantities of physical and book lines add up (at most MAX_LINE_QUANTITY),
 * one gift card (the guest's), at most MAX_DONATION_LINES donations (the
 * first in the cart's order), nothing the account already owns. What does
 * not fit is dropped, never refused: signing in does not fail for it
 * (issue 26 item 11). The guest cart
 * is then deleted, in the same transaction, which is what makes the merge
 * happen once: two logins sent at once with one guest cookie (two tabs)
 * both lock the guest cart first; the second waits, then finds it gone and
 * merges nothing, and both sessions see the one user cart. A signed-in
 * session has no session cart, so switching accounts merges nothing.
 */
export async function mergeGuestCart(db: Db, { fromSessionId, userId }: { fromSessionId: string | undefined; userId: number }) {
  if (fromSessionId === undefined) return;
  await db.transaction().execute(async (trx) => {
    const tx = cartRepository(trx);
    // Guest first, then the user's: every path takes the two locks in this order.
    const guest = await tx.lockCart({ sessionId: fromSessionId });
    if (guest === undefined) return;
    const mine = await tx.lockOrCreateCart({ userId });
    const before = await tx.lockedLines(mine);
    if (before.length === 0) {
      // The guest cart already keeps the rules; moved rows keep when they were added (the cart's order).
      await tx.moveLines(guest, mine);
    } else {
      const draft: Draft = new Map(before.map((l) => [l.sku_id, { ...l }]));
      const incoming = await tx.lockedLines(guest);
      // Albums first, so a guest track of a guest album is covered whatever the order.
      incoming.sort((a, b) => Number(b.type === 'digital_album') - Number(a.type === 'digital_album'));
      for (const line of incoming) {
        const existing = draft.get(line.sku_id);
        if (existing) {
          if (isQuantityEditable(line.type)) existing.quantity = Math.min(MAX_LINE_QUANTITY, existing.quantity + line.quantity);
          continue;
        }
        applyAdd(
          draft,
          { id: line.sku_id, type: line.type, product_id: line.product_id },
          isQuantityEditable(line.type) ? line.quantity : 1,
          false,
        );
      }
      await persist(tx, mine, before, draft);
      await tx.moveAmountLines(guest, mine);
    }
    await capDonationLines(tx, mine);
    // The guest's coupon comes along and, one per cart, replaces the user's: it was chosen last.
    const guestCart = await tx.findCartById(guest);
    if (guestCart.coupon_id !== null) await tx.setCoupon(mine, guestCart.coupon_id);
    // So does the guest's gift, replacing the user's. Lines win over the mark: a merged
    // cart holding a subscription is no gift (spec §5), and ticking the box again says why.
    const userCart = await tx.findCartById(mine);
    const gift = giftOf(guestCart) ?? giftOf(userCart);
    const next = gift && !holdsSubscription(await tx.lockedLines(mine)) ? gift : null;
    if (next !== null || giftOf(userCart) !== null) await tx.setGift(mine, next);
    // Issue 26 item 5: what the account already owns leaves its own order (a gift's stays: it is for someone else).
    if (next === null) await dropOwnedLines(trx, mine, userId);
    // Issue 28: one plan at a time; a guest's plan does not join an account whose plan is active.
    await dropSecondPlan(trx, mine, userId);
    await tx.deleteCart(guest);
  });
}
