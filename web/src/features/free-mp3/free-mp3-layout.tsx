import { type CmsEntry, FreeMp3Form, isAdult, type NewsletterResult } from '@storyhouse/contracts';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { PersonFields } from '../../ui/form/person-fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { refusalMessage, useFormSubmit } from '../../ui/form/use-form-submit';
import { CaptchaField } from '../captcha/captcha-field';
import { CmsHtml } from '../cms/components/cms-html';
import { subscribeNewsletter } from '../newsletter/newsletter';
import { type QueueTrack, usePlayer } from '../player/player';
import { verifyCaptcha } from './api/verify-captcha';
import { freeMp3SuccessPath, isFreeMp3Completed, rememberFreeMp3Completed } from './completion';
import './free-mp3.css';

const empty = { first_name: '', last_name: '', email: '', birth_year: '', captcha: '' };
const labelKey = { first_name: 'freeMp3.firstName', last_name: 'freeMp3.lastName', email: 'freeMp3.email' } as const;

/**
 * Spec §2 Free MP3: the intro, then either the free MP3 (play button and
 * download link) for a visitor who completed the form this browser session,
 * or the form. Spec §4: submit verifies the captcha on the server; an adult
 * (§5: current year − 18 ≥ birth year) is subscribed to the newsletter
 * (an already-subscribed reply also completes); a younger visitor completes
 * without subscribing. Completion goes to the language's thank-you page.
 * The 18-or-older rule is worded in the page's intro (CMS text; spec §2:
 * the Spanish text says so).
 */
export default function FreeMp3Layout({ entry }: { entry: CmsEntry }) {
  const [completed, setCompleted] = useState(isFreeMp3Completed);
  return (
    <div className="free-mp3-layout">
      {entry.intro ? <CmsHtml html={entry.intro} className="free-mp3-intro" /> : null}
      {completed ? (
        entry.freeMp3 ? (
          <FreeMp3Download entry={entry} freeMp3={entry.freeMp3} />
        ) : (
          <ReadyLink />
        )
      ) : (
        <FreeMp3FormView onComplete={() => setCompleted(true)} />
      )}
    </div>
  );
}

/** A completed visitor on a free-mp3 page that offers no file itself: the way to the one that does. */
function ReadyLink() {
  const { t, lang } = useI18n();
  return (
    <p className="free-mp3-ready">
      <Link to={freeMp3SuccessPath(lang)}>{t('freeMp3.ready')}</Link>
    </p>
  );
}

function FreeMp3Download({ entry, freeMp3 }: { entry: CmsEntry; freeMp3: string }) {
  const { t } = useI18n();
  const player = usePlayer();
  const title = entry.free_story_title || t('freeMp3.freeStory');
  const track: QueueTrack = { id: `free-mp3:${entry.id}`, title, url: freeMp3 };
  const playing = player.isCurrent(track.id) && player.isPlaying;
  return (
    <section className="free-mp3-download" aria-label={t('freeMp3.ready')}>
      <h2 className="free-mp3-download__title">{title}</h2>
      <div className="free-mp3-download__actions">
        <button type="button" className="button" onClick={() => player.toggle(track)}>
          <span aria-hidden="true" className={playing ? 'free-mp3-icon free-mp3-icon--pause' : 'free-mp3-icon'} />
          {playing ? t('freeMp3.pause', { title }) : t('freeMp3.play', { title })}
        </button>
        <a className="button button--secondary" href={freeMp3} download>
          {t('freeMp3.download')}
        </a>
      </div>
    </section>
  );
}

/**
 * Spec §8 Free form: an already-subscribed reply completes the form too. The
 * provider says so in English (Mailchimp: "… is already subscribed …"); our
 * own endpoint in the list's language, with the catalog's words.
 */
function isAlreadySubscribed(result: NewsletterResult, alreadyText: string) {
  return result.msg === alreadyText || /already subscribed/i.test(result.msg);
}

function FreeMp3FormView({ onComplete }: { onComplete: () => void }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const form = useForm(FreeMp3Form, empty);
  const [sending, setSending] = useState(false);

  const complete = () => {
    rememberFreeMp3Completed();
    onComplete();
    void navigate(freeMp3SuccessPath(lang));
  };

  const submit = async (data: FreeMp3Form) => {
    try {
      const { status } = await verifyCaptcha({ captcha: data.captcha });
      if (status !== 'valid') throw new Error('captcha refused');
    } catch (error) {
      // A refused solution cannot be sent again: the visitor solves a new one.
      form.set('captcha', '');
      setFailure(refusalMessage(error, t('freeMp3.invalidCaptcha')));
      return;
    }
    if (!isAdult(Number(data.birth_year))) {
      complete();
      return;
    }
    try {
      const result = await subscribeNewsletter({ email: data.email, fname: data.first_name, lname: data.last_name });
      if (
        result.result === 'success' ||
        isAlreadySubscribed(result, t('newsletter.reply.alreadySubscribed', { email: data.email }))
      ) {
        complete();
        return;
      }
    } catch {
      // The provider could not be reached: the same message as a refusal.
    }
    setFailure(t('freeMp3.failed'));
  };

  const { ref, onSubmit, failure, setFailure } = useFormSubmit(form, {
    busy: sending,
    send: (data: FreeMp3Form) => {
      setSending(true);
      void submit(data).finally(() => setSending(false));
    },
  });

  return (
    <form ref={ref} className="free-mp3-form" aria-label={t('freeMp3.formTitle')} onSubmit={onSubmit} noValidate>
      <div className="free-mp3-form__grid">
        <PersonFields
          form={form}
          names={{ first: 'first_name', last: 'last_name', email: 'email' }}
          label={(name) => t(labelKey[name])}
        />
        <TextField
          form={form}
          name="birth_year"
          type="number"
          label={t('freeMp3.birthYear')}
          hint={t('freeMp3.birthYearHint')}
          required
          autoComplete="bday-year"
          maxLength={4}
        />
      </div>
      <CaptchaField form={form} name="captcha" />
      <SubmitButton busy={sending}>{sending ? t('freeMp3.submitting') : t('freeMp3.submit')}</SubmitButton>
      <FormFailure message={failure} />
    </form>
  );
}
