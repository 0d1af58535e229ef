import { CouponCodeParams, giftCardsOnly, type SkuType } from '@storyhouse/contracts';
import type { MessageKey } from '@storyhouse/i18n';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { FieldError, fieldClass } from '../../ui/form/fields';
import { SubmitButton } from '../../ui/form/submit';
import { useErrorMessage } from '../../ui/use-error-message';
import type { CartSectionProps } from './cart-section';
import { useCouponChanges } from './use-coupon';

/** Spec §2 Cart: no coupon is offered for a cart holding a gift to the ministry. */
const donationTypes: readonly SkuType[] = ['donation', 'recurring_donation'];

/**
 * Spec §2 Cart, the coupon section: a code field with Apply while no coupon
 * is applied, else the applied coupon, what it takes off, and Remove after
 * confirmation (spec §5 Confirmations). A refused code is said next to the
 * field (spec §8 Coupon); `onStatus` announces a change politely and
 * `onAlert` alerts a failed removal (spec §8 Cart), both on the page.
 */
export function CouponSection({ cart, onStatus, onAlert }: CartSectionProps) {
  const { t, hasMessage, formatMoney } = useI18n();
  const failureMessage = useErrorMessage();
  const { apply, remove } = useCouponChanges();
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);

  // `coupon` is null once the applied one no longer applies (expired, used up); it is still in `coupons`, to remove.
  const applied = cart.coupon?.coupon ?? cart.coupons[0] ?? null;
  const offered = !cart.skus.some((line) => donationTypes.includes(line.type)) && !giftCardsOnly(cart.skus);
  if (!applied && !offered) return null;

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  /** Spec §8 Coupon: the catalog's words for the server's code (expired, used up, …), else "could not be applied". */
  const refusal = (err: unknown) =>
    err instanceof ApiError && hasMessage(`errors.${err.code}`)
      ? t(`errors.${err.code}` as MessageKey)
      : t('errors.coupon_could_not_apply');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Spec §5: an empty code is refused here and nothing is sent; one longer than the shop issues names no coupon.
    const parsed = CouponCodeParams.safeParse({ code });
    if (code.trim() === '') {
      refuse(t('errors.coupon_enter_code'));
      return;
    }
    if (!parsed.success) {
      refuse(t('errors.coupon_not_found'));
      return;
    }
    setBusy(true);
    setError(undefined);
    onAlert('');
    try {
      const coupon = await apply(parsed.data.code);
      setCode('');
      onStatus(t('cart.coupon.applied', { code: coupon.code }));
      // The form is gone: the section's heading takes the focus, the applied coupon follows it.
      heading.current?.focus();
    } catch (err) {
      refuse(refusal(err));
    } finally {
      setBusy(false);
    }
  };

  const cancelRemove = () => {
    setConfirming(false);
    removeButton.current?.focus();
  };

  const confirmRemove = async () => {
    setConfirming(false);
    if (!applied) return;
    setBusy(true);
    onAlert('');
    try {
      await remove(applied.id);
      onStatus(t('cart.coupon.removed', { code: applied.code }));
      heading.current?.focus();
    } catch (err) {
      onAlert(failureMessage(err));
      removeButton.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cart-coupon" aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="cart-coupon__title">
        {t('cart.coupon.title')}
      </h2>
      {applied ? (
        <div className="cart-coupon__applied">
          <p className="cart-coupon__name">
            <strong className="cart-coupon__code">{applied.code}</strong> {applied.title}
          </p>
          <p className="cart-coupon__off">
            {cart.coupon
              ? t('cart.coupon.takesOff', { amount: formatMoney(cart.coupon.discount) })
              : t('cart.coupon.notApplying')}
          </p>
          <button
            ref={removeButton}
            type="button"
            className="button button--secondary"
            aria-label={t('cart.coupon.removeLabel', { code: applied.code })}
            aria-disabled={busy || undefined}
            onClick={() => !busy && setConfirming(true)}
          >
            {t('cart.coupon.remove')}
          </button>
          <ConfirmDialog
            open={confirming}
            title={t('cart.coupon.confirmTitle')}
            confirmLabel={t('cart.confirmRemove')}
            cancelLabel={t('cart.confirmCancel')}
            onConfirm={() => void confirmRemove()}
            onCancel={cancelRemove}
          >
            <p>{t('cart.coupon.confirmText', { code: applied.code })}</p>
          </ConfirmDialog>
        </div>
      ) : (
        <form className="cart-coupon__form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className={fieldClass(error)}>
            <label htmlFor={inputId}>{t('cart.coupon.code')}</label>
            <div className="cart-coupon__row">
              <input
                ref={input}
                id={inputId}
                name="code"
                value={code}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(e) => {
                  setCode(e.currentTarget.value);
                  setError(undefined);
                }}
              />
              <SubmitButton busy={busy} className="cart-coupon__apply">
                {busy ? t('cart.coupon.applying') : t('cart.coupon.apply')}
              </SubmitButton>
            </div>
            <FieldError id={errorId} error={error} />
          </div>
        </form>
      )}
    </section>
  );
}
