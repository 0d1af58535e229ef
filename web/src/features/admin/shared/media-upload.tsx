import {
  adminMediaPaths,
  formatClock,
  type MediaFile,
  type MediaKind,
  type MediaUploadResponse,
  mediaAccept,
  mediaMaxBytes,
  mediaPaths,
} from '@storyhouse/contracts';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type UploadProgress, uploadMedia } from './api/upload-media';
import './media.css';

export type UploadedMedia = MediaFile;

export interface MediaUploadProps {
  kind: MediaKind;
  /** The field's name, e.g. "Cover" or "Full recording". */
  label: string;
  /** The storage key the field holds now, or null for none. */
  value: string | null;
  /** Called with the stored file once the server has checked and kept it whole. */
  onUploaded: (file: MediaUploadResponse) => void;
  /** For audio: also have the server cut a preview clip of the first N seconds (the answer's `preview`). */
  previewSeconds?: number;
}

type UploadState =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; progress: UploadProgress }
  | { step: 'done'; name: string; file: MediaUploadResponse }
  | { step: 'cancelled' }
  | { step: 'failed'; message: string };

/** One decimal of a megabyte: "3.2 MB". */
export const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * Issue 30 item 2: a back-office field that uploads an MP3 or a picture the
 * moment one is chosen, with a progress bar, a way to cancel, the server's
 * own (localized) reason when it refuses the file, and a preview of the file
 * the field holds: the picture, or a player for the track. The parent keeps
 * the key (`value`) and gets each upload's answer through onUploaded.
 */
export function MediaUpload({ kind, label, value, onUploaded, previewSeconds }: MediaUploadProps) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const inputId = useId();
  const hintId = useId();
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // A field that goes away (the page left) takes its upload with it.
  useEffect(() => () => upload.current?.abort(), []);
  // The cancel button goes with the upload it cancelled: focus goes back to the field (enabled again by then).
  useEffect(() => {
    if (state.step === 'cancelled') input.current?.focus();
  }, [state.step]);

  const start = async (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const file = field.files?.[0];
    if (!file) return;
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setState({ step: 'uploading', name: file.name, progress: { loaded: 0, total: file.size } });
    try {
      const stored = await uploadMedia({
        kind,
        file,
        previewSeconds,
        signal: controller.signal,
        onProgress: (progress) => setState({ step: 'uploading', name: file.name, progress }),
      });
      setState({ step: 'done', name: file.name, file: stored });
      onUploaded(stored);
    } catch (error) {
      if (controller.signal.aborted) setState({ step: 'cancelled' });
      else setState({ step: 'failed', message: errorMessage(error, 'admin.media.failed') });
    } finally {
      if (upload.current === controller) upload.current = null;
      // The same file may be chosen again (after a cancel or a refusal).
      field.value = '';
    }
  };

  const uploading = state.step === 'uploading';
  return (
    <div className="media-upload">
      <label htmlFor={inputId} className="media-upload__label">
        {label}
      </label>
      <p id={hintId} className="field__hint">
        {t(kind === 'audio' ? 'admin.media.hintAudio' : 'admin.media.hintImage', {
          megabytes: megabytes(mediaMaxBytes[kind]),
        })}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={mediaAccept[kind]}
        aria-describedby={hintId}
        disabled={uploading}
        onChange={start}
      />
      {state.step === 'uploading' && (
        <Progress label={label} name={state.name} progress={state.progress} onCancel={() => upload.current?.abort()} />
      )}
      {/* A finished upload keeps its full bar beside what the server kept. */}
      {state.step === 'done' && <Progress label={label} name={state.name} progress={{ loaded: 1, total: 1 }} />}
      <div role="status" className="media-upload__status">
        {state.step === 'done' && <Uploaded name={state.name} file={state.file} />}
        {state.step === 'cancelled' && <p>{t('admin.media.cancelled')}</p>}
      </div>
      {state.step === 'failed' && (
        <p className="form-status form-status--error" role="alert">
          {state.message}
        </p>
      )}
      <Current kind={kind} label={label} value={value} />
    </div>
  );
}

function Progress({
  label,
  name,
  progress,
  onCancel,
}: {
  label: string;
  name: string;
  progress: UploadProgress;
  /** While under way; a finished upload has nothing to cancel. */
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const fraction = progress.total > 0 ? Math.min(progress.loaded / progress.total, 1) : 0;
  return (
    <div className="media-upload__progress">
      <progress max={1} value={fraction} aria-label={t('admin.media.progress', { label, name })} />
      <span className="media-upload__percent">{t('admin.media.percent', { fraction: Math.floor(fraction * 100) / 100 })}</span>
      {onCancel && (
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {t('admin.media.cancel')}
        </button>
      )}
    </div>
  );
}

/** What the server kept: the file's name, size and, for a track, its length (and the preview cut from it). */
function Uploaded({ name, file }: { name: string; file: MediaUploadResponse }) {
  const { t } = useI18n();
  return (
    <p>
      {t('admin.media.uploaded', { name, megabytes: megabytes(file.size) })}
      {file.length_seconds !== undefined && <> {t('admin.media.length', { length: formatClock(file.length_seconds) })}</>}
      {file.preview?.length_seconds !== undefined && (
        <> {t('admin.media.previewMade', { length: formatClock(file.preview.length_seconds) })}</>
      )}
    </p>
  );
}

/** The file the field holds now: the picture itself, or a player for the track (admins hear any stored track). */
function Current({ kind, label, value }: { kind: MediaKind; label: string; value: string | null }) {
  const { t } = useI18n();
  if (!value) return <p className="media-upload__none">{t('admin.media.none')}</p>;
  return (
    <figure className="media-upload__current">
      {kind === 'image' ? (
        <img className="media-upload__image" src={mediaPaths.image(value)} alt={t('admin.media.currentOf', { label })} />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: a spoken-word track in the back office, heard to check the upload
        <audio
          controls
          preload="metadata"
          src={adminMediaPaths.audio(value)}
          aria-label={t('admin.media.currentOf', { label })}
        />
      )}
      <figcaption className="media-upload__key">{value}</figcaption>
    </figure>
  );
}
