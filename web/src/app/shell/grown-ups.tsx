import { routePath } from '@storyhouse/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../components/session/api/get-session';
import { ProfileAvatar } from '../../features/profiles/profile-avatar';
import { GROWN_UPS_ONLY } from '../../lib/grown-ups';
import { useI18n } from '../../lib/i18n';

/** The family PIN's keypad: loaded when asked for, only while a child listens. */
const PinDialog = lazy(() => import('../../features/profiles/pin-dialog').then((m) => ({ default: m.PinDialog })));

/**
 * The header's profile corner (decision 051): who is listening on this device, a tap from "Who's listening?".
 * While a child listens it shows their avatar and name, and "Grown-ups" (the family PIN) stands for the account
 * menu and the cart, which the shell hides; a call the server refuses as the parents' (403 grown_ups_only) asks
 * the same PIN. The right PIN switches the device to the parents, where they were; Cancel goes to My Library.
 */
export function ProfileCorner() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const [asking, setAsking] = useState(false);
  const child = session?.logged_in ? session.profile : null;

  useEffect(() => {
    const ask = () => setAsking(true);
    addEventListener(GROWN_UPS_ONLY, ask);
    return () => removeEventListener(GROWN_UPS_ONLY, ask);
  }, []);

  if (!session?.logged_in) return null;
  const name = child ? child.nickname : t('profiles.grownUps');
  return (
    <>
      <Link to={routePath('whoIsListening', lang) ?? '/'} className="header__action header__profile">
        <ProfileAvatar name={name} avatar={child ? child.avatar : 'parents'} />
        {/* The name is the link's own text (no aria-label to disagree with what is seen: WCAG 2.5.3). */}
        <span className="visually-hidden">{t('profiles.profileButton', { name })}</span>
        {child ? (
          <span className="header__label" aria-hidden="true">
            {child.nickname}
          </span>
        ) : null}
      </Link>
      {child ? (
        <button type="button" className="header__action" onClick={() => setAsking(true)}>
          <span className="header__label">{t('profiles.grownUps')}</span>
        </button>
      ) : null}
      {asking && child ? (
        <Suspense fallback={null}>
          <PinDialog
            title={t('profiles.lockTitle')}
            profileId={null}
            onDone={() => setAsking(false)}
            onCancel={() => {
              setAsking(false);
              navigate(routePath('library', lang) ?? '/');
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
