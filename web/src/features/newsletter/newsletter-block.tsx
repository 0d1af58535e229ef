import { NewsletterSignupInput } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { useForm } from '../../ui/form/use-form';
import { subscribeNewsletter } from './newsletter';
import './newsletter.css';

/** Spec §9: the button says Subscribed for 5 seconds, then is ready again. */
const SUBSCRIBED_RESET_MS = 5000;

type State = 'ready' | 'subscribing' | 'subscribed';
type Outcome = { kind: 'success' | 'error'; text: string };

/**
 * Spec §2 newsletter sign-up, §4 Newsletter submit, §5 and §8 Newsletter:
 * e-mail required and valid, names optional; Ready → Subscribing →
 * Subscribed (5 s) → Ready. A refusal returns to Ready with the provider's
 * message as it is (as text), or the spec's generic failure when there is none.
 */
export function NewsletterBlock() {
  const { t } = useI18n();
  const headingId = useId();
  const form = useForm(NewsletterSignupInput, { email: '', fname: '', lname: '' });
  const [state, setState] = useState<State>('ready');
  const [outcome, setOutcome] = useState<Outcome>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const emailRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec §4: a submit is ignored unless the form is ready.
    if (state !== 'ready') return;
    const data = form.validate() as NewsletterSignupInput | undefined;
    if (!data) {
      emailRef.current?.querySelector('input')?.focus();
      return;
    }
    setState('subscribing');
    setOutcome(undefined);
    try {
      const reply = await subscribeNewsletter(data);
      if (reply.result === 'success') {
        setState('subscribed');
        setOutcome({ kind: 'success', text: reply.msg || t('newsletter.subscribed') });
        form.reset();
        timer.current = setTimeout(() => setState('ready'), SUBSCRIBED_RESET_MS);
      } else {
        setState('ready');
        setOutcome({ kind: 'error', text: reply.msg || t('newsletter.failed') });
      }
    } catch {
      setState('ready');
      setOutcome({ kind: 'error', text: t('newsletter.failed') });
    }
  };

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('newsletter.title')}</h2>
      <p>{t('newsletter.intro')}</p>
      <form className="newsletter__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div ref={emailRef} className="newsletter__email">
          <TextField form={form} name="email" type="email" label={t('newsletter.email')} required autoComplete="email" />
        </div>
        <TextField form={form} name="fname" label={t('newsletter.fname')} autoComplete="given-name" />
        <TextField form={form} name="lname" label={t('newsletter.lname')} autoComplete="family-name" />
        <div className="newsletter__submit">
          <button type="submit" className="button" disabled={state !== 'ready'}>
            {state === 'subscribing'
              ? t('newsletter.subscribing')
              : state === 'subscribed'
                ? t('newsletter.subscribed')
                : t('newsletter.subscribe')}
          </button>
        </div>
      </form>
      {/* The provider's message is text: React escapes it, any markup in it shows as written. */}
      <p className="newsletter__outcome" role="status">
        {outcome?.kind === 'success' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'error' ? (
        <p className="newsletter__outcome form-status--error" role="alert">
          {outcome.text}
        </p>
      ) : null}
    </section>
  );
}
