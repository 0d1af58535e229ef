import { adminPath, MEDIA_PREVIEW_MAX_SECONDS, MediaKind } from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { AdminLayout } from '../shared/admin-layout';
import { ApplyFilters } from '../shared/admin-part';
import { useMediaUploaded } from '../shared/api/get-admin-media';
import { listHref, pageParam } from '../shared/list-params';
import { MediaUpload } from '../shared/media-upload';
import { MediaList } from './media-list';
import '../../../ui/form/form.css';

/** The preview the Media page offers to cut: the first 30 seconds, as the demo albums' previews are. */
const PREVIEW_SECONDS = Math.min(30, MEDIA_PREVIEW_MAX_SECONDS);

type Filter = { kind: MediaKind | undefined; search: string };

/**
 * The Media page: upload an MP3 (and have a preview cut from it) or a
 * picture on its own, and the uploads (what, how big, how long, who, when),
 * newest first, of one kind or all, found by name; each picture's link can
 * be copied, and a picture made a product's cover. The kind, search and page
 * are in the address. The other back-office screens use the same field
 * (MediaUpload) where a product or page needs a file, with this page's
 * uploads as their media library.
 */
export default function MediaPage() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsed = MediaKind.safeParse(params.get('kind'));
  const filter: Filter = { kind: parsed.success ? parsed.data : undefined, search: params.get('search')?.trim() ?? '' };
  const page = pageParam(params);
  const path = adminPath('adminMedia', lang) ?? '';
  const href = (next: Partial<Filter> & { page?: number }) =>
    listHref(path, { kind: filter.kind, search: filter.search, ...next });
  return (
    <AdminLayout title={t('admin.media.title')}>
      <p>{t('admin.media.intro')}</p>
      <div className="admin-media__forms">
        <AudioUpload />
        <ImageUpload />
      </div>
      <MediaFilter filter={filter} onApply={(next) => navigate(href({ ...next, page: 1 }))} />
      <MediaList kind={filter.kind} search={filter.search} page={page} href={(p) => href({ page: p })} />
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
        library={false}
        {...(makePreview ? { previewSeconds: PREVIEW_SECONDS } : {})}
        onChosen={(file) => {
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
        library={false}
        onChosen={(file) => {
          setKey(file.key);
          uploaded();
        }}
      />
    </section>
  );
}

/** The kind and a part of the name to list; they apply when sent, like the orders' filters. */
function MediaFilter({ filter, onApply }: { filter: Filter; onApply: (filter: Filter) => void }) {
  const { t } = useI18n();
  const selectId = useId();
  const searchId = useId();
  const headingId = useId();
  const [kind, setKind] = useState(filter.kind ?? '');
  const [search, setSearch] = useState(filter.search);
  // Back and forward change the filter in the address: the fields follow.
  useEffect(() => setKind(filter.kind ?? ''), [filter.kind]);
  useEffect(() => setSearch(filter.search), [filter.search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ kind: MediaKind.safeParse(kind).data, search: search.trim() });
  };
  return (
    <>
      <h2 id={headingId}>{t('admin.media.recent')}</h2>
      <form className="admin-filters" aria-labelledby={headingId} onSubmit={submit}>
        <div className="field">
          <label htmlFor={selectId}>{t('admin.media.kindFilter')}</label>
          <select id={selectId} value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">{t('admin.media.allKinds')}</option>
            {MediaKind.options.map((value) => (
              <option key={value} value={value}>
                {t(`admin.media.kind.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={searchId}>{t('admin.picker.library.search')}</label>
          <input id={searchId} type="search" maxLength={100} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <ApplyFilters label={t('admin.list.apply')} />
      </form>
    </>
  );
}
