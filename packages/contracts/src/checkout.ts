import { z } from 'zod';
import { AddressBody, ShippingType } from './addresses';
import { GIFT_MESSAGE_MAX } from './cart';
import { text } from './text-fields';

const addressKeys = Object.keys(AddressBody.shape) as (keyof AddressBody)[];

/** A country id as a select holds it ("33"); empty is no country ("Required"), anything else not a number ("Invalid"). */
const countryIdOf = (v: unknown) =>
  v === '' || v == null ? undefined : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v;

/**
 * An address as a checkout form holds it (shipping at /checkout, billing at
 * /payment): the form's AddressBody fields, the country as a select's value.
 * The rules are AddressBody's (spec §5 Checkout), the form's other values
 * are not part of it, and the output is the body the server takes.
 */
export const AddressFormValues = z.preprocess((v) => {
  if (v === null || typeof v !== 'object') return v;
  const values = v as Record<string, unknown>;
  return { ...Object.fromEntries(addressKeys.map((k) => [k, values[k]])), country_id: countryIdOf(values.country_id) };
}, AddressBody);

/** The field names of an address form, in AddressBody's order. */
export const addressFormKeys: readonly (keyof AddressBody)[] = addressKeys;

/**
 * Spec §5 Checkout, beside the address: a shipping method when the address
 * has methods to choose (`hasMethods`: a US address, spec §5 Free shipping),
 * and a gift message when "Add a message" is ticked on a gift order.
 */
export const checkoutChoices = (hasMethods: boolean) =>
  z
    .object({
      shipping_type: ShippingType.or(z.literal('')),
      add_message: z.boolean(),
      gift_message: text().trim().max(GIFT_MESSAGE_MAX),
    })
    .superRefine((v, ctx) => {
      if (hasMethods && v.shipping_type === '') {
        ctx.addIssue({ code: 'custom', path: ['shipping_type'], message: 'validation.required' });
      }
      if (v.add_message && v.gift_message === '') {
        ctx.addIssue({ code: 'custom', path: ['gift_message'], message: 'validation.required' });
      }
    });
export type CheckoutChoices = z.output<ReturnType<typeof checkoutChoices>>;

/** The /checkout form (spec §2 step 1 of 2): the shipping address and the choices beside it. */
export const checkoutShippingForm = (hasMethods: boolean) => z.intersection(AddressFormValues, checkoutChoices(hasMethods));
