import { DONATION_USD, GENERAL_DONATION_CODE, typedUsdAmount } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { addDonations } from '../../components/cart/api/add-donations';
import { cartKeys } from '../../components/cart/api/cart-keys';
import { CoverFee } from '../../components/cart/cover-fee';
import { useI18n } from '../../lib/i18n';
import { RadioGroup, TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import type { CartSectionProps } from './cart-section';

/** The form's fields: an amount as typed (rounded to the cent, spec §5 Donation) and how often. */
const GeneralDonationForm = z.object({
  amount: typedUsdAmount(DONATION_USD),
  frequency: z.enum(['once', 'monthly']),
});
type GeneralDonationForm = z.output<typeof GeneralDonationForm>;

const EMPTY = { amount: '', frequency: 'once' };
const typedAmount = typedUsdAmount(DONATION_USD);

/**
 * Issue 12 item 9, spec §3 General cart donation: a gift to the ministry's
 * general work (code general_cart), once or every month, added from the
 * cart page. A cart holding a donation takes no coupon, which the coupon
 * section says by not being offered.
 */
export function GeneralDonation({ onStatus }: Pick<CartSectionProps, 'onStatus'>) {
  const { t, formatMoney } = useI18n();
  const client = useQueryClient();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [coverFee, setCoverFee] = useState(false);
  const form = useForm(GeneralDonationForm, EMPTY);
  const typed = typedAmount.safeParse(form.values.amount);
  const submit = useFormSubmit(form, {
    busy,
    send: (data: GeneralDonationForm) => {
      const title = t('cart.generalDonation.name');
      setBusy(true);
      addDonations([
        {
          title,
          description: '',
          code: GENERAL_DONATION_CODE,
          amount: data.amount,
          type: data.frequency === 'monthly' ? 'recurring_donation' : 'donation',
          cover_fee: coverFee,
        },
      ])
        .then(() => {
          form.reset(EMPTY);
          setCoverFee(false);
          onStatus(t('cart.generalDonation.added', { amount: formatMoney(data.amount) }));
        })
        .catch((error: unknown) => {
          // Spec §8: a donation failure is logged and the form resets; the reason is said under it.
          console.error('The general donation failed', error);
          form.reset(EMPTY);
          submit.setFailure(errorMessage(error, 'cart.generalDonation.failed'));
        })
        .finally(() => {
          setBusy(false);
          void client.invalidateQueries({ queryKey: cartKeys.all });
        });
    },
  });

  // Issue 27 item 7: optional, so folded under its title, marked Optional, until the family opens it.
  return (
    <section className="cart-donation" aria-labelledby={titleId}>
      <details className="cart-donation__details">
        <summary className="cart-donation__summary">
          <h2 id={titleId} className="cart-donation__title">
            {t('cart.generalDonation.title')}
          </h2>
          <span className="cart-donation__optional">{t('cart.generalDonation.optional')}</span>
        </summary>
        <p className="cart-donation__text">{t('cart.generalDonation.text')}</p>
        <form ref={submit.ref} onSubmit={submit.onSubmit} noValidate>
          {/* Not marked required: the donation is not; only a donation being added needs its amount. */}
          <TextField form={form} name="amount" label={t('cart.generalDonation.amount')} inputMode="decimal" autoComplete="off" />
          <RadioGroup
            form={form}
            name="frequency"
            label={t('cart.generalDonation.frequency')}
            options={[
              { value: 'once', label: t('cart.generalDonation.once') },
              { value: 'monthly', label: t('cart.generalDonation.monthly') },
            ]}
          />
          <CoverFee giftUsd={typed.success ? typed.data : 0} checked={coverFee} onChange={setCoverFee} />
          <FormFailure message={submit.failure} />
          <SubmitButton busy={busy}>{busy ? t('cart.generalDonation.adding') : t('cart.generalDonation.add')}</SubmitButton>
        </form>
      </details>
    </section>
  );
}
