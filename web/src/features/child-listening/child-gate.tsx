import { type ChildListening, childTimeRefusal } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useChildRules, useOneMoreStory } from '../../components/child-listening/child-rules';
import {
  currentRefusal,
  dismissRefusal,
  type PlayRefusal,
  setPlayGate,
  subscribeRefusal,
} from '../../components/player/play-gate';
import { usePlayer } from '../../components/player/player';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import './child-gate.css';

const gateOf = (rules: ChildListening | null) =>
  rules ? (skuId: number, nowMs: number) => childTimeRefusal(rules, skuId, nowMs) : null;

/**
 * While a child profile listens (issue 42): the player follows the child's
 * quiet hours and daily limit (the server's rules, kept on the device so they
 * hold offline too), and a refused play shows the friendly full-page screen
 * instead of playing. Loaded only for a child's session (app/shell).
 */
export function ChildGate() {
  const { child, rules } = useChildRules();
  useEffect(() => {
    setPlayGate(child ? gateOf(rules) : null);
    return () => setPlayGate(null);
  }, [child, rules]);
  const refusal = useSyncExternalStore(subscribeRefusal, currentRefusal, () => null);
  if (!child || !refusal) return null;
  return <RestScreen refusal={refusal} rules={rules} />;
}

function Moon() {
  return (
    <svg className="rest-screen__moon" viewBox="0 0 120 120" aria-hidden="true" focusable="false">
      <circle cx="60" cy="60" r="56" fill="#1d2340" />
      <path d="M74 24a38 38 0 1 0 22 58A32 32 0 1 1 74 24z" fill="#f4e3a1" />
      <circle cx="30" cy="32" r="2.5" fill="#f4e3a1" />
      <circle cx="92" cy="96" r="2" fill="#f4e3a1" />
      <circle cx="22" cy="80" r="1.8" fill="#f4e3a1" />
    </svg>
  );
}

/**
 * "It's quiet time" (or the day's listening is over): a moon, when stories
 * are back, and "One more story", which a grown-up lets play with the family
 * PIN once a night.
 */
function RestScreen({ refusal, rules }: { refusal: PlayRefusal; rules: ChildListening | null }) {
  const { t } = useI18n();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const quiet = refusal.reason === 'quiet_time';
  return (
    <div className="rest-screen" role="dialog" aria-modal="true" aria-labelledby={headingId}>
      <div className="rest-screen__body">
        <Moon />
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {quiet ? t('childListening.quietTitle') : t('childListening.limitTitle')}
        </h2>
        <p className="rest-screen__text">
          {quiet ? t('childListening.quietText', { time: rules?.quiet?.to ?? '' }) : t('childListening.limitText')}
        </p>
        <OneMoreStory skuId={refusal.skuId} used={rules?.one_more_used ?? false} />
        <button type="button" className="button button--secondary rest-screen__close" onClick={dismissRefusal}>
          {t('childListening.close')}
        </button>
      </div>
    </div>
  );
}

function OneMoreStory({ skuId, used }: { skuId: number; used: boolean }) {
  const { t } = useI18n();
  const player = usePlayer();
  const errorMessage = useErrorMessage();
  const oneMore = useOneMoreStory();
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const pinId = useId();
  const errorId = useId();
  if (used && !oneMore.isError) return <p className="rest-screen__note">{t('childListening.oneMoreUsed')}</p>;
  if (!asking) {
    return (
      <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
        {t('childListening.oneMore')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    oneMore.mutate(
      { pin, sku_id: skuId },
      {
        onSuccess: (rules) => {
          // Followed at once (not on the next render): the story plays now.
          setPlayGate(gateOf(rules));
          dismissRefusal();
          player.playPause();
        },
        onSettled: () => setPin(''),
      },
    );
  };
  return (
    <form className="rest-screen__pin" onSubmit={submit}>
      <p>{t('childListening.oneMoreHint')}</p>
      <label htmlFor={pinId}>{t('childListening.pinLabel')}</label>
      <input
        id={pinId}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]{4}"
        maxLength={4}
        required
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        aria-describedby={oneMore.isError ? errorId : undefined}
        aria-invalid={oneMore.isError || undefined}
      />
      {oneMore.isError && (
        <p id={errorId} className="rest-screen__error" role="alert">
          {errorMessage(oneMore.error)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={oneMore.isPending}>
        {t('childListening.oneMorePlay')}
      </button>
    </form>
  );
}
