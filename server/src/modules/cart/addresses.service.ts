import {
  type AddressBody,
  type AddressType,
  type CartTotal,
  isUsCountry,
  type LangCode,
  type ShippingTiersResponse,
  ShippingType,
} from '@storyhouse/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { toUsd } from '../../lib/money';
import { keepCheckoutAddress } from '../accounts/checkout-address';
import { enforceRateLimit, type RateLimit } from '../rate-limit/rate-limit';
import { addressesRepository } from './addresses.repository';
import { type CartRow, cartRepository } from './cart.repository';
import { totalOf } from './cart.service';
import { giftOf } from './gift.service';
import { shippingCharge, zoneOf } from './shipping';

/** Per user: a family fixes a typo or two at checkout; a script does not get to fill the address book. */
export const ADDRESS_SAVE_RATE_LIMIT: RateLimit = { limit: 60, windowSeconds: 60 * 60 };

/** The address as the contract passes it on: trimmed, checked. */
type Address = z.output<typeof AddressBody>;

/** Another owner's cart (or a guest's) is not there for this user: 404, as for an id that does not exist. */
const notYours = () => new AppError('not_found', 'item_not_found');

/**
 * Issue 27 item 12: the account's address changed in settings, so the
 * user's cart lets go of its addresses; its next checkout starts from the
 * account's (GET /crud/user) instead of the one given last time.
 */
export async function forgetCartAddresses(db: Db, userId: number) {
  await addressesRepository(db).forgetCartAddresses(userId);
}

/**
 * Issue 12 item 7 (spec §7 Cart): a signed-in user's cart addresses and
 * shipping method. The cart must be the caller's; every change runs under
 * the cart's row lock, like the other cart changes (cart.service.ts), and
 * answers the new CartTotal, its lines titled in `lang` (the site's).
 */
export function addressesService(db: Db) {
  /** Runs `edit` under the lock of the user's cart `cartId` and answers the new total; 404 if it is not theirs. */
  function changeOwnCart(
    userId: number,
    cartId: number,
    lang: LangCode | undefined,
    edit: (trx: Db, cart: CartRow) => Promise<void>,
  ): Promise<CartTotal> {
    return db.transaction().execute(async (trx) => {
      const tx = cartRepository(trx);
      if ((await tx.lockCart({ userId })) !== cartId) throw notYours();
      await edit(trx, await tx.findCartById(cartId));
      return totalOf(trx, await tx.findCartById(cartId), { lang });
    });
  }

  return {
    /**
     * POST /crud/cart/{cartId}/address/{type}: saves the address in the
     * user's address book and sets it on the cart. The contract checked the
     * fields (spec §5 Checkout); the country must be one of GET
     * /crud/countries. A shipping address outside the US leaves no method to
     * choose, so the cart goes back to economy (the default).
     */
    async setAddress(userId: number, cartId: number, type: AddressType, address: Address, lang?: LangCode): Promise<CartTotal> {
      const repo = addressesRepository(db);
      if (!(await repo.countryExists(address.country_id))) {
        throw new AppError('invalid_data', 'validation_failed', {}, { country_id: { key: 'validation.invalid' } });
      }
      await enforceRateLimit(db, `address-save:${userId}`, ADDRESS_SAVE_RATE_LIMIT);
      return changeOwnCart(userId, cartId, lang, async (trx, cart) => {
        const tx = addressesRepository(trx);
        const saved = await tx.saveAddress(userId, address);
        await tx.setCartAddress(cartId, type, saved.id);
        // Issue 27 item 12: the account keeps where the family ships; its card's address when nothing ships, or
        // when the order is a gift (shipped to the recipient, whose address is not the family's).
        const gift = giftOf(cart) !== null;
        if (type === 'shipping' ? !gift : gift || cart.shipping_address_id === null) {
          await keepCheckoutAddress(trx, userId, saved);
        }
        if (type === 'shipping' && !isUsCountry(saved.country_id) && cart.shipping_type !== 'economy') {
          await tx.setShippingType(cartId, 'economy');
        }
      });
    },

    /**
     * POST /crud/cart/{cartId}/shipping: `user_id` is the caller's (403
     * otherwise). Priority needs a US shipping address (spec §5); economy
     * is always the cart's to choose.
     */
    async setShipping(userId: number, cartId: number, body: { user_id: number; shipping_type: ShippingType }, lang?: LangCode) {
      if (body.user_id !== userId) throw new AppError('not_allowed', 'forbidden');
      return changeOwnCart(userId, cartId, lang, async (trx, cart) => {
        const tx = addressesRepository(trx);
        if (body.shipping_type === 'priority') {
          const address = cart.shipping_address_id === null ? undefined : await tx.ownAddress(userId, cart.shipping_address_id);
          const field = { shipping_type: { key: 'errors.shipping_address_missing' as const } };
          if (!address) throw new AppError('conflict', 'shipping_address_missing', {}, field);
          if (!isUsCountry(address.country_id)) {
            throw new AppError(
              'conflict',
              'shipping_priority_us_only',
              {},
              {
                shipping_type: { key: 'errors.shipping_priority_us_only' },
              },
            );
          }
        }
        if (cart.shipping_type !== body.shipping_type) await tx.setShippingType(cartId, body.shipping_type);
      });
    },

    /**
     * GET /crud/shipping-tiers/{cartId}?country_id: the methods a US address
     * chooses from, each with this cart's price and free-shipping status; for
     * other countries their one rate. For the cart's shipping address, or for
     * `countryId` (the country of an address not saved yet: issue 27 item 7
     * shows the options as soon as the address is complete); nothing
     * without either.
     */
    async tiers(userId: number, cartId: number, countryId?: number): Promise<ShippingTiersResponse> {
      const carts = cartRepository(db);
      const cart = await carts.findCart({ userId });
      if (cart?.id !== cartId) throw notYours();
      const repo = addressesRepository(db);
      const saved = cart.shipping_address_id === null ? undefined : await repo.ownAddress(userId, cart.shipping_address_id);
      const country = countryId ?? saved?.country_id;
      if (country === undefined) return { zone: null, tiers: [], rate_usd: null };
      const zone = zoneOf(country);
      const [lines, rates] = await Promise.all([carts.viewLines(cartId), repo.shippingRates()]);
      const priced = (type: ShippingType) => shippingCharge(lines, country, type, rates);
      if (zone !== 'us') return { zone, tiers: [], rate_usd: toUsd(priced('economy').cents) };
      return {
        zone,
        tiers: ShippingType.options.map((shipping_type) => {
          const charge = priced(shipping_type);
          return { shipping_type, price_usd: toUsd(charge.cents), freeShipping: charge.freeShipping };
        }),
        rate_usd: null,
      };
    },
  };
}
