import {
  type AdminProduct,
  type AdminSku,
  AdminSkuBody,
  type AdminSkuType,
  CalendarDay,
  formatClock,
  MAX_PRICE_USD,
  typedUsdAmount,
} from '@storyhouse/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { FieldError, TextField } from '../../../ui/form/fields';
import { FormFailure, SubmitButton } from '../../../ui/form/submit';
import { useForm } from '../../../ui/form/use-form';
import { useFormSubmit } from '../../../ui/form/use-form-submit';
import { useErrorMessage } from '../../../ui/use-error-message';
import { MediaUpload } from '../shared/media-upload';
import { useReorderTracks, useSaveSku } from './api/catalogue';
import { CheckboxField } from './catalogue-fields';
import { skuKindLabel, transcriptHref } from './catalogue-words';
import { ProductStock } from './product-stock';

/** What every edit on the page needs: the product as this page last read or saved it (its updated_at goes with each edit). */
export interface Editing {
  product: AdminProduct;
  /** An edit was saved: its answer is the product as it now is. */
  saved: (product: AdminProduct) => void;
  /** An edit was refused because someone else saved the product meanwhile. */
  conflict: () => void;
}

/** A sku form's values: prices as typed, keys and length as the upload gave them ('' for none). */
type SkuValues = {
  title: string;
  description: string;
  full_price_usd: string;
  sale_price_usd: string;
  is_hidden: boolean;
  is_available: boolean;
  is_shipped_free: boolean;
  media_full: string;
  media_preview: string;
  length_seconds: string;
  is_free: boolean;
  story_of_the_week_from: string;
};

const range = { min: 0, max: MAX_PRICE_USD };
/** The preview the upload cuts from a track's start, in seconds. */
const PREVIEW_SECONDS = 30;

/** The contract's rules (AdminSkuBody), for prices as typed: a sale price lower than the full one, a track with its recording. */
const skuSchema = (type: AdminSkuType) =>
  z
    .object({
      title: AdminSkuBody.shape.title,
      description: AdminSkuBody.shape.description,
      full_price_usd: typedUsdAmount(range),
      sale_price_usd: z.union([z.literal(''), typedUsdAmount(range)]),
      media_full: z.string(),
      story_of_the_week_from: z.union([z.literal(''), CalendarDay]),
    })
    .catchall(z.union([z.string(), z.boolean()]))
    .superRefine((v, ctx) => {
      if (typeof v.sale_price_usd === 'number' && v.sale_price_usd >= v.full_price_usd) {
        ctx.addIssue({ code: 'custom', path: ['sale_price_usd'], message: 'validation.salePriceNotBelowFull' });
      }
      if (type === 'digital_track' && !v.media_full) {
        ctx.addIssue({ code: 'custom', path: ['media_full'], message: 'admin.catalogue.recordingRequired' });
      }
    });

const priceText = (usd: number | null) => (usd === null ? '' : usd.toFixed(2));

const valuesOf = (sku: AdminSku | undefined, title: string): SkuValues => ({
  title: sku?.title ?? title,
  description: sku?.description ?? '',
  full_price_usd: priceText(sku?.full_price_usd ?? null),
  sale_price_usd: priceText(sku?.sale_price_usd ?? null),
  is_hidden: sku?.is_hidden ?? false,
  is_available: sku?.is_available ?? true,
  is_shipped_free: sku?.is_shipped_free ?? false,
  media_full: sku?.media_full ?? '',
  media_preview: sku?.media_preview ?? '',
  length_seconds: sku?.length_seconds === null || sku?.length_seconds === undefined ? '' : String(sku.length_seconds),
  is_free: sku?.is_free ?? false,
  story_of_the_week_from: sku?.story_of_the_week_from ?? '',
});

/** A typed amount as the API takes it (the form checked it already). */
const usd = (typed: string) => Math.round(Number(typed.trim().replace(',', '.')) * 100) / 100;

const bodyOf = (type: AdminSkuType, v: SkuValues, updated_at: string): AdminSkuBody => ({
  updated_at,
  type,
  title: v.title,
  description: v.description,
  full_price_usd: usd(v.full_price_usd),
  sale_price_usd: v.sale_price_usd.trim() ? usd(v.sale_price_usd) : null,
  is_hidden: v.is_hidden,
  is_available: v.is_available,
  is_shipped_free: v.is_shipped_free,
  media_full: v.media_full || null,
  media_preview: v.media_preview || null,
  length_seconds: v.length_seconds ? Number(v.length_seconds) : null,
  is_free: v.is_free,
  story_of_the_week_from: v.story_of_the_week_from || null,
});

/**
 * One sku's form: its title, full and sale price, hidden, available, and for
 * a CD or a book shipped free; for a track its recording (uploaded here: its
 * length comes with it), description, free flag and free-story-of-the-week
 * day. Adds the sku when there is none (`sku` undefined), else edits it.
 */
function SkuForm({ editing, type, sku, label }: { editing: Editing; type: AdminSkuType; sku?: AdminSku; label: string }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const save = useSaveSku(editing.product.id);
  const initial = valuesOf(sku, type === 'digital_track' ? '' : editing.product.title);
  const form = useForm<SkuValues>(skuSchema(type), initial);
  const recordingErrorId = useId();
  const [done, setDone] = useState('');
  const submit = useFormSubmit<SkuValues>(form, {
    busy: save.isPending,
    send: () => {
      setDone('');
      save.mutate(
        { skuId: sku?.id, body: bodyOf(type, form.values, editing.product.updated_at) },
        {
          onSuccess: (product) => {
            editing.saved(product);
            // A format, once added, is edited in this same form; a track added leaves the form empty for the next one.
            const saved = product.skus.find((s) => (sku ? s.id === sku.id : type !== 'digital_track' && s.type === type));
            form.reset(saved ? valuesOf(saved, '') : valuesOf(undefined, ''));
            setDone(sku ? t('admin.catalogue.saved') : t('admin.catalogue.added', { title: form.values.title }));
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'product_changed') editing.conflict();
            if (!submit.showServerErrors(error)) submit.setFailure(errorMessage(error));
          },
        },
      );
    },
  });
  const track = type === 'digital_track';
  const physical = type === 'physical' || type === 'book';
  const recordingError = form.error('media_full') ?? form.error('length_seconds');
  return (
    <form ref={submit.ref} className="admin-catalogue__sku" aria-label={label} onSubmit={submit.onSubmit} noValidate>
      {track ? (
        <div className={`field${recordingError ? ' field--invalid' : ''}`}>
          <MediaUpload
            kind="audio"
            label={t('admin.catalogue.recording')}
            value={form.values.media_full || null}
            previewSeconds={PREVIEW_SECONDS}
            onChosen={(file) => {
              form.set('media_full', file.key);
              form.set('media_preview', file.preview_key ?? '');
              form.set('length_seconds', file.length_seconds === undefined ? '' : String(file.length_seconds));
            }}
          />
          {form.values.length_seconds ? (
            <p className="field__hint">
              {t('admin.catalogue.length', { length: formatClock(Number(form.values.length_seconds)) })}
            </p>
          ) : null}
          <FieldError id={recordingErrorId} error={recordingError} />
        </div>
      ) : null}
      <TextField form={form} name="title" label={t('admin.catalogue.skuTitle')} required maxLength={200} />
      {track ? (
        <TextField form={form} name="description" label={t('admin.catalogue.description')} multiline maxLength={5000} />
      ) : null}
      <div className="admin-catalogue__prices">
        <TextField
          form={form}
          name="full_price_usd"
          label={t('admin.catalogue.fullPrice')}
          inputMode="decimal"
          required
          maxLength={12}
        />
        <TextField
          form={form}
          name="sale_price_usd"
          label={t('admin.catalogue.salePrice')}
          hint={t('admin.catalogue.salePriceHint')}
          inputMode="decimal"
          maxLength={12}
        />
      </div>
      <div className="admin-catalogue__checks">
        <CheckboxField form={form} name="is_available" label={t('admin.catalogue.skuAvailable')} />
        <CheckboxField form={form} name="is_hidden" label={t('admin.catalogue.hidden')} />
        {physical ? <CheckboxField form={form} name="is_shipped_free" label={t('admin.catalogue.shippedFree')} /> : null}
        {track ? <CheckboxField form={form} name="is_free" label={t('admin.catalogue.freeTrack')} /> : null}
      </div>
      {track ? (
        <TextField
          form={form}
          name="story_of_the_week_from"
          type="date"
          label={t('admin.catalogue.storyOfTheWeek')}
          hint={t('admin.catalogue.storyOfTheWeekHint')}
        />
      ) : null}
      <FormFailure message={submit.failure} />
      <SubmitButton busy={save.isPending}>
        {save.isPending
          ? t('admin.catalogue.saving')
          : sku
            ? t('admin.catalogue.save')
            : t('admin.catalogue.add', { kind: label })}
      </SubmitButton>
      <p className="form-status form-status--success" role="status">
        {done}
      </p>
    </form>
  );
}

const formats: AdminSkuType[] = ['digital_album', 'physical', 'book'];

/** Issue 30 item 1: the product's digital album, CD and book, each with its prices; a missing one can be added. */
export function ProductFormats({ editing }: { editing: Editing }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <section className="admin-part admin-part--wide card" aria-labelledby={id}>
      <h2 id={id}>{t('admin.catalogue.formats')}</h2>
      <div className="admin-catalogue__formats">
        {formats.map((type) => (
          <Format key={type} editing={editing} type={type} />
        ))}
      </div>
    </section>
  );
}

function Format({ editing, type }: { editing: Editing; type: AdminSkuType }) {
  const { t } = useI18n();
  const sku = editing.product.skus.find((s) => s.type === type);
  const [adding, setAdding] = useState(false);
  const name = skuKindLabel(t, type);
  return (
    <div className="admin-catalogue__format">
      <h3>{name}</h3>
      {sku || adding ? (
        <>
          <SkuForm editing={editing} type={type} sku={sku} label={name} />
          {/* A CD's or a book's shelf (decision 061), once it is sold. */}
          {sku && (type === 'physical' || type === 'book') ? (
            <ProductStock productId={editing.product.id} sku={sku} kind={name} saved={editing.saved} />
          ) : null}
        </>
      ) : (
        <>
          <p>{t('admin.catalogue.noFormat')}</p>
          <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
            {t('admin.catalogue.add', { kind: name })}
          </button>
        </>
      )}
    </div>
  );
}

/**
 * Issue 30 item 1: the album's tracks in order. Each moves up or down by a
 * button (keyboard and phone alike; focus stays on the moved track's
 * button, and the move is announced), opens for editing, and a new one is
 * added after the last.
 */
export function ProductTracks({ editing }: { editing: Editing }) {
  const { t, formatMoney } = useI18n();
  const id = useId();
  const errorMessage = useErrorMessage();
  const reorder = useReorderTracks(editing.product.id);
  const tracks = editing.product.skus.filter((s) => s.type === 'digital_track');
  const [open, setOpen] = useState<number>();
  const [announce, setAnnounce] = useState('');
  const [failure, setFailure] = useState<string>();
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<{ id: number; dir: 'up' | 'down' }>(undefined);

  // After a move, focus goes back to the moved track: its same button, or the other when that one no longer applies.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || !listRef.current) return;
    focusAfter.current = undefined;
    const button = (dir: string) => listRef.current?.querySelector<HTMLButtonElement>(`[data-move="${target.id}-${dir}"]`);
    const same = button(target.dir);
    (same && !same.disabled ? same : button(target.dir === 'up' ? 'down' : 'up'))?.focus();
  });

  const move = (index: number, dir: 'up' | 'down') => {
    const to = dir === 'up' ? index - 1 : index + 1;
    const moved = tracks[index];
    if (!moved || to < 0 || to >= tracks.length || reorder.isPending) return;
    const ids = tracks.map((s) => s.id);
    ids.splice(index, 1);
    ids.splice(to, 0, moved.id);
    setFailure(undefined);
    reorder.mutate(
      { updated_at: editing.product.updated_at, sku_ids: ids },
      {
        onSuccess: (product) => {
          focusAfter.current = { id: moved.id, dir };
          editing.saved(product);
          setAnnounce(t('admin.catalogue.moved', { title: moved.title, position: to + 1, count: ids.length }));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'product_changed') editing.conflict();
          setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <section className="admin-part admin-part--wide card" aria-labelledby={id}>
      <h2 id={id}>{t('admin.catalogue.tracks')}</h2>
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      <FormFailure message={failure} />
      {tracks.length === 0 ? <p>{t('admin.catalogue.noTracks')}</p> : null}
      <ol ref={listRef} className="admin-catalogue__tracks">
        {tracks.map((track, index) => (
          <li key={track.id} className="admin-catalogue__track">
            <div className="admin-catalogue__track-row">
              <span className="admin-catalogue__track-title">
                {track.title}
                {track.is_hidden ? ` · ${t('admin.catalogue.hidden')}` : ''}
              </span>
              <span>{track.length_seconds === null ? '' : formatClock(track.length_seconds)}</span>
              <span>
                {track.sale_price_usd === null
                  ? formatMoney(track.full_price_usd)
                  : t('admin.catalogue.onSale', {
                      price: formatMoney(track.sale_price_usd),
                      full: formatMoney(track.full_price_usd),
                    })}
              </span>
              <span className="admin-catalogue__track-actions">
                <button
                  type="button"
                  className="button button--secondary"
                  data-move={`${track.id}-up`}
                  disabled={index === 0}
                  aria-label={t('admin.catalogue.moveUp', { title: track.title })}
                  onClick={() => move(index, 'up')}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  data-move={`${track.id}-down`}
                  disabled={index === tracks.length - 1}
                  aria-label={t('admin.catalogue.moveDown', { title: track.title })}
                  onClick={() => move(index, 'down')}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-expanded={open === track.id}
                  aria-label={t('admin.catalogue.editTrack', { title: track.title })}
                  onClick={() => setOpen(open === track.id ? undefined : track.id)}
                >
                  {t('admin.catalogue.edit')}
                </button>
                <Link
                  className="button button--secondary"
                  to={transcriptHref(editing.product.id, track.id)}
                  aria-label={t('admin.transcript.linkLabel', { title: track.title })}
                >
                  {t('admin.transcript.link')}
                </Link>
              </span>
            </div>
            {open === track.id ? (
              <SkuForm
                editing={editing}
                type="digital_track"
                sku={track}
                label={t('admin.catalogue.editTrack', { title: track.title })}
              />
            ) : null}
          </li>
        ))}
      </ol>
      <h3>{t('admin.catalogue.addTrack')}</h3>
      <SkuForm editing={editing} type="digital_track" label={t('admin.catalogue.track')} />
    </section>
  );
}
