import { routePath } from '@storyhouse/contracts';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PinDialog } from './pin-dialog';

/**
 * The grown-ups lock over a page that is the parents' while a child listens (the store, cart, checkout, orders,
 * subscriptions, settings, the family page: app/route-guard.tsx). The right PIN switches this device to the parents
 * and the page they were going to opens; Cancel goes back to My Library.
 */
export default function GrownUpsLock() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  useDocumentTitle(t('profiles.lockTitle'));
  return (
    <div className="page page--narrow">
      <h1>{t('profiles.lockTitle')}</h1>
      <PinDialog
        title={t('profiles.lockTitle')}
        profileId={null}
        // The session now speaks for the parents: the guard shows the page itself.
        onDone={() => undefined}
        onCancel={() => navigate(routePath('library', lang) ?? '/library', { replace: true })}
      />
    </div>
  );
}
