import { type ParentsChoice, type ProfileChoice, routePath } from '@storyhouse/contracts';
import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Avatar } from '../../components/profiles/avatars';
import { useChooseProfile, useSessionProfiles, WHO_IS_LISTENING } from '../../components/session/api/session-profiles';
import { BACK_LOCATION, withBackLocation } from '../../lib/back-location';
import { useI18n } from '../../lib/i18n';
import { readBackLocation } from '../../lib/use-back-location';
import { LoadError, Loading } from '../../ui/query-status';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorMessage } from '../../ui/use-error-message';
import { PinDialog } from './pin-dialog';
import { ProfileAvatar } from './profile-avatar';
import './profiles.css';

type Choice = ParentsChoice | ProfileChoice;
const avatarOf = (choice: Choice) => (choice.id === null ? 'parents' : choice.avatar);

/**
 * "Who's listening?" (decision 051): the parents and each child as big buttons, one tap to choose. After sign-in
 * and from the header's avatar. From the parents a child is chosen at once; leaving a child (for the parents or
 * another child) asks the family PIN. Then on to where the family was going (back_location), else My Library.
 * Without a family PIN no child is chosen: nobody could leave their profile again on this device.
 */
export default function WhoIsListeningPage() {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  useDocumentTitle(t('profiles.whoTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.has(BACK_LOCATION) ? readBackLocation(params) : (routePath('library', lang) ?? '/library');
  const profiles = useSessionProfiles();
  const choose = useChooseProfile();
  const [asking, setAsking] = useState<Choice | null>(null);
  const headingId = useId();

  if (profiles.isPending) return <Loading />;
  if (profiles.isError) return <LoadError error={profiles.error} onRetry={() => void profiles.refetch()} />;
  const { profiles: choices, active, pin_set } = profiles.data;
  const leaving = choices.find((c) => c.id === active && c.id !== null);
  const goOn = () => navigate(next);

  const pick = (choice: Choice) => {
    if (choice.id === active) return goOn();
    if (active !== null) return setAsking(choice);
    choose.mutate({ profile_id: choice.id }, { onSuccess: goOn });
  };

  return (
    <div className="page who-listens">
      <h1 id={headingId}>{t('profiles.whoTitle')}</h1>
      <p>{t('profiles.whoIntro')}</p>
      {!pin_set && active === null && choices.length > 1 ? (
        <p className="notice">
          {t('profiles.pinFirst')}{' '}
          <Link to={withBackLocation(routePath('parentPin', lang) ?? '/account/pin', withBackLocation(WHO_IS_LISTENING, next))}>
            {t('profiles.setPinLink')}
          </Link>
        </p>
      ) : null}
      <ul className="who-listens__list" aria-labelledby={headingId}>
        {choices.map((choice) => (
          <li key={choice.id ?? 'parents'}>
            <button
              type="button"
              className="who-listens__choice"
              aria-current={choice.id === active ? 'true' : undefined}
              disabled={choose.isPending || (choice.id !== null && !pin_set && active === null)}
              onClick={() => pick(choice)}
            >
              {choice.id === null ? (
                <ProfileAvatar name={choice.nickname} avatar={avatarOf(choice)} size="large" />
              ) : (
                <Avatar name={choice.avatar} size={96} />
              )}
              <span>{choice.nickname}</span>
              {choice.id === active ? <span className="who-listens__now">{t('profiles.listeningNow')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      {choices.length === 1 ? <p>{t('profiles.noChildren')}</p> : null}
      <p role="status">{choose.isPending ? t('profiles.switching') : ''}</p>
      {choose.isError ? <p role="alert">{errorMessage(choose.error)}</p> : null}
      {asking ? (
        <PinDialog
          title={t('profiles.leaveTitle', { name: leaving?.nickname ?? '' })}
          profileId={asking.id}
          onDone={goOn}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </div>
  );
}
