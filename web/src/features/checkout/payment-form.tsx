import {
  type AddressBody,
  AddressFormValues,
  type AddressResponse,
  addressFormKeys,
  CaptchaToken,
  type CartTotal,
  COUNTRY_ID,
  type PaymentsKeyResponse,
  type SavedCard,
  type UserResponse,
} from '@storyhouse/contracts';
import { lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { AddressFormFields, type AddressValues, initialAddress } from '../../components/address/address-form-fields';
import { addressLine } from '../../components/address/address-line';
import { useCountries } from '../../components/address/api/get-countries';
import { countryNamer } from '../../components/address/country-names';
import { CaptchaField } from '../../components/captcha/captcha-field';
import { AuthDialog } from '../../components/payments/auth-dialog';
import { type CardEntry, CardEntryError } from '../../components/payments/card-field/card-entry';
import { TestCardField } from '../../components/payments/card-field/test-card-field';
import { cardLabel } from '../../components/payments/card-label';
import { CardRefusal, useCardRefusal } from '../../components/payments/card-refusal';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { RadioGroup } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { type FormApi, useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { Loading } from '../../ui/loading';
import { freePurchase } from './api/free-purchase';
import { purchase } from './api/purchase';
import { useSaveCartAddress } from './api/save-cart-address';
import { CheckoutColumns } from './checkout-columns';
import { usePaymentFlow } from './payment-flow';

// Only a site paying through Stripe downloads Stripe Elements.
const StripeCardField = lazy(() => import('../../components/payments/card-field/stripe-card-field'));

/** The payment method choice for a card not saved yet. */
const NEW_CARD = 'new';

type Values = AddressValues & { same_as_shipping: boolean; card: string; save_card: boolean; captcha: string };

/**
 * Spec §5 Payment: the billing address (AddressBody's rules: every field
 * required) unless it is the shipping address, and a card option. A free
 * order asks for neither: nothing is billed. After repeated declined cards
 * the server asks for a captcha (issue 26 item 7): solved before Pay.
 */
function paymentSchema(sameAsShipping: boolean, free: boolean, challenge: boolean) {
  const choice = z.object({
    card: free ? z.string() : z.string().min(1, 'validation.required'),
    captcha: challenge ? CaptchaToken : z.string(),
  });
  return sameAsShipping || free ? choice : z.intersection(AddressFormValues, choice);
}

/** Only the address of a form's data or of a saved address (the cart's shipping one, for "same as shipping"). */
const bodyOf = (address: Partial<AddressBody> | AddressResponse): AddressBody =>
  Object.fromEntries(addressFormKeys.map((k) => [k, address[k]])) as AddressBody;

const sameAddress = (a: AddressResponse | null, b: AddressResponse | null) =>
  a !== null && b !== null && addressFormKeys.every((k) => a[k] === b[k]);

/** Whether the form's address is the shipping address, field for field. */
const isShippingAddress = (values: AddressValues, shipping: AddressResponse) =>
  addressFormKeys.every((k) => values[k] === String(shipping[k]));

/** A billing address the family gave before (the cart's, or the account's) that the rules take as it is. */
const complete = (values: AddressValues) => AddressFormValues.safeParse(values).success;

/**
 * Spec §5 Payment: saving the card is forced when the cart renews (a
 * monthly donation, the monthly or annual plan): the renewals charge it.
 */
const renews = (cart: CartTotal) =>
  cart.monthlySubtotal > 0 || cart.skus.some((l) => l.type === 'subscription' || l.type === 'recurring_donation');

/**
 * Spec §2 /payment, §4 Payment, §5 Payment, §8 Payment: the billing address
 * (or "same as shipping"), a saved card or a new one (kept for next time
 * when asked, always when the cart renews), and Pay, which says
 * Processing… while the order is placed. A free cart (full total 0) has no
 * card to give: "Place free order" uses the free-purchase path.
 */
export function PaymentForm({
  cart,
  user,
  processor,
  savedCards,
  ships,
  summary,
}: {
  cart: CartTotal;
  user: UserResponse;
  processor: PaymentsKeyResponse;
  /** Undefined when they could not be read: a new card is still possible. */
  savedCards: SavedCard[] | undefined;
  /** Whether something in the cart ships: else the cart's old shipping address is not this order's. */
  ships: boolean;
  /** The order summary, in the side column with Pay. */
  summary: ReactNode;
}) {
  const { t, lang, formatMoney } = useI18n();
  const saveAddress = useSaveCartAddress();
  const flow = usePaymentFlow(processor);
  const cardEntry = useRef<CardEntry>(null);
  const [cardError, setCardError] = useState(false);
  // Issue 46: a declined card's message beside the card, announced, with focus on the card (decision 072).
  const refusal = useCardRefusal();
  const methods = useRef<HTMLFieldSetElement>(null);
  const cartId = cart.cart.id as number;
  // A downloads-only order ships nowhere: no "Same as the shipping address" (issue 27 item 7).
  const shipping = ships ? cart.addresses.shipping : null;
  const free = cart.fullTotal === 0;
  const recurring = renews(cart);
  const cards = savedCards ?? [];

  const [initial] = useState<Values>(() => ({
    ...initialAddress(cart.addresses.billing ?? null, user),
    same_as_shipping: shipping !== null && (cart.addresses.billing === null || sameAddress(cart.addresses.billing, shipping)),
    card: cards[0]?.id ?? NEW_CARD,
    save_card: recurring,
    captcha: '',
  }));
  const [sameAsShipping, setSameAsShipping] = useState(initial.same_as_shipping);
  // Issue 46: an address given before shows as one line with Change, not as the open form (decision 072).
  const [billingOpen, setBillingOpen] = useState(() => !complete(initial));
  // Shown once the server asked for it (payment_captcha_required); a solution is good for one try.
  const [challenge, setChallenge] = useState(false);
  const schema = useMemo(() => paymentSchema(sameAsShipping, free, challenge), [sameAsShipping, free, challenge]);
  const form = useForm<Values>(schema, initial);
  if (form.values.same_as_shipping !== sameAsShipping) {
    setSameAsShipping(form.values.same_as_shipping);
    // "Same as shipping" unticked over the shipping address itself: the family means another one, so the form opens.
    if (!form.values.same_as_shipping && shipping && isShippingAddress(form.values, shipping)) setBillingOpen(true);
  }
  const newCard = form.values.card === NEW_CARD;
  // A refusal is of the card it was said of: another card chosen, it goes.
  const [refusedCard, setRefusedCard] = useState(form.values.card);
  if (form.values.card !== refusedCard) {
    setRefusedCard(form.values.card);
    refusal.clear();
  }

  const pay = (data: Partial<AddressBody> & { card: string }) =>
    flow.start(async () => {
      refusal.clear();
      if (free) return freePurchase({ cart_id: cartId, lang_code: lang });
      // Spec §8: Pay is blocked while the card reports an error.
      if (newCard && (!cardEntry.current?.check() || cardError)) {
        throw new CardEntryError();
      }
      const billing = bodyOf(sameAsShipping && shipping ? shipping : data);
      const total = await saveAddress(cartId, 'billing', billing);
      const token = newCard ? await (cardEntry.current as CardEntry).tokenize() : data.card;
      const { captcha } = form.values;
      if (captcha) form.set('captcha', '');
      return purchase({
        stripe_token: token,
        // Spec §5 Expected total: the full total the family sees; the server refuses a different one and charges nothing.
        expected_total: total.fullTotal,
        cart_id: cartId,
        lang_code: lang,
        ...(newCard ? { save_card: recurring || form.values.save_card } : {}),
        ...(captcha ? { captcha } : {}),
      }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'payment_captcha_required') setChallenge(true);
        throw error;
      });
    }, showServerErrors);

  // A declined card is said beside the card; a billing address the server refused opens the form, its messages beside
  // their fields.
  const showServerErrors = (error: unknown) => {
    if (refusal.take(error)) return true;
    if (error instanceof ApiError && addressFormKeys.some((k) => k in error.fields)) setBillingOpen(true);
    return submit.showServerErrors(error);
  };

  // Once the refusal shows: focus on the card (the new card's number, else the saved card chosen).
  const focusCard = () => {
    if (cardEntry.current) cardEntry.current.focus();
    else methods.current?.querySelector<HTMLInputElement>('input[name="card"]:checked')?.focus({ preventScroll: true });
  };

  const submit = useFormSubmit(form, {
    busy: flow.busy,
    send: (data: Partial<AddressBody> & { card: string }) => void pay(data),
  });

  return (
    <form ref={submit.ref} className="checkout-form" aria-label={t('payment.stepName')} onSubmit={submit.onSubmit} noValidate>
      <CheckoutColumns
        side={summary}
        action={
          <>
            <FormFailure message={flow.failure ?? submit.failure} />
            <SubmitButton busy={flow.busy}>
              {flow.busy
                ? t('payment.processing')
                : free
                  ? t('payment.free.place')
                  : t('payment.pay', { amount: formatMoney(cart.fullTotal) })}
            </SubmitButton>
          </>
        }
      >
        {free ? (
          <section className="checkout-form__group" aria-labelledby="payment-free-title">
            <h2 id="payment-free-title" className="checkout-form__title">
              {t('payment.free.title')}
            </h2>
            <p>{t('payment.free.text', { amount: formatMoney(0) })}</p>
          </section>
        ) : (
          <>
            <p className="form-note">{t('checkout.requiredNote')}</p>
            <BillingAddress form={form} shipping={shipping} open={billingOpen} onOpen={() => setBillingOpen(true)} />
            <fieldset ref={methods} className="checkout-form__group">
              <legend>{t('payment.method.title')}</legend>
              {savedCards === undefined && <p role="alert">{t('payment.method.cardsFailed')}</p>}
              {cards.length > 0 && (
                <RadioGroup
                  form={form}
                  name="card"
                  label={t('payment.method.choose')}
                  required
                  options={[
                    ...cards.map((c) => ({ value: c.id, label: cardLabel(c, t) })),
                    { value: NEW_CARD, label: t('payment.method.newCard') },
                  ]}
                />
              )}
              {/* Beside the card: under the saved card chosen, above the new card's number. */}
              <CardRefusal refusal={refusal.refusal} focusCard={focusCard} />
              {newCard && (
                <>
                  {processor.provider === 'stripe' ? (
                    <Suspense fallback={<Loading shape="block" />}>
                      <StripeCardField ref={cardEntry} publishableKey={processor.key} onErrorChange={setCardError} />
                    </Suspense>
                  ) : (
                    <TestCardField ref={cardEntry} onErrorChange={setCardError} />
                  )}
                  <SaveCard form={form} forced={recurring} />
                </>
              )}
            </fieldset>
          </>
        )}
        {challenge && !free ? <CaptchaField form={form} name="captcha" /> : null}
      </CheckoutColumns>
      <AuthDialog open={flow.authenticating !== null} amount={cart.fullTotal} onAnswer={(approve) => void flow.answer(approve)} />
    </form>
  );
}

/**
 * Spec §5 Payment: the billing address, or the shipping address again with
 * one tick. An address given before (`open` false: the cart's or the
 * account's, complete) is one line with Change (issue 46: a family never
 * types it twice); Change opens the form and puts focus in it.
 */
function BillingAddress({
  form,
  shipping,
  open,
  onOpen,
}: {
  form: FormApi<Values>;
  shipping: AddressResponse | null;
  open: boolean;
  onOpen: () => void;
}) {
  const { t } = useI18n();
  const fields = useRef<HTMLDivElement>(null);
  const [focusOnOpen, setFocusOnOpen] = useState(false);
  useEffect(() => {
    if (!open || !focusOnOpen) return;
    fields.current?.querySelector<HTMLElement>('input, select')?.focus();
    setFocusOnOpen(false);
  }, [open, focusOnOpen]);
  return (
    <fieldset className="checkout-form__group">
      <legend>{t('payment.billing.title')}</legend>
      {shipping && (
        <label className="field field--checkbox">
          <input
            type="checkbox"
            checked={form.values.same_as_shipping}
            onChange={(e) => form.set('same_as_shipping', e.currentTarget.checked)}
          />{' '}
          {t('payment.billing.sameAsShipping')}
        </label>
      )}
      {shipping && form.values.same_as_shipping ? (
        <p className="payment-form__address">{`${shipping.fname} ${shipping.lname}, ${addressLine(shipping)}`}</p>
      ) : open ? (
        <div ref={fields}>
          <AddressFormFields form={form} section="billing" />
        </div>
      ) : (
        <p className="payment-form__address payment-form__address--saved">
          <SavedAddressLine values={form.values} />
          <button
            type="button"
            className="link-button payment-form__change"
            aria-label={t('payment.billing.changeLabel')}
            onClick={() => {
              setFocusOnOpen(true);
              onOpen();
            }}
          >
            {t('payment.billing.change')}
          </button>
        </p>
      )}
    </fieldset>
  );
}

/** The billing address on one line, its country named when it is not the United States. */
function SavedAddressLine({ values }: { values: AddressValues }) {
  const { lang } = useI18n();
  const countries = useCountries();
  const id = Number(values.country_id);
  const country = id === COUNTRY_ID.unitedStates ? undefined : countries.data?.find((c) => c.id === id);
  return <span>{addressLine(values, country && countryNamer(lang)(country))}</span>;
}

/** "Save this card for next time"; ticked and fixed, with the reason, when the cart renews (spec §5 Payment). */
function SaveCard({ form, forced }: { form: FormApi<Values>; forced: boolean }) {
  const { t } = useI18n();
  const noteId = useId();
  return (
    <div className="field">
      <label className="field--checkbox">
        <input
          type="checkbox"
          checked={forced || form.values.save_card}
          disabled={forced}
          aria-describedby={forced ? noteId : undefined}
          onChange={(e) => form.set('save_card', e.currentTarget.checked)}
        />{' '}
        {t('payment.saveCard')}
      </label>
      {forced && (
        <p className="field__hint" id={noteId}>
          {t('payment.saveCardForced')}
        </p>
      )}
    </div>
  );
}
