import type { NewsletterSignupInput } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { useResetAfter } from '../../ui/use-reset-after';
import { subscribeNewsletter } from './newsletter';
import './newsletter.css';

/**
 * The form's contract, loaded when the form is first used (ui/form/use-form.ts FormSchema): the block sits at the foot
 * of the home page and of CMS pages, and most visitors never type in it.
 */
const contract = () => import('@storyhouse/contracts/newsletter').then((m) => m.NewsletterSignupInput);

/** Spec §9: the button says Subscribed for 5 seconds, then is ready again. */
const SUBSCRIBED_RESET_MS = 5000;

type State = 'ready' | 'subscribing' | 'subscribed';

/**
 * Spec §2 newsletter sign-up, §4 Newsletter submit, §5 and §8 Newsletter:
 * e-mail required and valid, names optional; Ready → Subscribing →
 * Subscribed (5 s) → Ready. A refusal returns to Ready with the provider's
 * message as it is (as text), or the spec's generic failure when there is none.
 */
export function NewsletterBlock() {
  const { t } = useI18n();
  const headingId = useId();
  const form = useForm(contract, { email: '', fname: '', lname: '' });
  const [state, setState] = useState<State>('ready');
  const [subscribed, setSubscribed] = useState('');
  const resetAfter = useResetAfter(SUBSCRIBED_RESET_MS);

  const subscribe = async (data: NewsletterSignupInput) => {
    setState('subscribing');
    setSubscribed('');
    try {
      const reply = await subscribeNewsletter(data);
      if (reply.result === 'success') {
        setState('subscribed');
        setSubscribed(reply.msg || t('newsletter.subscribed'));
        form.reset();
        resetAfter(() => setState('ready'));
        return;
      }
      submit.setFailure(reply.msg || t('newsletter.failed'));
    } catch {
      submit.setFailure(t('newsletter.failed'));
    }
    setState('ready');
  };
  const submit = useFormSubmit(form, {
    busy: state !== 'ready',
    send: (data: NewsletterSignupInput) => void subscribe(data),
  });

  return (
    <section className="newsletter" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('newsletter.title')}</h2>
      <p>{t('newsletter.intro')}</p>
      <form ref={submit.ref} className="newsletter__form" onSubmit={submit.onSubmit} noValidate>
        <div className="newsletter__email">
          <TextField form={form} name="email" type="email" label={t('newsletter.email')} required autoComplete="email" />
        </div>
        <TextField form={form} name="fname" label={t('newsletter.fname')} autoComplete="given-name" />
        <TextField form={form} name="lname" label={t('newsletter.lname')} autoComplete="family-name" />
        <div className="newsletter__submit">
          <SubmitButton busy={state !== 'ready'}>{t(`newsletter.${state === 'ready' ? 'subscribe' : state}`)}</SubmitButton>
        </div>
      </form>
      {/* The provider's message is text: React escapes it, any markup in it shows as written. */}
      <p className="newsletter__outcome" role="status">
        {subscribed}
      </p>
      <FormFailure message={submit.failure} />
    </section>
  );
}
