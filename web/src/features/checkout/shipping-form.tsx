import {
  type AddressBody,
  AddressFormValues,
  type AddressResponse,
  addressFormKeys,
  type CartTotal,
  type CheckoutChoices,
  checkoutShippingForm,
  GIFT_MESSAGE_MAX,
  isUsCountry,
  type ShippingTiersResponse,
  type ShippingType,
  type UserResponse,
} from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressFormFields, type AddressValues, initialAddress } from '../../components/address/address-form-fields';
import { markGift } from '../../components/cart/api/mark-gift';
import { shippingPrice } from '../../components/cart/shipping-price';
import { showTotal } from '../../components/cart/show-total';
import { useI18n } from '../../lib/i18n';
import { RadioGroup, TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { type FormApi, useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useShippingTiers } from './api/get-shipping-tiers';
import { useSaveCartAddress } from './api/save-cart-address';
import { useSetShipping } from './api/set-shipping';
import { CheckoutColumns } from './checkout-columns';
import { freeShippingNote } from './free-shipping-note';

type Values = AddressValues & { shipping_type: '' | ShippingType; add_message: boolean; gift_message: string };

/** Where the checkout goes next (spec §2: /payment, step 2 of 2). */
const PAYMENT_PATH = '/payment';

/**
 * What the saved data says the form holds: the cart's shipping address when
 * it has one (the address of the family's last order stays on its cart, so
 * the next checkout offers it), else what the account holds (GET
 * /crud/user, still on its way: undefined), else empty. A method is shown
 * chosen only when the cart already ships somewhere; a gift's message is the cart's.
 */
function savedValues(cart: CartTotal, user: UserResponse | undefined): Values {
  const saved = cart.addresses.shipping;
  return {
    ...initialAddress(saved, user),
    shipping_type: saved && isUsCountry(saved.country_id) ? cart.cart.shipping_type : '',
    add_message: Boolean(cart.gift?.message),
    gift_message: cart.gift?.message ?? '',
  };
}

/** The address the form holds, as the server would take it; undefined while it is not complete and valid. */
function addressOf(values: Values): AddressBody | undefined {
  const parsed = AddressFormValues.safeParse(values);
  return parsed.success ? parsed.data : undefined;
}

/** Whether the form's address is the one saved on the cart (then it needs no saving). */
const sameAddress = (a: AddressBody, saved: AddressResponse | null) =>
  saved !== null && addressFormKeys.every((k) => String(a[k]) === String(saved[k]));

/**
 * Spec §2 /checkout, step 1 of 2, and §5 Checkout: the shipping address
 * (every field required, a valid e-mail, the state a select for the US and
 * Canada), then the shipping method. As soon as the address is complete the
 * methods show with this cart's prices for its country (issue 27 item 7):
 * economy or priority for a US address (one required), one rate elsewhere.
 * A gift order may carry a message (required once "Add a message" is
 * ticked). Continue saves the address, the method and the message, and goes
 * to /payment. The order summary and Continue share the side column
 * (`summary`). The form shows at once: data that arrives later (the
 * account) fills only the fields the family has not touched (issue 27 item 4).
 */
export function ShippingForm({ cart, user, summary }: { cart: CartTotal; user: UserResponse | undefined; summary: ReactNode }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const saveAddress = useSaveCartAddress();
  const setShipping = useSetShipping();
  const [busy, setBusy] = useState(false);
  const cartId = cart.cart.id as number;
  const saved = cart.addresses.shipping;

  const [initial] = useState(() => savedValues(cart, user));
  // A method is required when the address's country has some to choose from (spec §5 Checkout: a US address).
  const [hasMethods, setHasMethods] = useState(false);
  const schema = useMemo(() => checkoutShippingForm(hasMethods), [hasMethods]);
  const form = useForm(schema, initial);
  const { fill } = form;
  const address = addressOf(form.values);
  const tiers = useShippingTiers(cartId, address ? address.country_id : null);
  const options = address && tiers.data ? tiers.data : undefined;
  // While a US address's methods are on their way it has some (spec §5): Continue waits for one to be chosen. Methods
  // that could not be read leave the cart's (economy by default), so the family is never stuck.
  const methodsNow = options
    ? options.tiers.length > 0
    : address !== undefined && !tiers.isError && isUsCountry(address.country_id);
  // Derived from this render's values and answers: React renders again at once, before anything shows.
  if (methodsNow !== hasMethods) setHasMethods(methodsNow);

  // The account (or the cart) arrived after the form showed: it fills what the family has not touched.
  const filling = useMemo(() => savedValues(cart, user), [cart, user]);
  useEffect(() => fill(filling), [fill, filling]);

  const proceed = async (data: CheckoutChoices) => {
    if (!address) return;
    setBusy(true);
    try {
      let total = cart;
      if (!sameAddress(address, saved)) total = await saveAddress(cartId, 'shipping', address);
      const method = data.shipping_type;
      if (methodsNow && method !== '' && method !== total.cart.shipping_type && total.cart.user_id !== null) {
        total = await setShipping(cartId, { user_id: total.cart.user_id, shipping_type: method });
      }
      const gift = total.gift;
      const message = data.add_message ? data.gift_message : '';
      if (gift && message !== gift.message) await showTotal(client, await markGift({ ...gift, message }));
      navigate(PAYMENT_PATH);
    } catch (error) {
      if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error, 'checkout.failed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = useFormSubmit(form, { busy, send: (data: CheckoutChoices) => void proceed(data) });

  return (
    <form ref={submit.ref} className="checkout-form" aria-label={t('checkout.stepName')} onSubmit={submit.onSubmit} noValidate>
      <CheckoutColumns
        side={summary}
        action={
          <>
            <FormFailure message={submit.failure} />
            <SubmitButton busy={busy}>{busy ? t('checkout.continuing') : t('checkout.continue')}</SubmitButton>
          </>
        }
      >
        <p className="form-note">{t('checkout.requiredNote')}</p>
        <fieldset className="checkout-form__group">
          <legend>{t('checkout.address.title')}</legend>
          <AddressFormFields form={form} section="shipping" />
        </fieldset>
        <ShippingMethod form={form} loading={address !== undefined && tiers.isPending} options={options} />
        {cart.gift && <GiftMessage form={form} name={cart.gift.name} />}
      </CheckoutColumns>
    </form>
  );
}

/**
 * Spec §5 Checkout and Free shipping: the method, for the country of the
 * address the form holds. A US address chooses economy or priority, each
 * with what it costs this cart ("Free" when nothing is charged) and why;
 * elsewhere the country's one rate applies, and free shipping does not.
 */
function ShippingMethod({
  form,
  loading,
  options,
}: {
  form: FormApi<Values>;
  /** The address is complete and its methods are on their way. */
  loading: boolean;
  options: ShippingTiersResponse | undefined;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const titleId = useId();
  const note = options ? freeShippingNote(options) : null;
  const noteText = note ? <p className="field__hint checkout-form__note">{t(note)}</p> : null;
  if (options && options.tiers.length > 0) {
    return (
      <div className="checkout-form__group">
        <RadioGroup
          form={form}
          name="shipping_type"
          label={t('checkout.method.title')}
          required
          options={options.tiers.map((o) => ({
            value: o.shipping_type,
            label: t(`checkout.method.${o.shipping_type}`, { price: shippingPrice(i18n, o.price_usd) }),
          }))}
        />
        {noteText}
      </div>
    );
  }
  return (
    <section className="checkout-form__group" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-form__title">
        {t('checkout.method.title')}
      </h2>
      {options ? (
        <>
          <p>{t('checkout.method.international', { price: shippingPrice(i18n, options.rate_usd ?? 0) })}</p>
          {noteText}
        </>
      ) : loading ? (
        <p role="status">{t('checkout.method.loading')}</p>
      ) : (
        <p>{t('checkout.method.afterAddress')}</p>
      )}
    </section>
  );
}

/** Spec §5 Checkout: a gift order's message, required once "Add a message" is ticked. */
function GiftMessage({ form, name }: { form: FormApi<Values>; name: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="checkout-form__group">
      <legend>{t('checkout.gift.title')}</legend>
      <p>{t('checkout.gift.to', { name })}</p>
      <label className="field field--checkbox">
        <input
          type="checkbox"
          checked={form.values.add_message}
          onChange={(e) => form.set('add_message', e.currentTarget.checked)}
        />{' '}
        {t('checkout.gift.addMessage')}
      </label>
      {form.values.add_message && (
        <TextField
          form={form}
          name="gift_message"
          label={t('checkout.gift.message')}
          required
          multiline
          maxLength={GIFT_MESSAGE_MAX}
        />
      )}
    </fieldset>
  );
}
