import { GIFT_CARD_PRESETS_USD, GIFT_CARD_USD, GiftCardBody, routePath } from '@storyhouse/contracts';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AmountState, amountOf, noAmount } from '../../components/amount/amount';
import { AmountChoice } from '../../components/amount/amount-choice';
import { useCartSkus } from '../../components/cart/api/get-cart-skus';
import { CmsColumns } from '../../components/cms/cms-columns';
import type { LayoutProps } from '../../components/cms/layout-props';
import { RecipientFields } from '../../components/recipient/recipient-fields';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import { useAddGiftCard } from './api/add-gift-card';
import './gift-card.css';

/** The recipient's part of the contract (spec §5 Gift card): full name and e-mail required, message optional. */
const Recipient = GiftCardBody.omit({ amount: true });
type Recipient = { name: string; email: string; message: string };

/**
 * Spec §2 Gift card: the amount (presets of spec §9 or one's own, rounded
 * to cents, within GIFT_CARD_USD: $1 to $500), the recipient, then the
 * cart. Submitting is blocked with no amount and while the cart already
 * holds a gift card (spec §5: one per order, that order must be completed
 * first).
 */
function GiftCardForm() {
  const { t, lang, formatMoney } = useI18n();
  const navigate = useNavigate();
  const addGiftCard = useAddGiftCard();
  const errorMessage = useErrorMessage();
  const amountRef = useRef<HTMLDivElement>(null);
  // The cart's lines come with the page (server first-data.ts), so a card already in the cart blocks the form at first paint.
  const { data: lines } = useCartSkus();
  const cardInCart = lines?.some((l) => l.type === 'gift_card') ?? false;
  const cartPath = routePath('cart', lang) ?? '/cart';

  const [amount, setAmount] = useState<AmountState>(noAmount);
  const [amountError, setAmountError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const value = amountOf(amount, GIFT_CARD_USD);
  const form = useForm<Recipient>(Recipient, { name: '', email: '', message: '' });
  const submit = useFormSubmit(form, {
    busy: busy || cardInCart,
    send: (recipient: Recipient) => {
      if (value <= 0) return;
      setBusy(true);
      addGiftCard({ amount: value, ...recipient })
        .then(() => navigate(cartPath))
        .catch((error: unknown) => {
          setBusy(false);
          const fields = error instanceof ApiError ? error.fields : {};
          if (fields.amount) setAmountError(fields.amount);
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error, 'giftCard.failed'));
        });
    },
  });

  const onSubmit = (event: FormEvent) => {
    if (value <= 0 && !busy && !cardInCart) {
      setAmountError(t('giftCard.amountRequired'));
      requestAnimationFrame(() => amountRef.current?.querySelector<HTMLElement>('button, input')?.focus());
    }
    submit.onSubmit(event);
  };

  return (
    <form ref={submit.ref} className="gift-card-form" onSubmit={onSubmit} noValidate>
      {cardInCart && (
        <div className="gift-card-form__blocked card card--tinted" role="status">
          <p>{t('giftCard.inCart')}</p>
          <Link to={cartPath}>{t('giftCard.toCart')}</Link>
        </div>
      )}
      <div ref={amountRef}>
        <AmountChoice
          legend={t('giftCard.amount')}
          presets={GIFT_CARD_PRESETS_USD}
          state={amount}
          onChange={(next) => {
            setAmount(next);
            setAmountError(undefined);
          }}
          range={GIFT_CARD_USD}
          otherLabel={t('giftCard.custom')}
          otherHint={t('giftCard.customHint', { min: formatMoney(GIFT_CARD_USD.min), max: formatMoney(GIFT_CARD_USD.max) })}
          problems={{
            invalid: t('giftCard.amountInvalid'),
            tooSmall: t('giftCard.amountTooSmall', { min: formatMoney(GIFT_CARD_USD.min) }),
            tooBig: t('giftCard.amountTooBig', { max: formatMoney(GIFT_CARD_USD.max) }),
          }}
          error={amountError}
        />
      </div>
      <fieldset className="gift-card-form__recipient">
        <legend>{t('giftCard.recipient')}</legend>
        <RecipientFields form={form} messages="giftCard" />
      </fieldset>
      <FormFailure message={submit.failure} />
      <SubmitButton busy={busy || cardInCart || value <= 0}>{busy ? t('giftCard.adding') : t('giftCard.submit')}</SubmitButton>
    </form>
  );
}

/** Spec §2 Gift card, the CMS layout: the page's intro and content, then the gift card form. */
export default function GiftCardLayout({ page }: LayoutProps) {
  return (
    <CmsColumns page={page}>
      <GiftCardForm />
    </CmsColumns>
  );
}
