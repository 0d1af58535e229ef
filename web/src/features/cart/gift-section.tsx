import { type Gift, GiftBody, giftCardsOnly } from '@storyhouse/contracts';
import { useId, useRef, useState } from 'react';
import { RecipientFields } from '../../components/recipient/recipient-fields';
import { useI18n } from '../../lib/i18n';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useErrorMessage } from '../../ui/use-error-message';
import type { CartSectionProps } from './cart-section';
import { useGiftChanges } from './use-gift';

/**
 * Spec §4 Cart, gift marked or unmarked: the "This order is a gift" box.
 * Ticking it opens the recipient's form; a saved gift shows its recipient
 * with Change and Remove, and unticking the box removes it. `onStatus`
 * announces a change politely and `onAlert` alerts a failed removal (spec
 * §8 Cart), both on the page.
 */
export function GiftSection({ cart, onStatus, onAlert }: CartSectionProps) {
  const { t } = useI18n();
  const failureMessage = useErrorMessage();
  const { unmark } = useGiftChanges();
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const gift = cart.gift;
  // A gift already marked stays shown, to be removed.
  if (!gift && giftCardsOnly(cart.skus)) return null;

  const remove = async () => {
    setBusy(true);
    onAlert('');
    try {
      await unmark();
      setEditing(false);
      onStatus(t('cart.gift.removed'));
    } catch (err) {
      onAlert(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const onToggle = (checked: boolean) => {
    if (busy) return;
    if (checked) setEditing(true);
    else if (gift) void remove();
    else setEditing(false);
  };

  const onSaved = (name: string) => {
    setEditing(false);
    onStatus(t('cart.gift.saved', { name }));
    // The form is gone: the section's heading takes the focus, the recipient follows it.
    heading.current?.focus();
  };

  return (
    <section className="cart-gift" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="cart-gift__title">
        {t('cart.gift.title')}
      </h2>
      <label className="field field--checkbox">
        <input
          type="checkbox"
          // Unticked while the removal is on its way; a failed one ticks it again.
          checked={editing || (gift !== null && !busy)}
          aria-disabled={busy || undefined}
          onChange={(e) => onToggle(e.currentTarget.checked)}
        />{' '}
        {t('cart.gift.isGift')}
      </label>
      {editing ? (
        <GiftForm gift={gift} onSaved={onSaved} onCancel={() => setEditing(false)} />
      ) : gift ? (
        <div className="cart-gift__recipient">
          <p>{t('cart.gift.recipient', { name: gift.name, email: gift.email })}</p>
          {gift.message ? <p>{gift.message}</p> : null}
          <div className="cart-gift__actions">
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              {t('cart.gift.change')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => !busy && void remove()}
            >
              {t('cart.gift.remove')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * The recipient's form, checked by the contract the server applies (spec
 * §5: name and a valid e-mail required). The server's field messages show
 * on their fields; a refusal (a subscription in the cart) under the form.
 */
function GiftForm({ gift, onSaved, onCancel }: { gift: Gift | null; onSaved: (name: string) => void; onCancel: () => void }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const { mark } = useGiftChanges();
  const [busy, setBusy] = useState(false);
  const form = useForm(GiftBody, { name: gift?.name ?? '', email: gift?.email ?? '', message: gift?.message ?? '' });
  const submit = useFormSubmit(form, {
    busy,
    send: (data: GiftBody) => {
      setBusy(true);
      mark(data)
        .then(() => onSaved(data.name))
        .catch((error: unknown) => {
          if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error, 'cart.gift.saveFailed'));
        })
        .finally(() => setBusy(false));
    },
  });

  return (
    <form ref={submit.ref} className="cart-gift__form" onSubmit={submit.onSubmit} noValidate>
      <RecipientFields form={form} messages="cart.gift" />
      <FormFailure message={submit.failure} />
      <div className="cart-gift__actions">
        <SubmitButton busy={busy}>{busy ? t('cart.gift.saving') : t('cart.gift.save')}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cart.gift.cancel')}
        </button>
      </div>
    </form>
  );
}
