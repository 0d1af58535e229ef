import { CaptchaToken, type NextAction, type SaveCardResponse, type SavedCard } from '@storyhouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { Loading } from '../../ui/loading';
import { errorMessage } from '../../ui/use-error-message';
import { CaptchaField } from '../captcha/captcha-field';
import { authenticatePayment } from './api/authenticate-payment';
import { savedCardsKey } from './api/get-saved-cards';
import { usePaymentsKey } from './api/payments-key';
import { finishCardSetup, saveCard } from './api/save-card';
import { AuthDialog } from './auth-dialog';
import { type CardEntry, CardEntryError } from './card-field/card-entry';
import { TestCardField } from './card-field/test-card-field';
import { cardLabel } from './card-label';
import { CardRefusal, useCardRefusal } from './card-refusal';
import './add-card.css';

// Only a site paying through Stripe downloads Stripe Elements.
const StripeCardField = lazy(() => import('./card-field/stripe-card-field'));

const withCaptcha = z.object({ captcha: CaptchaToken });
const withoutCaptcha = z.object({ captcha: z.string() });

/**
 * Issue 40 item 8: "Add a card" where a family needs one (My subscription,
 * Account settings), without buying anything. The same card entry as at
 * payment (the test processor's card field, or Stripe Elements), then the
 * processor's card setup; a card whose bank asks for 3-D Secure is saved
 * once the cardholder completes it (the test processor's dialog, or
 * Stripe's own). After repeated declined cards the server asks for a
 * captcha first, as at payment. A card the bank refuses is said beside the
 * card, as at payment (card-refusal.tsx). `onAdded` hears of the saved card.
 */
export function AddCard({ userId, onAdded }: { userId: number; onAdded?: (card: SavedCard) => void }) {
  const { t } = useI18n();
  const processor = usePaymentsKey();
  const client = useQueryClient();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [failure, setFailure] = useState('');
  const [status, setStatus] = useState('');
  const [challenge, setChallenge] = useState(false);
  const [authenticating, setAuthenticating] = useState<NextAction | null>(null);
  const [cardError, setCardError] = useState(false);
  const entry = useRef<CardEntry>(null);
  const refusal = useCardRefusal();
  const form = useForm<{ captcha: string }>(challenge ? withCaptcha : withoutCaptcha, { captcha: '' });

  const done = (answer: SaveCardResponse) => {
    if (answer.status !== 'saved') return false;
    void client.invalidateQueries({ queryKey: savedCardsKey });
    setStatus(t('payment.addCard.saved', { card: cardLabel(answer.card, t) }));
    setOpen(false);
    setChallenge(false);
    onAdded?.(answer.card);
    return true;
  };

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'payment_captcha_required') setChallenge(true);
    if (refusal.take(error)) return;
    setFailure(error instanceof CardEntryError ? t('payment.fixCardErrors') : errorMessage(error, t));
  };

  const finish = () => {
    running.current = false;
    setBusy(false);
  };

  /** The bank's check answered in the browser: the server says whether the card is saved now. */
  const settle = async (setupId: string) => {
    const answer = await finishCardSetup(setupId);
    if (!done(answer)) throw new ApiError(402, 'card_authentication_failed', t('errors.card_authentication_failed'), {});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current || !processor.data) return;
    if (challenge && !form.validate()) return;
    running.current = true;
    setBusy(true);
    setFailure('');
    setStatus('');
    refusal.clear();
    try {
      if (!entry.current?.check() || cardError) throw new CardEntryError();
      const token = await entry.current.tokenize();
      const { captcha } = form.values;
      if (captcha) form.set('captcha', '');
      const answer = await saveCard({ user_id: userId, stripe_token: token, ...(captcha ? { captcha } : {}) });
      if (answer.status === 'requires_action') {
        if (processor.data.provider === 'test') {
          // The dialog answers; busy until then.
          setAuthenticating(answer.next_action);
          return;
        }
        const { handleStripeNextAction } = await import('./card-field/stripe-loader');
        await handleStripeNextAction(processor.data.key, answer.next_action.client_secret);
        await settle(answer.next_action.payment_id);
      } else done(answer);
    } catch (error) {
      fail(error);
    }
    finish();
  };

  const answer = async (approve: boolean) => {
    const action = authenticating;
    setAuthenticating(null);
    if (!action) return;
    try {
      await authenticatePayment(action, approve);
      await settle(action.payment_id);
    } catch (error) {
      fail(error);
    }
    finish();
  };

  return (
    <div className="add-card">
      {!open && (
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={false}
          aria-controls={formId}
          onClick={() => {
            setStatus('');
            setFailure('');
            refusal.clear();
            setOpen(true);
          }}
        >
          {t('payment.addCard.open')}
        </button>
      )}
      {open && (
        <form id={formId} className="add-card__form" onSubmit={submit} noValidate>
          <fieldset>
            <legend>{t('payment.addCard.title')}</legend>
            <p className="add-card__note">{t('payment.addCard.note')}</p>
            {/* Beside the card: above its number, as at payment. */}
            <CardRefusal refusal={refusal.refusal} focusCard={() => entry.current?.focus()} />
            {!processor.data ? (
              <Loading />
            ) : processor.data.provider === 'test' ? (
              <TestCardField ref={entry} onErrorChange={setCardError} />
            ) : (
              <Suspense fallback={<Loading />}>
                <StripeCardField ref={entry} onErrorChange={setCardError} publishableKey={processor.data.key} />
              </Suspense>
            )}
            {challenge && <CaptchaField form={form} name="captcha" />}
          </fieldset>
          <div className="add-card__actions">
            <SubmitButton busy={busy}>{busy ? t('payment.addCard.saving') : t('payment.addCard.save')}</SubmitButton>
            <button type="button" className="button button--secondary" onClick={() => !busy && setOpen(false)}>
              {t('payment.addCard.cancel')}
            </button>
          </div>
        </form>
      )}
      <FormFailure message={failure} />
      <p className="form-status form-status--success" role="status">
        {status}
      </p>
      <AuthDialog open={authenticating !== null} onAnswer={(approve) => void answer(approve)} />
    </div>
  );
}
