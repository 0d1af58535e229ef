import { type AdminMediaItem, formatClock, type MediaKind, mediaPaths } from '@storyhouse/contracts';
import { useDeferredValue, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { useAdminMedia } from './api/get-admin-media';
import { ChooserDialog } from './chooser-dialog';
import { formatFileSize } from './file-size';
import { useFormatDateTime } from './format-date-time';

/**
 * "Choose from the media library": the pictures (or MP3s) uploaded before,
 * newest first, found by a part of their name, each shown as it is (a
 * thumbnail, or the track's length) with its name, size and date; choosing
 * one gives it to the field, as an upload would.
 */
export function MediaLibrary({
  kind,
  label,
  onChoose,
  onClose,
}: {
  kind: MediaKind;
  /** The field it chooses for ("Cover (square)"). */
  label: string;
  onChoose: (item: AdminMediaItem) => void;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const formatDateTime = useFormatDateTime();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(search.trim());
  const { data, error, isPending, refetch } = useAdminMedia({ page, kind, search: deferred });
  const found = data
    ? data.count === 0
      ? t(deferred ? 'admin.picker.library.noMatch' : 'admin.picker.library.empty')
      : t(`admin.picker.library.found.${kind}`, { count: data.count })
    : '';
  const pages = data ? Math.ceil(data.count / data.per_page) : 1;
  return (
    <ChooserDialog
      title={t('admin.picker.library.title', { label })}
      searchLabel={t('admin.picker.library.search')}
      search={search}
      onSearch={(value) => {
        setSearch(value);
        setPage(1);
      }}
      found={found}
      onClose={onClose}
    >
      {isPending ? (
        <Loading shape="block" />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <ul className="chooser__list chooser__list--media">
            {data.items.map((item) => (
              <li key={item.id}>
                <button type="button" className="chooser__choice" onClick={() => onChoose(item)}>
                  {item.kind === 'image' ? (
                    <img className="chooser__thumb" src={mediaPaths.image(item.key)} alt="" loading="lazy" />
                  ) : null}
                  <span className="chooser__text">
                    <span className="chooser__name">{item.original_name}</span>
                    <span className="chooser__meta">
                      {[
                        formatFileSize(item.size, lang),
                        item.length_seconds === undefined ? null : formatClock(item.length_seconds),
                        formatDateTime(item.uploaded_at),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <div className="chooser__pages">
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={page <= 1 || undefined}
                onClick={() => page > 1 && setPage(page - 1)}
              >
                {t('admin.picker.previous')}
              </button>
              <span>{t('admin.picker.page', { page, pages })}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={page >= pages || undefined}
                onClick={() => page < pages && setPage(page + 1)}
              >
                {t('admin.picker.next')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </ChooserDialog>
  );
}
