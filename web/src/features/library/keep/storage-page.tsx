import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { useI18n } from '../../../lib/i18n';
import { Loading } from '../../../ui/loading';
import { RouteLink } from '../../../ui/route-link';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { formatBytes } from './format-bytes';
import { reportsConnection, setKeepSettings, useKeepSettings } from './keep-network';
import { useKeepingAccount } from './keep-on-device';
import { forget, forgetAll, useKeepState } from './keep-state';
import { canKeep, type KeptAlbum } from './keep-store';
import '../library.css';

/**
 * On this device (/library/storage, signed in): the albums this device
 * keeps for the family with their sizes, the space the site uses against
 * what the browser grants it, Remove and Remove all (asked first), and the
 * "Download over Wi-Fi only" setting. Everything here is on the device (the
 * kept cache's record, navigator.storage, localStorage): it needs no network
 * beyond the session, so it opens offline as well.
 */
export default function StoragePage() {
  const { t } = useI18n();
  useDocumentTitle(t('library.storage.title'));
  return (
    <article className="page storage">
      <h1>{t('library.storage.title')}</h1>
      <p>{t('library.storage.intro')}</p>
      {canKeep() ? <KeptOnDevice /> : <p role="status">{t('library.storage.unsupported')}</p>}
      <WifiSetting />
      <p>
        <RouteLink to="library">{t('library.back')}</RouteLink>
      </p>
    </article>
  );
}

function KeptOnDevice() {
  const { t, lang } = useI18n();
  const headingId = useId();
  const { loaded, kept, estimate } = useKeepState(useKeepingAccount());
  const [asking, setAsking] = useState(false);
  const [removedAll, setRemovedAll] = useState(false);
  if (!loaded) return <Loading shape="block" />;
  const size = (bytes: number) => formatBytes(lang, bytes);
  const albums = [...kept.values()].sort((a, b) => a.album.productTitle.localeCompare(b.album.productTitle, lang));
  const total = albums.reduce((sum, album) => sum + album.bytes, 0);
  const count = t('library.storage.count', { count: albums.length, size: size(total) });
  return (
    <>
      <section className="storage__section" aria-labelledby={`${headingId}-space`}>
        <h2 id={`${headingId}-space`}>{t('library.storage.spaceHeading')}</h2>
        {estimate ? (
          <>
            <meter
              className="storage__meter"
              min={0}
              max={estimate.quota}
              value={estimate.usage}
              aria-label={t('library.storage.spaceLabel')}
            />
            <p>{t('library.storage.space', { used: size(estimate.usage), quota: size(estimate.quota) })}</p>
          </>
        ) : (
          <p>{t('library.storage.spaceUnknown')}</p>
        )}
      </section>
      <section className="storage__section" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('library.storage.albums')}</h2>
        <p role="status">
          {albums.length > 0 ? count : removedAll ? t('library.storage.removedAll') : t('library.storage.none')}
        </p>
        {albums.length > 0 && (
          <>
            <ul className="storage__list">
              {albums.map((album) => (
                <KeptRow key={album.album.product_id} kept={album} />
              ))}
            </ul>
            <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
              {t('library.storage.removeAll')}
            </button>
          </>
        )}
        <ConfirmDialog
          open={asking}
          title={t('library.storage.removeAllTitle')}
          confirmLabel={t('library.storage.removeAll')}
          cancelLabel={t('library.storage.keepThem')}
          onConfirm={() => {
            setAsking(false);
            void forgetAll().then(() => setRemovedAll(true));
          }}
          onCancel={() => setAsking(false)}
        >
          <p>{t('library.storage.removeAllText', { count: albums.length, size: size(total) })}</p>
        </ConfirmDialog>
      </section>
    </>
  );
}

function KeptRow({ kept: { album, bytes } }: { kept: KeptAlbum }) {
  const { t, lang } = useI18n();
  return (
    <li className="storage__album">
      <Link to={album.url} className="storage__title">
        {album.productTitle}
      </Link>
      <span className="storage__size">{formatBytes(lang, bytes)}</span>
      <button
        type="button"
        className="button button--secondary"
        aria-label={t('library.keep.removeLabel', { title: album.productTitle })}
        onClick={() => void forget(album.product_id)}
      >
        {t('library.storage.remove')}
      </button>
    </li>
  );
}

/** "Download over Wi-Fi only", with what it does in this browser: wait for Wi-Fi where the browser says, else ask once. */
function WifiSetting() {
  const { t } = useI18n();
  const settingId = useId();
  const { wifiOnly, confirmed } = useKeepSettings();
  const reports = reportsConnection();
  return (
    <section className="storage__section" aria-labelledby={`${settingId}-heading`}>
      <h2 id={`${settingId}-heading`}>{t('library.storage.downloads')}</h2>
      <p className="storage__setting">
        <input
          id={settingId}
          type="checkbox"
          checked={wifiOnly}
          aria-describedby={`${settingId}-help`}
          onChange={(event) => setKeepSettings({ wifiOnly: event.target.checked })}
        />
        <label htmlFor={settingId}>{t('library.storage.wifiOnly')}</label>
      </p>
      <p id={`${settingId}-help`} className="storage__help">
        {reports ? t('library.storage.wifiReported') : t('library.storage.wifiNotReported')}
      </p>
      {wifiOnly && !reports && confirmed && (
        <>
          <p className="storage__help">{t('library.storage.wifiConfirmed')}</p>
          <button type="button" className="button button--secondary" onClick={() => setKeepSettings({ confirmed: false })}>
            {t('library.storage.askAgain')}
          </button>
        </>
      )}
    </section>
  );
}
