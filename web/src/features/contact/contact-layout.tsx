import { type CmsEntry, CONTACT_MESSAGE_MAX, ContactMessageInput } from '@storyhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { CmsHtml } from '../../components/cms/cms-html';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { AddressFields, emptyAddress, PersonFields } from '../../ui/form/person-fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { refusalMessage, useFormSubmit } from '../../ui/form/use-form-submit';
import { useResetAfter } from '../../ui/use-reset-after';
import { useSendContactMessage } from './api/send-contact-message';
import './contact.css';

/** Spec §4 Contact send. */
type SendState = 'ready' | 'sending' | 'sent' | 'failed';

/** Spec §9: the Failed label shows this long, then the form is Ready again. */
const FAILED_RESET_MS = 10_000;

const empty = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  ...emptyAddress,
  find_us: '',
  message: '',
};

/**
 * Spec §2 Contact us: the optional intro, the form (rules from the shared
 * contract, §5 Contact), then the page's response text once sent. The
 * button says Ready/Sending/Sent/Failed (§4); a submit is ignored unless
 * Ready, and Failed returns to Ready after 10 seconds.
 */
export default function ContactLayout({ entry }: { entry: CmsEntry }) {
  const { t } = useI18n();
  const sentRef = useRef<HTMLDivElement>(null);
  const form = useForm(ContactMessageInput, empty);
  const send = useSendContactMessage();
  const [state, setState] = useState<SendState>('ready');
  const resetAfter = useResetAfter(FAILED_RESET_MS);
  const fail = (message: string) => {
    submit.setFailure(message);
    setState('failed');
    resetAfter(() => setState('ready'));
  };
  const submit = useFormSubmit(form, {
    busy: state !== 'ready',
    send: (data: ContactMessageInput) => {
      setState('sending');
      send.mutate(data, {
        onSuccess: (result) => {
          if (result?.status === 'sent') setState('sent');
          else fail(t('contact.failed'));
        },
        onError: (error) => {
          submit.showServerErrors(error);
          fail(refusalMessage(error, t('contact.failed')));
        },
      });
    },
  });

  useEffect(() => {
    if (state !== 'sent') return;
    // Spec §4: Sent scrolls to the top; the response takes the form's place.
    window.scrollTo({ top: 0 });
    sentRef.current?.focus({ preventScroll: true });
  }, [state]);

  if (state === 'sent') {
    return (
      <div className="contact-layout">
        <div ref={sentRef} className="contact-sent" role="status" tabIndex={-1}>
          {entry.response ? <CmsHtml html={entry.response} /> : <p>{t('contact.sent')}</p>}
        </div>
      </div>
    );
  }

  return (
    <div className="contact-layout">
      {entry.intro ? <CmsHtml html={entry.intro} className="contact-intro" /> : null}
      <form ref={submit.ref} className="contact-form" aria-label={t('contact.formLabel')} onSubmit={submit.onSubmit} noValidate>
        <p className="form-note">{t('contact.requiredNote')}</p>
        <div className="form-grid">
          <PersonFields
            form={form}
            names={{ first: 'first_name', last: 'last_name', email: 'email', phone: 'phone' }}
            label={(name) => t(`contact.fields.${name}`)}
            required
          />
          <AddressFields form={form} label={(name) => t(`contact.fields.${name}`)} />
          <TextField form={form} name="find_us" label={t('contact.fields.find_us')} maxLength={200} />
        </div>
        <TextField
          form={form}
          name="message"
          label={t('contact.fields.message')}
          required
          multiline
          maxLength={CONTACT_MESSAGE_MAX}
        />
        <FormFailure message={state === 'failed' ? submit.failure : undefined} />
        <SubmitButton busy={state !== 'ready'}>{t(`contact.button.${state}`)}</SubmitButton>
      </form>
    </div>
  );
}
