import type { WidgetMethods } from 'altcha/types';
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { FieldError, fieldClass } from '../../ui/form/fields';
import type { FormApi } from '../../ui/form/use-form';
import './captcha.css';

type Values = Record<string, string | boolean>;
type Widget = HTMLElement & WidgetMethods;

/** GET /crud/captcha/challenge (server/src/modules/captcha). */
const CHALLENGE_URL = '/crud/captcha/challenge';

let loader: Promise<typeof import('./altcha')> | undefined;
function loadAltcha() {
  loader ??= import('./altcha').catch((error: unknown) => {
    loader = undefined;
    throw error;
  });
  return loader;
}

/**
 * The captcha of a form (DESIGN.md: ALTCHA, self-hosted proof of work): the
 * visitor ticks "I'm not a robot", the browser solves the server's
 * challenge in a worker, and the solved payload becomes the form's `name`
 * value, which the form sends to POST /crud/verify-captcha. Spec §4: when
 * the challenge expires or verification fails the value is cleared; clearing
 * the value from outside (a solution the server refused) resets the widget.
 */
export function CaptchaField<V extends Values>({ form, name }: { form: FormApi<V>; name: keyof V & string }) {
  const { t, lang } = useI18n();
  const ref = useRef<Widget>(null);
  const errorId = useId();
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const set = form.set;
  const value = form.values[name];
  const error = form.error(name);
  const solved = useRef(false);

  useEffect(() => {
    let live = true;
    loadAltcha()
      .then(({ setAltchaStrings }) => {
        setAltchaStrings(lang, {
          label: t('captcha.label'),
          loading: t('captcha.loading'),
          verifying: t('captcha.verifying'),
          verified: t('captcha.verified'),
          expired: t('captcha.expired'),
          error: t('captcha.error'),
          verificationRequired: t('captcha.required'),
          waitAlert: t('captcha.wait'),
          verify: t('captcha.verify'),
          reload: t('captcha.reload'),
          cancel: t('captcha.cancel'),
        });
        if (live) setLoaded('ready');
      })
      .catch(() => {
        if (live) setLoaded('failed');
      });
    return () => {
      live = false;
    };
  }, [lang, t]);

  useEffect(() => {
    const widget = ref.current;
    if (loaded !== 'ready' || !widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verified' && payload) {
        solved.current = true;
        set(name, payload as V[typeof name]);
      } else if (solved.current) {
        // Expired, reset or failed after a solution: the old token must not be sent.
        solved.current = false;
        set(name, '' as V[typeof name]);
      }
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [loaded, name, set]);

  useEffect(() => {
    // The widget draws (and redraws) its own checkbox: tie the field's message to it for screen readers.
    const widget = ref.current;
    if (loaded !== 'ready' || !widget) return;
    const describe = () => {
      const checkbox = widget.querySelector('input[type="checkbox"]');
      if (!checkbox) return;
      if (error) {
        if (checkbox.getAttribute('aria-describedby') !== errorId) checkbox.setAttribute('aria-describedby', errorId);
      } else if (checkbox.hasAttribute('aria-describedby')) checkbox.removeAttribute('aria-describedby');
    };
    describe();
    const observer = new MutationObserver(describe);
    observer.observe(widget, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [loaded, error, errorId]);

  useEffect(() => {
    // The form dropped the token (the server refused it): ask for a fresh solution.
    if (value === '' && solved.current) {
      solved.current = false;
      ref.current?.reset();
    }
  }, [value]);

  return (
    <div className={fieldClass(error, 'captcha-field')}>
      {loaded === 'ready' ? (
        <altcha-widget
          ref={ref}
          challenge={CHALLENGE_URL}
          type="native"
          language={lang}
          name={`${name}-altcha`}
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
        />
      ) : (
        <p className="captcha-field__status" role={loaded === 'failed' ? 'alert' : 'status'}>
          {loaded === 'failed' ? t('captcha.error') : t('captcha.loading')}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
