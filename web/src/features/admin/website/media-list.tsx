import { type AdminMediaItem, formatClock, type MediaKind, mediaPaths } from '@storyhouse/contracts';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { ListResults } from '../shared/admin-part';
import { useAdminMedia } from '../shared/api/get-admin-media';
import { formatFileSize } from '../shared/file-size';
import { useFormatDateTime } from '../shared/format-date-time';
import { UseAsCover } from './use-as-cover';

/**
 * The uploads, newest first: what, how big, how long, who and when; a
 * picture's row offers its link to copy (the address anyone can open) and
 * "Use as cover". An MP3 has no public address (families hear tracks through
 * the access rule), so its row offers neither.
 */
export function MediaList({
  kind,
  search,
  page,
  href,
}: {
  kind: MediaKind | undefined;
  search: string;
  page: number;
  href: (page: number) => string;
}) {
  const { t, lang } = useI18n();
  const formatDateTime = useFormatDateTime();
  const [said, setSaid] = useState('');
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminMedia({ page, kind, search });
  let list: React.ReactNode;
  if (isPending) list = <Loading shape="block" />;
  else if (error) list = <LoadError error={error} onRetry={() => void refetch()} />;
  else
    list = (
      <ListResults
        list={data}
        page={page}
        href={href}
        busy={isPlaceholderData}
        countText={t('admin.media.count', { count: data.count })}
        emptyText={search || kind ? t('admin.picker.library.noMatch') : t('admin.media.noneUploaded')}
        pagingLabel={t('admin.media.recent')}
      >
        <table className="admin-table admin-table--stacked">
          <caption className="visually-hidden">{t('admin.media.recent')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.media.file')}</th>
              <th scope="col">{t('admin.media.kindColumn')}</th>
              <th scope="col">{t('admin.media.size')}</th>
              <th scope="col">{t('admin.media.lengthColumn')}</th>
              <th scope="col">{t('admin.media.uploadedBy')}</th>
              <th scope="col">{t('admin.media.when')}</th>
              <th scope="col">{t('admin.media.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  {item.kind === 'image' ? (
                    <img className="admin-media__thumb" src={mediaPaths.image(item.key)} alt="" loading="lazy" />
                  ) : null}
                  {item.original_name}
                  {item.preview_key ? (
                    <span className="media-upload__key">
                      <br />
                      {t('admin.media.withPreview')}
                    </span>
                  ) : null}
                </th>
                <td>{t(`admin.media.kind.${item.kind}`)}</td>
                <td>{formatFileSize(item.size, lang)}</td>
                <td>{item.length_seconds === undefined ? '' : formatClock(item.length_seconds)}</td>
                <td>{item.uploaded_by.email}</td>
                <td>
                  <time dateTime={item.uploaded_at}>{formatDateTime(item.uploaded_at)}</time>
                </td>
                <td>{item.kind === 'image' ? <PictureActions item={item} onSay={setSaid} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListResults>
    );
  return (
    <>
      {list}
      {/* What a row's action did, said politely (a copy has nothing else to show). */}
      <p className="form-status form-status--success" role="status">
        {said}
      </p>
    </>
  );
}

/** A picture's link to copy, and "Use as cover". */
function PictureActions({ item, onSay }: { item: AdminMediaItem; onSay: (message: string) => void }) {
  const { t } = useI18n();
  const name = item.original_name;
  const copy = async () => {
    const link = new URL(mediaPaths.image(item.key), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      onSay(t('admin.media.copied', { name }));
    } catch {
      // No clipboard here (an insecure address, a refused permission): the link to copy by hand.
      onSay(t('admin.media.copyByHand', { name, link }));
    }
  };
  return (
    <div className="admin-media__actions">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={t('admin.media.copyLinkOf', { name })}
        onClick={() => void copy()}
      >
        {t('admin.media.copyLink')}
      </button>
      <UseAsCover item={item} onDone={onSay} />
    </div>
  );
}
