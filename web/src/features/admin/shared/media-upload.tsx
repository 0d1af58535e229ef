import {
  type AdminMediaItem,
  adminMediaPaths,
  formatClock,
  type MediaKind,
  type MediaUploadResponse,
  mediaAccept,
  mediaMaxBytes,
  mediaPaths,
} from '@storyhouse/contracts';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../lib/i18n';
import { useErrorMessage } from '../../../ui/use-error-message';
import { type UploadProgress, uploadMedia } from './api/upload-media';
import { FileDrop, type FileDropHandle } from './file-drop';
import { formatFileSize } from './file-size';
import { MediaLibrary } from './media-library';
import './media.css';

/** A file a field now holds: one just uploaded, or one chosen from the media library. */
export interface ChosenMedia {
  key: string;
  /** Its name on the admin's computer. */
  name: string;
  size: number;
  /** For audio: its length in whole seconds, and the preview clip cut from it, if any. */
  length_seconds?: number | undefined;
  preview_key: string | null;
}

export interface MediaUploadProps {
  kind: MediaKind;
  /** The field's name, e.g. "Cover" or "Full recording". */
  label: string;
  /** The storage key the field holds now, or null for none. */
  value: string | null;
  /** Called with the file once the server has checked and kept it whole, or once it is chosen from the library. */
  onChosen: (file: ChosenMedia) => void;
  /** For audio: also have the server cut a preview clip of the first N seconds (the answer's `preview`). */
  previewSeconds?: number;
  /** The media library's button; the Media page's own upload fields have the library below them. */
  library?: boolean;
}

type UploadState =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; progress: UploadProgress }
  | { step: 'done'; file: ChosenMedia; preview?: number | undefined }
  | { step: 'picked'; file: ChosenMedia }
  | { step: 'cancelled' }
  | { step: 'failed'; message: string };

const uploaded = (name: string, file: MediaUploadResponse): ChosenMedia => ({
  key: file.key,
  name,
  size: file.size,
  length_seconds: file.length_seconds,
  preview_key: file.preview?.key ?? null,
});

const fromLibrary = (item: AdminMediaItem): ChosenMedia => ({
  key: item.key,
  name: item.original_name,
  size: item.size,
  length_seconds: item.length_seconds,
  preview_key: item.preview_key,
});

/**
 * A back-office field that takes an MP3 or a picture: dropped on it, chosen
 * with its button, or chosen from the media library (what was uploaded
 * before). An upload starts the moment a file is given, with a progress bar,
 * a way to cancel and the server's own (localized) reason when it refuses
 * the file. The field shows what it holds: the picture or a player for the
 * track, with its name and size in the admin's language. The parent keeps
 * the key (`value`) and gets each file through onChosen.
 */
export function MediaUpload({ kind, label, value, onChosen, previewSeconds, library = true }: MediaUploadProps) {
  const { t, lang } = useI18n();
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const [browsing, setBrowsing] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const drop = useRef<FileDropHandle>(null);

  // A field that goes away (the page left) takes its upload with it.
  useEffect(() => () => upload.current?.abort(), []);
  // The cancel button goes with the upload it cancelled: focus goes back to the field's button.
  useEffect(() => {
    if (state.step === 'cancelled') drop.current?.focus();
  }, [state.step]);

  const start = async (file: File) => {
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
      const chosen = uploaded(file.name, stored);
      setState({ step: 'done', file: chosen, preview: stored.preview?.length_seconds });
      onChosen(chosen);
    } catch (error) {
      if (controller.signal.aborted) setState({ step: 'cancelled' });
      else setState({ step: 'failed', message: errorMessage(error, 'admin.media.failed') });
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  };

  const uploading = state.step === 'uploading';
  const held = state.step === 'done' || state.step === 'picked' ? state.file : undefined;
  const words = kind === 'audio' ? 'audio' : 'image';
  return (
    <div className="media-upload">
      <FileDrop
        handle={drop}
        label={label}
        hint={t(`admin.picker.hint.${words}`, { size: formatFileSize(mediaMaxBytes[kind], lang) })}
        accept={mediaAccept[kind]}
        chooseText={t(`admin.picker.choose.${words}`)}
        dropText={t(`admin.picker.drop.${words}`)}
        busy={uploading}
        onFile={(file) => void start(file)}
        preview={<Current kind={kind} label={label} value={value} file={held?.key === value ? held : undefined} />}
        actions={
          library ? (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={uploading || undefined}
              onClick={() => {
                if (!uploading) setBrowsing(true);
              }}
            >
              {t('admin.picker.fromLibrary')}
              <span className="visually-hidden"> ({label})</span>
            </button>
          ) : null
        }
      />
      {state.step === 'uploading' && (
        <Progress label={label} name={state.name} progress={state.progress} onCancel={() => upload.current?.abort()} />
      )}
      {/* A finished upload keeps its full bar beside what the server kept. */}
      {state.step === 'done' && <Progress label={label} name={state.file.name} progress={{ loaded: 1, total: 1 }} />}
      <div role="status" className="media-upload__status">
        {state.step === 'done' && <Uploaded file={state.file} preview={state.preview} />}
        {state.step === 'picked' && <p>{t('admin.picker.picked', { name: state.file.name })}</p>}
        {state.step === 'cancelled' && <p>{t('admin.media.cancelled')}</p>}
      </div>
      {state.step === 'failed' && (
        <p className="form-status form-status--error" role="alert">
          {state.message}
        </p>
      )}
      {library && browsing ? (
        <MediaLibrary
          kind={kind}
          label={label}
          onClose={() => setBrowsing(false)}
          onChoose={(item) => {
            const chosen = fromLibrary(item);
            setBrowsing(false);
            setState({ step: 'picked', file: chosen });
            onChosen(chosen);
          }}
        />
      ) : null}
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

/** What the server kept: the file's name and size and, for a track, its length (and the preview cut from it). */
function Uploaded({ file, preview }: { file: ChosenMedia; preview?: number | undefined }) {
  const { t, lang } = useI18n();
  return (
    <p>
      {t('admin.media.uploaded', { name: file.name, size: formatFileSize(file.size, lang) })}
      {file.length_seconds !== undefined && <> {t('admin.media.length', { length: formatClock(file.length_seconds) })}</>}
      {preview !== undefined && <> {t('admin.media.previewMade', { length: formatClock(preview) })}</>}
    </p>
  );
}

/**
 * The file the field holds now: the picture itself, or a player for the
 * track (admins hear any stored track), with its name and size when the
 * field knows them (a file given here); "No file yet" when it holds none.
 */
function Current({
  kind,
  label,
  value,
  file,
}: {
  kind: MediaKind;
  label: string;
  value: string | null;
  file: ChosenMedia | undefined;
}) {
  const { t, lang } = useI18n();
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
      {file ? (
        <figcaption className="media-upload__file">
          <span className="media-upload__name">{file.name}</span>{' '}
          <span className="media-upload__size">{formatFileSize(file.size, lang)}</span>
        </figcaption>
      ) : null}
    </figure>
  );
}
