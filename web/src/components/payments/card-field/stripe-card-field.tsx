import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useId, useImperativeHandle, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { FieldError, fieldClass } from '../../../ui/form/fields';
import { CardEntryError, type CardEntryProps } from './card-entry';
import { CardNameField } from './card-name-field';
import { getStripe } from './stripe-loader';

/**
 * The card entry with Stripe (PAYMENTS=stripe): Stripe Elements' card
 * element, in Stripe's frame and in the site language, and the name on the
 * card. `tokenize` creates a PaymentMethod (pm_…), the token the purchase
 * takes. Loaded lazily: only a page paying through Stripe downloads it.
 */
export default function StripeCardField({ publishableKey, ...props }: CardEntryProps & { publishableKey: string }) {
  const { lang } = useI18n();
  return (
    <Elements stripe={getStripe(publishableKey)} options={{ locale: lang }}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ ref, onErrorChange }: CardEntryProps) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const errorId = useId();
  // Stripe words the card's problems itself, in the site language.
  const [cardError, setCardError] = useState<string>();
  const [complete, setComplete] = useState(false);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const shownCardError = cardError ?? (submitted && !complete ? t('payment.card.incomplete') : undefined);
  const nameError = (submitted || nameTouched) && name.trim() === '' ? t('validation.required') : undefined;
  const hasError = Boolean(shownCardError || nameError);
  useEffect(() => onErrorChange(hasError), [hasError, onErrorChange]);

  useImperativeHandle(
    ref,
    () => ({
      check() {
        setSubmitted(true);
        return complete && !cardError && name.trim() !== '';
      },
      async tokenize() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new CardEntryError(t('payment.card.stripeUnavailable'));
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { name: name.trim() },
        });
        if (error || !paymentMethod) {
          setCardError(error?.message);
          throw new CardEntryError(error?.message);
        }
        return paymentMethod.id;
      },
      focus: () => elements?.getElement(CardElement)?.focus(),
    }),
    [stripe, elements, complete, cardError, name, t],
  );

  return (
    <div className="card-field">
      <fieldset className={fieldClass(shownCardError, 'field--radios')} aria-describedby={shownCardError ? errorId : undefined}>
        <legend>{t('payment.card.details')}</legend>
        <div className="card-field__stripe">
          <CardElement
            options={{ hidePostalCode: true }}
            onChange={(e) => {
              setCardError(e.error?.message);
              setComplete(e.complete);
            }}
          />
        </div>
        <FieldError id={errorId} error={shownCardError} />
      </fieldset>
      <CardNameField value={name} error={nameError} onChange={setName} onBlur={() => setNameTouched(true)} />
    </div>
  );
}
