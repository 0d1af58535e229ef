import { adminPath, formatClock, MEDIA_PREVIEW_MAX_SECONDS, MediaKind } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { LoadError, Loading } from '../../../ui/query-status';
import { AdminLayout } from '../shared/admin-layout';
import { ApplyFilters, ListResults } from '../shared/admin-part';
import { useFormatDateTime } from '../shared/format-date-time';
import { listHref, pageParam } from '../shared/list-params';
import { MediaUpload, megabytes } from '../shared/media-upload';
import { useAdminMedia, useMediaUploaded } from './api/admin-media';
import '../../../ui/form/form.css';

/** The preview the Media page offers to cut: the first 30 seconds, as the demo albums' previews are. */
const PREVIEW_SECONDS = Math.min(30, MEDIA_PREVIEW_MAX_SECONDS);

/**
 * Issue 30 item 2, the Media page: upload an MP3 (and have a preview cut
 * from it) or a picture on its own, and the recent uploads (what, how big,
 * how long, who, when), newest first, of one kind or all; the kind and page
 * are in the address. The other back-office screens use the same upload
 * field (MediaUpload) where a product or page needs a file.
 */
export default function MediaPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = MediaKind.safeParse(params.get('kind'));
  const kind = parsed.success ? parsed.data : undefined;
  const page = pageParam(params);
  const path = adminPath('adminMedia', lang) ?? '';
  const href = (next: { kind?: MediaKind | undefined; page?: number }) =>
    listHref(path, { kind: 'kind' in next ? next.kind : kind, page: next.page });
  return (
    <AdminLayout title={t('admin.media.title')}>
      <p>{t('admin.media.intro')}</p>
      <div className="admin-media__forms">
        <AudioUpload />
        <ImageUpload />
      </div>
      <KindFilter kind={kind} onApply={(next) => navigate(href({ kind: next }))} />
      <MediaList kind={kind} page={page} href={(p) => href({ page: p })} />
    </AdminLayout>
  );
}

function AudioUpload() {
  const { t } = useI18n();
  const headingId = useId();
  const previewId = useId();
  const uploaded = useMediaUploaded();
  const [key, setKey] = useState<string | null>(null);
  const [makePreview, setMakePreview] = useState(true);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.media.audioForm')}</h2>
      <div className="admin-choice__option">
        <input id={previewId} type="checkbox" checked={makePreview} onChange={(e) => setMakePreview(e.target.checked)} />
        <label htmlFor={previewId}>{t('admin.media.makePreview', { seconds: PREVIEW_SECONDS })}</label>
      </div>
      <MediaUpload
        kind="audio"
        label={t('admin.media.audioLabel')}
        value={key}
        {...(makePreview ? { previewSeconds: PREVIEW_SECONDS } : {})}
        onUploaded={(file) => {
          setKey(file.key);
          uploaded();
        }}
      />
    </section>
  );
}

function ImageUpload() {
  const { t } = useI18n();
  const headingId = useId();
  const uploaded = useMediaUploaded();
  const [key, setKey] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('admin.media.imageForm')}</h2>
      <MediaUpload
        kind="image"
        label={t('admin.media.imageLabel')}
        value={key}
        onUploaded={(file) => {
          setKey(file.key);
          uploaded();
        }}
      />
    </section>
  );
}

function KindFilter({ kind, onApply }: { kind: MediaKind | undefined; onApply: (kind: MediaKind | undefined) => void }) {
  const { t } = useI18n();
  const selectId = useId();
  const headingId = useId();
  const [draft, setDraft] = useState(kind ?? '');
  useEffect(() => setDraft(kind ?? ''), [kind]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(MediaKind.safeParse(draft).data);
  };
  return (
    <>
      <h2 id={headingId}>{t('admin.media.recent')}</h2>
      <form className="admin-filters" aria-labelledby={headingId} onSubmit={submit}>
        <div className="field">
          <label htmlFor={selectId}>{t('admin.media.kindFilter')}</label>
          <select id={selectId} value={draft} onChange={(e) => setDraft(e.target.value)}>
            <option value="">{t('admin.media.allKinds')}</option>
            {MediaKind.options.map((value) => (
              <option key={value} value={value}>
                {t(`admin.media.kind.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <ApplyFilters label={t('admin.list.apply')} />
      </form>
    </>
  );
}

function MediaList({ kind, page, href }: { kind: MediaKind | undefined; page: number; href: (page: number) => string }) {
  const { t } = useI18n();
  const formatDateTime = useFormatDateTime();
  const { data, error, isPending, isPlaceholderData, refetch } = useAdminMedia(page, kind);
  if (isPending) return <Loading shape="block" />;
  if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
  return (
    <ListResults
      list={data}
      page={page}
      href={href}
      busy={isPlaceholderData}
      countText={t('admin.media.count', { count: data.count })}
      emptyText={t('admin.media.noneUploaded')}
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
          </tr>
        </thead>
        <tbody>
          {data.items.map((item) => (
            <tr key={item.id}>
              <th scope="row">
                {item.original_name}
                <span className="media-upload__key">
                  <br />
                  {item.key}
                  {item.preview_key && (
                    <>
                      <br />
                      {t('admin.media.previewKey', { key: item.preview_key })}
                    </>
                  )}
                </span>
              </th>
              <td>{t(`admin.media.kind.${item.kind}`)}</td>
              <td>{t('admin.media.megabytes', { megabytes: megabytes(item.size) })}</td>
              <td>{item.length_seconds === undefined ? '' : formatClock(item.length_seconds)}</td>
              <td>{item.uploaded_by.email}</td>
              <td>
                <time dateTime={item.uploaded_at}>{formatDateTime(item.uploaded_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ListResults>
  );
}
