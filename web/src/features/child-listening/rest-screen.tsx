import type { ChildListening, OneMoreStoryBody } from '@storyhouse/contracts';
import { onDeviceClock, oneMoreStoryPath } from '@storyhouse/contracts/child-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { childRulesKey, gateOf, keepChildRules, useChildRules } from '../../components/child-listening/child-rules';
import { dismissRefusal, type PlayRefusal, setPlayGate } from '../../components/player/play-gate';
import { usePlayer } from '../../components/player/player';
import { useSession } from '../../components/session/api/get-session';
import { api } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { useErrorMessage } from '../../ui/use-error-message';
import './rest-screen.css';

/**
 * A child's play refused (issue 42): quiet hours or the day's listening over.
 * The gate itself runs from the shell (components/child-listening
 * useChildPlayGate); this screen loads only when a play is refused.
 */
export function RestScreenFor({ refusal }: { refusal: PlayRefusal }) {
  const { rules } = useChildRules();
  return <RestScreen refusal={refusal} rules={rules} />;
}

/** POST /crud/my-library/one-more-story: the rules answered (the one more story in them) are followed at once. */
function useOneMoreStory() {
  const client = useQueryClient();
  const userId = useSession().data?.user_id ?? null;
  return useMutation({
    mutationFn: async (body: OneMoreStoryBody) =>
      onDeviceClock(await api<ChildListening>(oneMoreStoryPath, { method: 'POST', body }), Date.now()),
    onSuccess: (rules) => {
      if (userId !== null) keepChildRules(userId, rules);
      client.setQueryData(childRulesKey, rules);
    },
  });
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
