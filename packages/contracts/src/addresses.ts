import { z } from 'zod';
import { AddressResponse, COUNTRY_ID, statesOf } from './accounts-profile';
import { SiteQuery } from './common';
import { EmailAddress } from './forms-contact';
import { Id, IdParam } from './numbers';
import { requiredText } from './text-fields';

/** Spec §5 Free shipping: a US address is one in the United States or its territories. */
export const US_COUNTRY_IDS: readonly number[] = [
  COUNTRY_ID.unitedStates,
  COUNTRY_ID.puertoRico,
  COUNTRY_ID.usVirginIslands,
  COUNTRY_ID.americanSamoa,
  COUNTRY_ID.northernMarianaIslands,
  COUNTRY_ID.guam,
];

/** Whether a country id is the United States or one of its territories (spec §5). */
export const isUsCountry = (countryId: number | null | undefined) => countryId != null && US_COUNTRY_IDS.includes(countryId);

/**
 * Spec §4 Cart, §9: economy (the default) or priority. Priority is offered
 * for US addresses only; elsewhere the international rate applies whatever
 * the cart says.
 */
export const ShippingType = z.enum(['economy', 'priority']);
export type ShippingType = z.infer<typeof ShippingType>;

/**
 * Spec §5 Free shipping, for the items that ship: all of them ship free,
 * some of them (the others pay shipping), or none (priority, a non-US
 * address, or no item that ships free).
 */
export const FreeShippingStatus = z.enum(['qualified_all', 'qualified_some', 'disqualified']);
export type FreeShippingStatus = z.infer<typeof FreeShippingStatus>;

/**
 * POST /crud/cart/{cartId}/address/{type}: spec §3 Address, validated by
 * spec §5 Checkout (every field required, a valid e-mail). `country_id` is an
 * id of GET /crud/countries (the server refuses any other); `state` is a code
 * of GET /crud/states for the US (33) and Canada (87), free text elsewhere.
 */
export const AddressBody = z
  .strictObject({
    fname: requiredText(100),
    lname: requiredText(100),
    email: EmailAddress,
    phone: requiredText(40),
    line1: requiredText(200),
    country_id: Id,
    state: requiredText(100),
    city: requiredText(100),
    postal_code: requiredText(20),
  })
  .superRefine((v, ctx) => {
    const states = statesOf(v.country_id);
    if (states && !states.some(([code]) => code === v.state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: v.country_id === COUNTRY_ID.canada ? 'account.validation.provinceInvalid' : 'account.validation.stateInvalid',
      });
    }
  });
export type AddressBody = z.input<typeof AddressBody>;

/** Which of the cart's addresses: where it ships, or the card's. */
export const AddressType = z.enum(['shipping', 'billing']);
export type AddressType = z.infer<typeof AddressType>;

export const CartAddressParams = z.strictObject({ cartId: IdParam, type: AddressType });
/** GET /crud/shipping-tiers/{cartId}, POST /crud/cart/{cartId}/shipping. */
export const CartIdParams = z.strictObject({ cartId: IdParam });

/**
 * POST /crud/cart/{cartId}/shipping (spec §7): the shipping method of the
 * signed-in user's cart (`user_id` is theirs). Priority needs a US shipping
 * address. Answers the new CartTotal.
 */
export const ShippingBody = z.strictObject({ user_id: Id, shipping_type: ShippingType });
export type ShippingBody = z.input<typeof ShippingBody>;

/** One method a US address may choose, with what it costs this cart. */
export const ShippingTier = z
  .object({
    shipping_type: ShippingType,
    /** The cart's shipping with this method, in US dollars. */
    price_usd: z.number().describe('US dollars, 2 decimals'),
    /** Spec §5 Free shipping with this method; null when nothing in the cart ships. */
    freeShipping: FreeShippingStatus.nullable(),
  })
  .meta({ id: 'ShippingTier' });
export type ShippingTier = z.infer<typeof ShippingTier>;

/**
 * GET /crud/shipping-tiers/{cartId}?country_id: the methods to choose for the
 * cart's shipping address, or (issue 27 item 7) for the country of the
 * address the family is still typing, so the options show before anything
 * is saved. A US address (spec §5) chooses economy or priority; Canada and
 * other countries have none to choose (`tiers` empty: their one rate is
 * `rate_usd`); no address yet, none either (`zone` null).
 */
export const ShippingTiersQuery = SiteQuery.extend({ country_id: IdParam.optional() });
export const ShippingTiersResponse = z
  .object({
    zone: z.enum(['us', 'canada', 'international']).nullable(),
    tiers: z.array(ShippingTier),
    /** Canada and other countries: what shipping costs this cart there (no free shipping), in US dollars; else null. */
    rate_usd: z.number().nullable().describe('US dollars, 2 decimals'),
  })
  .meta({ id: 'ShippingTiers' });
export type ShippingTiersResponse = z.infer<typeof ShippingTiersResponse>;

/** The cart's addresses in the cart total (spec §3 Cart total `addresses`). */
export const CartAddresses = z.object({ shipping: AddressResponse.nullable(), billing: AddressResponse.nullable() });
export type CartAddresses = z.infer<typeof CartAddresses>;
