import type { CartLine, GiftBody } from '@storyhouse/contracts';
import { expect } from 'vitest';
import { type App, responseCookie } from './app';

/** The cart's calls (spec §7), coupons and gift included. */
export const CART_PATHS = {
  /** GET the lines, POST one sku, DELETE one line (`?sku_id=`). */
  skus: '/crud/cart-session/skus',
  /** POST several skus at once. */
  many: '/crud/cart-session/skus/many',
  /** POST a line's quantity; GET the counter (the sum of quantities). */
  quantity: '/crud/cart-session/skus/quantity',
  total: '/crud/cart-session/total',
  /** DELETE a product's single tracks (`?product_id=`). */
  tracks: '/crud/cart-session/tracks',
  /** POST a coupon, DELETE it (`?coupon_id=`). */
  coupons: '/crud/cart-session/coupons',
  /** GET a coupon by its code (`/:code`). */
  couponCode: '/crud/coupon/code',
  /** POST the gift recipient, DELETE the mark. */
  gift: '/crud/cart-session/gift',
  /** POST a list of donations, DELETE one (`?line_id=`). */
  donations: '/crud/cart-session/donations',
  /** POST a gift card, DELETE it. */
  giftCard: '/crud/cart-session/gift-card',
} as const;

let clients = 0;

/** A client address no other visitor or login of this test file has, so per-IP rate limits are met only where a test means to. */
function nextClientAddress() {
  clients += 1;
  return `10.12.${Math.floor(clients / 256)}.${clients % 256}`;
}

/**
 * A browser: keeps the session cookie the server sets, like a real one, has
 * a client address of its own, and speaks the cart, coupon and gift calls.
 */
export function cartVisitor(app: App, initialCookie?: string) {
  let cookie = initialCookie;
  const remoteAddress = nextClientAddress();
  const send = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      remoteAddress,
      ...(payload ? { payload } : {}),
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    });
    const sid = responseCookie(res, 'sid');
    if (sid?.value) cookie = `sid=${sid.value}`;
    return res;
  };
  const lines = async () => (await send('GET', CART_PATHS.skus)).json() as CartLine[];
  return {
    get cookie() {
      return cookie;
    },
    send,
    add: (skuId: number, quantity = 1, options: { auto_update?: boolean } = {}) =>
      send('POST', CART_PATHS.skus, { sku_id: skuId, quantity, ...options }),
    addMany: (skuIds: number[]) => send('POST', CART_PATHS.many, { sku_ids: skuIds }),
    setQuantity: (skuId: number, quantity: unknown) => send('POST', CART_PATHS.quantity, { sku_id: skuId, quantity }),
    remove: (skuId: number | string) => send('DELETE', `${CART_PATHS.skus}?sku_id=${skuId}`),
    removeTracks: (productId: number | string) => send('DELETE', `${CART_PATHS.tracks}?product_id=${productId}`),
    lines,
    /** The cart as [sku id, quantity] pairs, in cart order. */
    contents: async () => (await lines()).map((l) => [l.sku_id, l.quantity]),
    total: () => send('GET', CART_PATHS.total),
    count: async () => (await send('GET', CART_PATHS.quantity)).json().quantity as number,
    lookupCoupon: (code: string) => send('GET', `${CART_PATHS.couponCode}/${encodeURIComponent(code)}`),
    /** POST a coupon by its id alone: the cart takes it only once this session looked its code up. */
    applyCoupon: (couponId: number) => send('POST', CART_PATHS.coupons, { coupon_id: couponId }),
    /** The web's coupon form (spec §7): looks the code up, then applies the coupon found; a refused look-up answers. */
    async useCoupon(code: string) {
      const found = await send('GET', `${CART_PATHS.couponCode}/${encodeURIComponent(code)}`);
      if (found.statusCode !== 200) return found;
      return send('POST', CART_PATHS.coupons, { coupon_id: found.json().id });
    },
    removeCoupon: (couponId: number | string) => send('DELETE', `${CART_PATHS.coupons}?coupon_id=${couponId}`),
    markGift: (gift: GiftBody) => send('POST', CART_PATHS.gift, gift),
    unmarkGift: () => send('DELETE', CART_PATHS.gift),
    /** Sends the list as it is (a bad one too: not an array, 1,000 entries). */
    donate: (donations: unknown) => send('POST', CART_PATHS.donations, donations as object),
    removeDonation: (lineId: unknown) => send('DELETE', `${CART_PATHS.donations}?line_id=${lineId}`),
    addGiftCard: (card: object) => send('POST', CART_PATHS.giftCard, card),
    removeGiftCard: () => send('DELETE', CART_PATHS.giftCard),
  };
}

export type CartVisitor = ReturnType<typeof cartVisitor>;

/** A new visitor whose cart holds these skus (one of each). */
export async function withCart(app: App, ...skuIds: number[]): Promise<CartVisitor> {
  const v = cartVisitor(app);
  for (const id of skuIds) expect((await v.add(id)).statusCode).toBe(200);
  return v;
}

/**
 * Signs the user in from a browser holding that cookie (a guest's, say), from
 * a client address of its own; answers a visitor of the signed-in session.
 */
export async function logIn(app: App, user: { email: string; password: string }, cookie?: string): Promise<CartVisitor> {
  const res = await app.inject({
    method: 'POST',
    url: '/crud/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: nextClientAddress(),
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return cartVisitor(app, `sid=${responseCookie(res, 'sid')?.value}`);
}
