import {
  type AdminProductRow,
  type AdminPromoted,
  type AdminPromotedItem,
  adminPath,
  type LangCode,
  langCodes,
  MAX_PROMOTED,
} from '@storyhouse/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useI18n } from '../../../lib/i18n';
import { FormFailure } from '../../../ui/form/submit';
import { LoadError, Loading } from '../../../ui/query-status';
import { useErrorMessage } from '../../../ui/use-error-message';
import { AdminLayout } from '../shared/admin-layout';
import { listHref } from '../shared/list-params';
import { useAdminProduct, useAdminProducts, useAdminPromoted, useSavePromoted } from './api/catalogue';
import '../../../ui/form/form.css';
import './catalogue.css';

type Kind = 'recommended_albums' | 'top_stories';
type Lists = Record<Kind, AdminPromotedItem[]>;

/**
 * Issue 30 item 1: the home page's promoted lists of a language (?lang=,
 * the site's by default): its recommended albums and its top stories, each
 * in order. Items are found by product, added, moved up or down, removed,
 * then both lists are saved at once.
 */
export default function PromotedPage() {
  const { t, lang: siteLang } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = useId();
  const lang = langCodes.find((l) => l === params.get('lang')) ?? siteLang;
  const path = adminPath('adminPromoted', siteLang) ?? '';
  const promoted = useAdminPromoted(lang);
  return (
    <AdminLayout title={t('admin.catalogue.promoted')}>
      <div className="admin-filters">
        <div className="field">
          <label htmlFor={`${id}-lang`}>{t('admin.catalogue.language')}</label>
          <select id={`${id}-lang`} value={lang} onChange={(e) => navigate(listHref(path, { lang: e.target.value }))}>
            {langCodes.map((code) => (
              <option key={code} value={code}>
                {t(`lang.${code}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {promoted.isPending ? (
        <Loading shape="block" />
      ) : promoted.error ? (
        <LoadError error={promoted.error} onRetry={() => void promoted.refetch()} />
      ) : (
        <PromotedEditor key={lang} lang={lang} saved={promoted.data} />
      )}
    </AdminLayout>
  );
}

function PromotedEditor({ lang, saved }: { lang: LangCode; saved: AdminPromoted }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSavePromoted(lang);
  const [lists, setLists] = useState<Lists>({ recommended_albums: saved.recommended_albums, top_stories: saved.top_stories });
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string>();
  const change = (kind: Kind, items: AdminPromotedItem[]) => {
    setDone('');
    setLists((l) => ({ ...l, [kind]: items }));
  };
  const send = () => {
    setFailure(undefined);
    save.mutate(
      {
        recommended_albums: lists.recommended_albums.map((i) => i.sku_id),
        top_stories: lists.top_stories.map((i) => i.sku_id),
      },
      {
        onSuccess: (answer) => {
          setLists({ recommended_albums: answer.recommended_albums, top_stories: answer.top_stories });
          setDone(t('admin.catalogue.promotedSaved', { language: t(`lang.${lang}`) }));
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };
  return (
    <>
      <div className="admin-catalogue__parts">
        <PromotedList
          kind="recommended_albums"
          title={t('admin.catalogue.recommendedAlbums')}
          items={lists.recommended_albums}
          onChange={(items) => change('recommended_albums', items)}
        />
        <PromotedList
          kind="top_stories"
          title={t('admin.catalogue.topStories')}
          items={lists.top_stories}
          onChange={(items) => change('top_stories', items)}
        />
      </div>
      <AddPromoted lang={lang} lists={lists} onAdd={(kind, item) => change(kind, [...lists[kind], item])} />
      <FormFailure message={failure} />
      <button
        type="button"
        className="button"
        aria-disabled={save.isPending || undefined}
        onClick={() => !save.isPending && send()}
      >
        {save.isPending ? t('admin.catalogue.saving') : t('admin.catalogue.savePromoted')}
      </button>
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
    </>
  );
}

/** One list in order: each item moves up or down or goes; focus stays with the moved item. */
function PromotedList({
  kind,
  title,
  items,
  onChange,
}: {
  kind: Kind;
  title: string;
  items: AdminPromotedItem[];
  onChange: (items: AdminPromotedItem[]) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<string>(undefined);
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = undefined;
    const button = listRef.current?.querySelector<HTMLButtonElement>(`[data-focus="${target}"]`);
    (button && !button.disabled ? button : listRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])'))?.focus();
  });
  const name = (item: AdminPromotedItem) =>
    kind === 'top_stories' ? `${item.title} (${item.product_title})` : item.product_title;
  const move = (index: number, to: number) => {
    const item = items[index];
    if (!item || to < 0 || to >= items.length) return;
    const next = [...items];
    next.splice(index, 1);
    next.splice(to, 0, item);
    focusAfter.current = `${item.sku_id}-${to < index ? 'up' : 'down'}`;
    setAnnounce(t('admin.catalogue.moved', { title: name(item), position: to + 1, count: next.length }));
    onChange(next);
  };
  const remove = (index: number) => {
    const item = items[index];
    if (!item) return;
    const next = items.filter((_, i) => i !== index);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfter.current = neighbour ? `${neighbour.sku_id}-remove` : undefined;
    setAnnounce(t('admin.catalogue.removed', { title: name(item) }));
    onChange(next);
  };
  return (
    <section className="admin-part card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      {items.length === 0 ? <p>{t('admin.catalogue.listEmpty')}</p> : null}
      <ol ref={listRef} className="admin-catalogue__tracks">
        {items.map((item, index) => (
          <li key={item.sku_id} className="admin-catalogue__track">
            <div className="admin-catalogue__track-row">
              <span className="admin-catalogue__track-title">{name(item)}</span>
              <span className="admin-catalogue__track-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  data-focus={`${item.sku_id}-up`}
                  disabled={index === 0}
                  aria-label={t('admin.catalogue.moveUp', { title: name(item) })}
                  onClick={() => move(index, index - 1)}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  data-focus={`${item.sku_id}-down`}
                  disabled={index === items.length - 1}
                  aria-label={t('admin.catalogue.moveDown', { title: name(item) })}
                  onClick={() => move(index, index + 1)}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  data-focus={`${item.sku_id}-remove`}
                  aria-label={t('admin.catalogue.remove', { title: name(item) })}
                  onClick={() => remove(index)}
                >
                  {t('admin.catalogue.removeShort')}
                </button>
              </span>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Finds products of the language by title; adds one's album to the recommended albums, or one of its tracks to the top stories. */
function AddPromoted({
  lang,
  lists,
  onAdd,
}: {
  lang: LangCode;
  lists: Lists;
  onAdd: (kind: Kind, item: AdminPromotedItem) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string>();
  const [chosen, setChosen] = useState<AdminProductRow>();
  const found = useAdminProducts({ search: search ?? '', lang_code: lang, status: 'all', page: 1 }, search !== undefined);
  const has = (kind: Kind, skuId: number) => lists[kind].some((i) => i.sku_id === skuId);
  const full = (kind: Kind) => lists[kind].length >= MAX_PROMOTED;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChosen(undefined);
    setSearch(draft.trim());
  };
  return (
    <section className="admin-part card admin-catalogue__add" aria-labelledby={id}>
      <h2 id={id}>{t('admin.catalogue.addToLists')}</h2>
      <form className="admin-page__search" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('admin.catalogue.findProduct')}</label>
          <div className="field__row">
            <input id={`${id}-search`} type="search" value={draft} maxLength={100} onChange={(e) => setDraft(e.target.value)} />
            <button type="submit" className="button button--secondary">
              {t('admin.searchButton')}
            </button>
          </div>
        </div>
      </form>
      {search === undefined ? null : found.isPending ? (
        <Loading shape="block" />
      ) : found.error ? (
        <LoadError error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.items.length === 0 ? (
        <p>{t('admin.catalogue.none')}</p>
      ) : (
        <ul className="admin-catalogue__found">
          {found.data.items.map((p) => {
            const album = p.album_sku_id;
            return (
              <li key={p.id}>
                <span className="admin-catalogue__track-title">{p.title}</span>
                {album !== null && has('recommended_albums', album) ? (
                  <span>{t('admin.catalogue.albumInList')}</span>
                ) : album !== null && !full('recommended_albums') ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() =>
                      onAdd('recommended_albums', {
                        sku_id: album,
                        title: p.title,
                        product_id: p.id,
                        product_title: p.title,
                        product_slug: p.slug,
                      })
                    }
                  >
                    {t('admin.catalogue.addAlbum', { title: p.title })}
                  </button>
                ) : null}
                {p.tracks > 0 ? (
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-expanded={chosen?.id === p.id}
                    onClick={() => setChosen(chosen?.id === p.id ? undefined : p)}
                  >
                    {t('admin.catalogue.chooseStory', { title: p.title })}
                  </button>
                ) : null}
                {chosen?.id === p.id ? (
                  <TrackChoice
                    product={p}
                    isIn={(skuId) => has('top_stories', skuId)}
                    full={full('top_stories')}
                    onAdd={(item) => onAdd('top_stories', item)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function TrackChoice({
  product,
  isIn,
  full,
  onAdd,
}: {
  product: AdminProductRow;
  isIn: (skuId: number) => boolean;
  full: boolean;
  onAdd: (item: AdminPromotedItem) => void;
}) {
  const { t } = useI18n();
  const read = useAdminProduct(product.id);
  if (read.isPending) return <Loading shape="block" />;
  if (read.error) return <LoadError error={read.error} onRetry={() => void read.refetch()} />;
  const tracks = read.data.skus.filter((s) => s.type === 'digital_track' && !s.is_hidden);
  return (
    <ul className="admin-catalogue__choices">
      {tracks.map((track) => (
        <li key={track.id}>
          {isIn(track.id) ? (
            <span>{t('admin.catalogue.inList', { title: track.title })}</span>
          ) : full ? (
            <span>{track.title}</span>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() =>
                onAdd({
                  sku_id: track.id,
                  title: track.title,
                  product_id: product.id,
                  product_title: product.title,
                  product_slug: product.slug,
                })
              }
            >
              {t('admin.catalogue.addStory', { title: track.title })}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
