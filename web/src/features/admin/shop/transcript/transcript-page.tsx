import { type AdminTranscript, type Cue, cueProblems, formatClock } from '@storyhouse/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../../components/dialog/confirm-dialog';
import { ApiError } from '../../../../lib/api-client';
import { useI18n } from '../../../../lib/i18n';
import { BackLink } from '../../../../ui/back-link';
import { FormFailure, SubmitButton } from '../../../../ui/form/submit';
import { isItemNotFound, LoadError, Loading } from '../../../../ui/query-status';
import { useErrorMessage } from '../../../../ui/use-error-message';
import { AdminLayout } from '../../shared/admin-layout';
import { AdminPart } from '../../shared/admin-part';
import { Fact } from '../../shared/facts';
import { useAdminTranscript, useSaveTranscript } from '../api/transcripts';
import { productHref } from '../catalogue-words';
import { useTrackAudio } from './transcript-audio';
import { TranscriptCues } from './transcript-cues';
import { TranscriptFiles } from './transcript-files';
import { serverCueErrors } from './transcript-files-rules';
import { TranscriptPreview } from './transcript-preview';
import { splitSentences } from './transcript-sentences';
import { TranscriptTimer } from './transcript-timer';
import { isUntimed, untimedCues } from './transcript-timing';
import '../../../../ui/form/form.css';
import './transcript.css';

/**
 * A track's transcript in the back office: paste the story's words (split
 * into sentences by the language's rules), time them by pressing Space as
 * the track plays, nudge and correct each sentence while hearing it,
 * preview it as a family sees it, and save. A save sends the version it
 * was read at: one saved meanwhile by someone else is never overwritten;
 * the page says so and offers the saved version. WebVTT and SRT files come
 * in and go out.
 */
export default function TranscriptPage() {
  const params = useParams();
  const { t } = useI18n();
  const skuId = Number(params.skuId);
  const query = useAdminTranscript(skuId);
  const [reloads, setReloads] = useState(0);
  const back = <BackLink fallback={productHref(Number(params.id))}>{t('admin.transcript.backToProduct')}</BackLink>;

  if (query.isPending) {
    return (
      <AdminLayout title={t('admin.transcript.loading')} back={back}>
        <Loading shape="block" />
      </AdminLayout>
    );
  }
  if (query.error) {
    const notFound = isItemNotFound(query.error);
    return (
      <AdminLayout title={notFound ? t('admin.transcript.notFound') : t('admin.transcript.loading')} back={back}>
        {notFound ? null : <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      </AdminLayout>
    );
  }
  const reload = async () => {
    await query.refetch();
    setReloads((n) => n + 1);
  };
  const transcript = query.data;
  return (
    <AdminLayout title={t('admin.transcript.title', { title: transcript.track_title })} back={back}>
      <dl className="admin-facts admin-transcript__facts">
        <Fact term={t('admin.transcript.album')}>{transcript.album_title}</Fact>
        <Fact term={t('admin.transcript.language')}>{t(`languageName.${transcript.lang_code}`)}</Fact>
        <Fact term={t('admin.transcript.length')}>
          {transcript.length_ms === null ? t('admin.transcript.noLength') : formatClock(Math.round(transcript.length_ms / 1000))}
        </Fact>
      </dl>
      <Editor key={reloads} transcript={transcript} onReload={reload} />
    </AdminLayout>
  );
}

function Editor({ transcript, onReload }: { transcript: AdminTranscript; onReload: () => Promise<void> }) {
  const { t } = useI18n();
  const errorMessage = useErrorMessage();
  const audio = useTrackAudio();
  const pasteId = useId();
  const save = useSaveTranscript(transcript.sku_id);
  // The version this page edits: moved by its own saves, replaced only when the volunteer asks (a new Editor).
  const [updatedAt, setUpdatedAt] = useState(transcript.updated_at);
  const [savedCues, setSavedCues] = useState(transcript.cues);
  const [cues, setCues] = useState<Cue[]>(transcript.cues);
  const [pasted, setPasted] = useState('');
  const [asking, setAsking] = useState(false);
  const [timingAt, setTimingAt] = useState(-1);
  const [stale, setStale] = useState(false);
  const [serverErrors, setServerErrors] = useState(new Map<number, string>());
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState('');
  const [audioFailed, setAudioFailed] = useState(false);

  const problems = cueProblems(cues, transcript.length_ms);
  const untimed = cues.filter(isUntimed).length;
  const changed = JSON.stringify(cues) !== JSON.stringify(savedCues);

  const change = (next: Cue[]) => {
    setCues(next);
    setServerErrors(new Map());
    setDone('');
  };
  const makeSentences = () => {
    setAsking(false);
    change(untimedCues(splitSentences(pasted, transcript.lang_code)));
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(undefined);
    setDone('');
    if (untimed > 0) return setFailure(t('admin.transcript.untimedLeft', { count: untimed }));
    if (problems.size > 0) return setFailure(t('admin.transcript.problemsLeft', { count: problems.size }));
    const body = { cues: cues.map((cue) => ({ ...cue, text: cue.text.trim() })), updated_at: updatedAt };
    save.mutate(body, {
      onSuccess: (saved) => {
        setUpdatedAt(saved.updated_at);
        setSavedCues(saved.cues);
        setCues(saved.cues);
        setDone(saved.cues.length === 0 ? t('admin.transcript.removed') : t('admin.transcript.saved'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'transcript_changed') setStale(true);
        const named = error instanceof ApiError ? serverCueErrors(error.fields) : new Map<number, string>();
        setServerErrors(named);
        setFailure(named.size > 0 ? t('admin.transcript.problemsLeft', { count: named.size }) : errorMessage(error));
      },
    });
  };

  return (
    <>
      {stale ? (
        <div className="admin-transcript__stale card" role="alert">
          <h2>{t('admin.transcript.changedTitle')}</h2>
          <p>{t('admin.transcript.changedText')}</p>
          <button type="button" className="button" onClick={() => void onReload()}>
            {t('admin.transcript.loadSaved')}
          </button>
        </div>
      ) : null}
      {/* biome-ignore lint/a11y/useMediaCaption: this is where the captions are written; the preview below shows them */}
      <audio
        ref={audio.ref}
        className="admin-transcript__audio"
        src={transcript.audio_url}
        preload="auto"
        controls
        onError={() => setAudioFailed(true)}
      />
      <FormFailure message={audioFailed ? t('admin.transcript.recordingFailed') : undefined} />
      <div className="admin-transcript__parts">
        <AdminPart title={t('admin.transcript.paste')}>
          <div className="field">
            <label htmlFor={pasteId}>{t('admin.transcript.pasteLabel')}</label>
            <textarea
              id={pasteId}
              lang={transcript.lang_code}
              rows={6}
              value={pasted}
              aria-describedby={`${pasteId}-hint`}
              onChange={(e) => setPasted(e.target.value)}
            />
            <p className="field__hint" id={`${pasteId}-hint`}>
              {t('admin.transcript.pasteHint', { lang: t(`languageName.${transcript.lang_code}`) })}
            </p>
          </div>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={pasted.trim() === '' || undefined}
            onClick={() => pasted.trim() !== '' && (cues.length > 0 ? setAsking(true) : makeSentences())}
          >
            {t('admin.transcript.makeSentences')}
          </button>
          <ConfirmDialog
            open={asking}
            title={t('admin.transcript.replaceTitle')}
            confirmLabel={t('admin.transcript.replace')}
            cancelLabel={t('admin.transcript.cancel')}
            onConfirm={makeSentences}
            onCancel={() => setAsking(false)}
          >
            <p>{t('admin.transcript.replaceText', { count: cues.length })}</p>
          </ConfirmDialog>
        </AdminPart>
        <TranscriptTimer
          cues={cues}
          lang={transcript.lang_code}
          lengthMs={transcript.length_ms}
          audio={audio}
          onCues={change}
          onTiming={setTimingAt}
        />
        <TranscriptCues
          cues={cues}
          lang={transcript.lang_code}
          problems={problems}
          serverErrors={serverErrors}
          timingAt={timingAt}
          audio={audio}
          onCues={change}
        />
        <form className="admin-part card" onSubmit={onSave} noValidate aria-label={t('admin.transcript.saveForm')}>
          <h2>{t('admin.transcript.saveTitle')}</h2>
          <p>
            {changed
              ? t('admin.transcript.unsaved')
              : updatedAt === null
                ? t('admin.transcript.neverSaved')
                : t('admin.transcript.upToDate')}
          </p>
          {cues.length === 0 && savedCues.length > 0 ? <p>{t('admin.transcript.saveEmpty')}</p> : null}
          <FormFailure message={failure} />
          <SubmitButton busy={save.isPending}>
            {save.isPending ? t('admin.transcript.saving') : t('admin.transcript.save')}
          </SubmitButton>
          <p className="form-status form-status--success" role="status">
            {done}
          </p>
        </form>
        <TranscriptPreview cues={cues} lang={transcript.lang_code} audio={audio} />
        <TranscriptFiles skuId={transcript.sku_id} saved={updatedAt !== null} onImported={change} />
      </div>
    </>
  );
}
