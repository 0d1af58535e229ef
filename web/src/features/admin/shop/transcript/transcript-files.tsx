import { CaptionProblem, type Cue, captionProblemMessage, MAX_CAPTION_FILE_CHARS, transcriptPaths } from '@storyhouse/contracts';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client';
import { useI18n } from '../../../../lib/i18n';
import { FormFailure } from '../../../../ui/form/submit';
import { useErrorMessage } from '../../../../ui/use-error-message';
import { AdminPart } from '../../shared/admin-part';
import { FileDrop } from '../../shared/file-drop';
import { useImportTranscript } from '../api/transcripts';
import { captionFormatOf } from './transcript-files-rules';

/** A refused file in words: its name, the line and what is wrong there; undefined for any other failure. */
function importFailure(t: ReturnType<typeof useI18n>['t'], name: string, error: unknown) {
  if (!(error instanceof ApiError) || error.code !== 'caption_file_invalid' || !error.fileProblem) return undefined;
  const { line, problem } = error.fileProblem;
  const known = CaptionProblem.safeParse(problem);
  return known.success
    ? t('admin.transcript.importFailedAt', { name, line, problem: t(captionProblemMessage(known.data)) })
    : `${t('admin.transcript.importFailed', { name })} ${error.message}`;
}

/**
 * Import a WebVTT or SRT file (the server reads it and checks it against
 * the track; the sentences replace those above, unsaved, for the volunteer
 * to check and save), and the saved transcript as either file.
 */
export function TranscriptFiles({
  skuId,
  saved,
  onImported,
}: {
  skuId: number;
  /** The transcript has a saved version to download. */
  saved: boolean;
  onImported: (cues: Cue[]) => void;
}) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const upload = useImportTranscript(skuId);
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState('');

  const choose = async (file: File) => {
    setFailure(undefined);
    setDone('');
    const text = await file.text();
    if (text.length > MAX_CAPTION_FILE_CHARS) {
      setFailure(t('admin.transcript.fileTooLarge', { name: file.name }));
      return;
    }
    upload.mutate(
      { format: captionFormatOf(file.name, text), text },
      {
        onSuccess: ({ cues }) => {
          onImported(cues);
          setDone(t('admin.transcript.imported', { name: file.name, count: cues.length }));
        },
        onError: (error) => setFailure(importFailure(t, file.name, error) ?? errorMessage(error)),
      },
    );
  };

  return (
    <AdminPart title={t('admin.transcript.files')}>
      <FileDrop
        label={t('admin.transcript.importLabel')}
        hint={t('admin.transcript.importHint')}
        accept=".vtt,.srt,text/vtt,application/x-subrip"
        chooseText={t('admin.picker.choose.file')}
        dropText={t('admin.picker.drop.file')}
        busy={upload.isPending}
        onFile={(file) => void choose(file)}
      />
      <FormFailure message={failure} />
      <p className="form-status form-status--success" role="status">
        {upload.isPending ? t('admin.transcript.importing') : done}
      </p>
      <h3>{t('admin.transcript.download')}</h3>
      {saved ? (
        <ul className="admin-transcript__downloads">
          <li>
            <a href={transcriptPaths.adminExport(skuId, 'vtt')} download>
              {t('admin.transcript.downloadVtt')}
            </a>
          </li>
          <li>
            <a href={transcriptPaths.adminExport(skuId, 'srt')} download>
              {t('admin.transcript.downloadSrt')}
            </a>
          </li>
        </ul>
      ) : (
        <p>{t('admin.transcript.nothingSaved')}</p>
      )}
      {saved ? <p className="field__hint">{t('admin.transcript.downloadHint')}</p> : null}
    </AdminPart>
  );
}
