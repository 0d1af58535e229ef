import { useEffect, useState } from 'react';
import { clearCookie, readCookie } from '../../lib/cookies';
import { useI18n } from '../../lib/i18n';
import { useOnline } from '../../lib/use-online';
import { standAbovePlayer } from '../../ui/player-room';

/** Set by GET /logout; the page that loads next shows the banner (spec §2 Shell). */
const LOGGED_OUT_FLASH = 'flash_logged_out';
/** Spec §9: the logout banner shows for 5 seconds. */
export const LOGOUT_BANNER_MS = 5000;

export function LogoutBanner() {
  const { t } = useI18n();
  const [visible, setVisible] = useState(() => readCookie(LOGGED_OUT_FLASH) === '1');

  useEffect(() => {
    if (!visible) return;
    clearCookie(LOGGED_OUT_FLASH);
    const timer = setTimeout(() => setVisible(false), LOGOUT_BANNER_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div className="banner banner--overlay banner--info" role="status">
      <span>{t('shell.loggedOut')}</span>
      <button type="button" className="banner__close" onClick={() => setVisible(false)} aria-label={t('shell.dismiss')}>
        ×
      </button>
    </div>
  );
}

/**
 * Spec §2 Shell: 'You are offline' while the browser is offline; when the
 * connection returns, the last URL is loaded again. At the foot of the
 * screen, so the header (My Account, sign out) stays usable offline.
 */
export function OfflineNotice() {
  const { t } = useI18n();
  const online = useOnline();
  const [wasOffline, setWasOffline] = useState(false);

  useEffect(() => {
    if (!online) setWasOffline(true);
    else if (wasOffline) window.location.reload();
  }, [online, wasOffline]);

  if (online) return null;
  return (
    <div ref={standAbovePlayer} className="banner banner--overlay banner--foot banner--warning" role="alert">
      {t('shell.offline')}
    </div>
  );
}
