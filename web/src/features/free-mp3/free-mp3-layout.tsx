import { type CmsEntry, FreeMp3Form, type FreeMp3Grant, isAdult, type NewsletterResult, routePath } from '@storyhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { CaptchaField } from '../../components/captcha/captcha-field';
import { CmsHtml } from '../../components/cms/cms-html';
import { subscribeNewsletter } from '../../components/newsletter/newsletter';
import { type QueueTrack, usePlayer } from '../../components/player/player';
import { ApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { TextField } from '../../ui/form/fields';
import { PersonFields } from '../../ui/form/person-fields';
import { FormFailure, SubmitButton } from '../../ui/form/submit';
import { useForm } from '../../ui/form/use-form';
import { useFormSubmit } from '../../ui/form/use-form-submit';
import { showToast } from '../../ui/toast-store';
import { useErrorMessage } from '../../ui/use-error-message';
import { requestFreeMp3Download } from './api/request-download';
import { freeMp3SuccessPath, isLive, loadFreeMp3Grant, rememberFreeMp3Grant } from './completion';
import './free-mp3.css';

const empty = { first_name: '', last_name: '', email: '', birth_year: '', captcha: '' };
const labelKey = { first_name: 'freeMp3.firstName', last_name: 'freeMp3.lastName', email: 'freeMp3.email' } as const;

/**
 * Spec §2 Free MP3: the intro, then either the free MP3 (play button and
 * download link) for a visitor who completed the form this browser session,
 * or the form. Spec §4: submit sends the form to the server, which verifies
 * the captcha and answers a short-lived download link (issue 6: the page
 * itself never carries the file); an adult (§5: current year − 18 ≥ birth
 * year) is then subscribed to the newsletter (an already-subscribed reply
 * also completes); a younger visitor completes without subscribing, and
 * is told why (§5's "You must be 18 or older", to receive the newsletter:
 * decision 042). Completion goes to the language's thank-you page. The 18-or-older rule is
 * worded in the page's intro (CMS text; spec §2: the Spanish text says so).
 */
export default function FreeMp3Layout({ entry }: { entry: CmsEntry }) {
  const [grant, setGrant] = useState(loadFreeMp3Grant);

  // When the link expires the page asks for the form again, instead of offering a link that answers 410.
  useEffect(() => {
    if (!grant) return;
    const timer = window.setTimeout(() => setGrant(null), Math.max(0, Date.parse(grant.expires_at) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [grant]);

  // The thank-you page thanks a visitor who completed the form; anyone else (opened directly, or the link expired) is sent to the form.
  if (!grant && entry.url === freeMp3SuccessPath(entry.lang_code)) return <FormPageRedirect />;

  return (
    <div className="free-mp3-layout">
      {entry.intro ? <CmsHtml html={entry.intro} className="free-mp3-intro" /> : null}
      {grant ? (
        entry.freeMp3 ? (
          <FreeMp3Download entry={entry} grant={grant} />
        ) : (
          <ReadyLink />
        )
      ) : entry.freeMp3 ? (
        <FreeMp3FormView entryId={entry.id} onComplete={setGrant} />
      ) : null}
    </div>
  );
}

/** The free MP3 form page of the site language (spec §2 /get-a-free-mp3), in place of the current entry. */
function FormPageRedirect() {
  const { lang } = useI18n();
  return <Navigate to={routePath('freeMp3', lang) ?? '/'} replace />;
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

/** The MP3 the server's link opens: the player streams it, the link saves it (an attachment). */
function FreeMp3Download({ entry, grant }: { entry: CmsEntry; grant: FreeMp3Grant }) {
  const { t } = useI18n();
  const player = usePlayer();
  const title = grant.title || entry.free_story_title || t('freeMp3.freeStory');
  const track: QueueTrack = { id: `free-mp3:${entry.id}`, title, url: grant.download_url };
  const playing = player.isCurrent(track.id) && player.isPlaying;
  return (
    <section className="free-mp3-download" aria-label={t('freeMp3.ready')}>
      <h2 className="free-mp3-download__title">{title}</h2>
      <div className="free-mp3-download__actions">
        <button type="button" className="button" onClick={() => player.toggle(track)}>
          <span aria-hidden="true" className={playing ? 'free-mp3-icon free-mp3-icon--pause' : 'free-mp3-icon'} />
          {playing ? t('freeMp3.pause', { title }) : t('freeMp3.play', { title })}
        </button>
        <a className="button button--secondary" href={grant.download_url} download>
          {t('freeMp3.download')}
        </a>
      </div>
    </section>
  );
}

/**
 * Spec §8 Free form: an already-subscribed reply completes the form too. The
 * provider says so in English (Mailchimp: "… is already subscribed …"); our
 * own endpoint answers every address alike with success (issue 8: it tells
 * no one who is on the list).
 */
function isAlreadySubscribed(result: NewsletterResult) {
  return /already subscribed/i.test(result.msg);
}

/** Answers in which the server did not look at the captcha: the visitor's solution is still good. */
const captchaUntouched = new Set(['validation_failed', 'rate_limited', 'page_not_found']);

function FreeMp3FormView({ entryId, onComplete }: { entryId: number; onComplete: (grant: FreeMp3Grant) => void }) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const form = useForm(FreeMp3Form, empty);
  const [sending, setSending] = useState(false);
  // A link already earned (its captcha spent) while the newsletter step failed: a retry does not ask again.
  const earned = useRef<FreeMp3Grant | null>(null);

  const complete = (grant: FreeMp3Grant) => {
    rememberFreeMp3Grant(grant);
    onComplete(grant);
    void navigate(freeMp3SuccessPath(lang));
  };

  const submit = async (data: FreeMp3Form) => {
    let grant = earned.current && isLive(earned.current) ? earned.current : null;
    if (!grant) {
      try {
        grant = await requestFreeMp3Download(entryId, data);
      } catch (error) {
        // A spent or refused solution cannot be sent again: the visitor solves a new one.
        if (!(error instanceof ApiError && captchaUntouched.has(error.code))) form.set('captcha', '');
        if (showServerErrors(error)) return;
        setFailure(errorMessage(error, 'freeMp3.failed'));
        return;
      }
      earned.current = grant;
    }
    if (!isAdult(Number(data.birth_year))) {
      // Spec §4 wins over §5 (decision 042): the story is theirs; §5's "You must be 18 or older" says why no newsletter.
      complete(grant);
      showToast({ message: t('freeMp3.underAge') });
      return;
    }
    try {
      const result = await subscribeNewsletter({ email: data.email, fname: data.first_name, lname: data.last_name });
      if (result.result === 'success' || isAlreadySubscribed(result)) {
        complete(grant);
        return;
      }
    } catch {
      // The provider could not be reached: the same message as a refusal.
    }
    setFailure(t('freeMp3.failed'));
  };

  const { ref, onSubmit, failure, setFailure, showServerErrors } = useFormSubmit(form, {
    busy: sending,
    send: (data: FreeMp3Form) => {
      setSending(true);
      void submit(data).finally(() => setSending(false));
    },
  });

  return (
    <form ref={ref} className="free-mp3-form" aria-label={t('freeMp3.formTitle')} onSubmit={onSubmit} noValidate>
      <div className="form-grid free-mp3-form__grid">
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
