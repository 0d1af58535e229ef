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
  type ShippingTier,
  type ShippingType,
  type UserResponse,
} from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressFormFields, type AddressValues, initialAddress } from '../../components/address/address-form-fields';
import { markGift } from '../../components/cart/api/mark-gift';
import { showTotal } from '../../components/cart/show-total';
import { useI18n } from '../../lib/i18n';
import { RadioGroup, TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { type FormApi, useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { shippingTiersQuery, useShippingTiers } from './api/get-shipping-tiers';
import { useSaveCartAddress } from './api/save-cart-address';
import { useSetShipping } from './api/set-shipping';

type Values = AddressValues & { shipping_type: '' | ShippingType; add_message: boolean; gift_message: string };

/** Where the checkout goes next (spec §2: /payment, step 2 of 2). */
const PAYMENT_PATH = '/payment';

/**
 * The form's first values: the cart's shipping address when it has one,
 * else what the account holds (GET /crud/user), else empty. A method is
 * shown chosen only when the cart already ships somewhere (a family coming
 * back from the payment step); a gift's message is the cart's.
 */
function initialValues(cart: CartTotal, user: UserResponse | undefined): Values {
  const saved = cart.addresses.shipping;
  return {
    ...initialAddress(saved, user),
    shipping_type: saved && isUsCountry(saved.country_id) ? cart.cart.shipping_type : '',
    add_message: Boolean(cart.gift?.message),
    gift_message: cart.gift?.message ?? '',
  };
}

/** The address the form holds, as the server would take it; undefined while it is not valid. */
function addressOf(values: Values): AddressBody | undefined {
  const parsed = AddressFormValues.safeParse(values);
  return parsed.success ? parsed.data : undefined;
}

/** Whether the form's address is the one saved on the cart (then its methods and prices are the ones shown). */
const sameAddress = (a: AddressBody | undefined, saved: AddressResponse | null) =>
  a !== undefined && saved !== null && addressFormKeys.every((k) => String(a[k]) === String(saved[k]));

type Busy = 'address' | 'method' | 'continue' | null;

/**
 * Spec §2 /checkout, step 1 of 2, and §5 Checkout: the shipping address
 * (every field required, a valid e-mail, the state a select for the US and
 * Canada), then the shipping method: economy or priority with their prices
 * for a US address (one required), the international rate elsewhere. The
 * methods and prices are the server's for the address saved on the cart, so
 * the address is saved first ("Save address", or Continue). A gift order
 * may carry a message (required once "Add a message" is ticked). Continue
 * saves what changed and goes to /payment.
 */
export function ShippingForm({ cart, user }: { cart: CartTotal; user: UserResponse | undefined }) {
  const { t, formatMoney } = useI18n();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const saveAddress = useSaveCartAddress();
  const setShipping = useSetShipping();
  const [busy, setBusy] = useState<Busy>(null);
  const [status, setStatus] = useState('');
  const cartId = cart.cart.id as number;
  const userId = user?.id ?? cart.cart.user_id;
  const saved = cart.addresses.shipping;
  const tiers = useShippingTiers(cartId, saved !== null);

  const [initial] = useState(() => initialValues(cart, user));
  // A method is required when the address has some to choose from (spec §5 Checkout): known once the form's address
  // is the one saved on the cart (while its methods load, a US address has some); an address not saved yet, none so far.
  const [hasMethods, setHasMethods] = useState(() => saved !== null && isUsCountry(saved.country_id));
  const schema = useMemo(() => checkoutShippingForm(hasMethods), [hasMethods]);
  const form = useForm(schema, initial);
  const address = addressOf(form.values);
  const current = sameAddress(address, saved);
  const options: ShippingTier[] = current && tiers.data ? tiers.data.tiers : [];
  const methodsNow = current && (tiers.data ? options.length > 0 : isUsCountry(saved?.country_id));
  // Derived from this render's values and answers: React renders again at once, before anything shows.
  if (methodsNow !== hasMethods) setHasMethods(methodsNow);

  const fail = (error: unknown) => {
    if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error, 'checkout.failed'));
  };

  /** Saves the form's address on the cart; answers the new total and the methods the saved address chooses from. */
  const storeAddress = async (body: AddressBody) => {
    const total = await saveAddress(cartId, 'shipping', body);
    const methods = await client.fetchQuery(shippingTiersQuery(cartId));
    setStatus(t('checkout.address.saved'));
    return { total, methods: methods.tiers };
  };

  const onSaveAddress = async () => {
    if (busy) return;
    form.validate();
    if (!address) return;
    setBusy('address');
    submit.setFailure(undefined);
    try {
      await storeAddress(address);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const onMethod = async (type: string) => {
    if (busy || !current || userId === null) return;
    setBusy('method');
    submit.setFailure(undefined);
    try {
      await setShipping(cartId, { user_id: userId, shipping_type: type as ShippingType });
      setStatus(t('checkout.method.saved', { method: methodLabel(type as ShippingType) }));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const proceed = async (data: CheckoutChoices) => {
    setBusy('continue');
    try {
      let total = cart;
      let methods = options;
      if (!current && address) ({ total, methods } = await storeAddress(address));
      const method = data.shipping_type;
      // A new US address has methods to choose from: the family picks one first (the form now asks for it).
      if (methods.length > 0 && method === '') return;
      if (methods.length > 0 && method !== '' && method !== total.cart.shipping_type && userId !== null) {
        total = await setShipping(cartId, { user_id: userId, shipping_type: method });
      }
      const gift = total.gift;
      const message = data.add_message ? data.gift_message : '';
      if (gift && message !== gift.message) await showTotal(client, await markGift({ ...gift, message }));
      navigate(PAYMENT_PATH);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const submit = useFormSubmit(form, { busy: busy !== null, send: (data: CheckoutChoices) => void proceed(data) });

  const methodLabel = (type: ShippingType) => {
    const tier = options.find((o) => o.shipping_type === type);
    return t(`checkout.method.${type}`, { price: formatMoney(tier?.price_usd ?? 0) });
  };

  return (
    <form ref={submit.ref} className="checkout-form" aria-label={t('checkout.stepName')} onSubmit={submit.onSubmit} noValidate>
      <p className="form-note">{t('checkout.requiredNote')}</p>
      <fieldset className="checkout-form__group">
        <legend>{t('checkout.address.title')}</legend>
        <AddressFormFields form={form} section="shipping" />
        {!current && (
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={busy !== null || undefined}
            onClick={() => void onSaveAddress()}
          >
            {busy === 'address' ? t('checkout.address.saving') : t('checkout.address.save')}
          </button>
        )}
      </fieldset>
      <ShippingMethod
        form={form}
        current={current}
        loading={current && tiers.isPending}
        options={options}
        international={cart.shippingCost}
        label={methodLabel}
        onChange={(type) => void onMethod(type)}
      />
      {cart.gift && <GiftMessage form={form} name={cart.gift.name} />}
      <FormFailure message={submit.failure} />
      <SubmitButton busy={busy !== null}>{busy === 'continue' ? t('checkout.continuing') : t('checkout.continue')}</SubmitButton>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </form>
  );
}

/**
 * Spec §5 Checkout: the method, for the address saved on the cart. A US
 * address chooses economy or priority, each with what it costs this cart;
 * elsewhere the international rate applies (the cart's shipping cost).
 */
function ShippingMethod({
  form,
  current,
  loading,
  options,
  international,
  label,
  onChange,
}: {
  form: FormApi<Values>;
  current: boolean;
  loading: boolean;
  options: ShippingTier[];
  international: number;
  label: (type: ShippingType) => string;
  onChange: (type: string) => void;
}) {
  const { t, formatMoney } = useI18n();
  const titleId = useId();
  if (options.length > 0) {
    return (
      <RadioGroup
        form={form}
        name="shipping_type"
        label={t('checkout.method.title')}
        required
        options={options.map((o) => ({ value: o.shipping_type, label: label(o.shipping_type) }))}
        onChange={onChange}
      />
    );
  }
  return (
    <section className="checkout-form__group" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-form__title">
        {t('checkout.method.title')}
      </h2>
      {loading ? (
        <p role="status">{t('shell.loading')}</p>
      ) : (
        <p>
          {current
            ? t('checkout.method.international', { price: formatMoney(international) })
            : t('checkout.method.afterAddress')}
        </p>
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
