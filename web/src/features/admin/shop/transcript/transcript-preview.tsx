import { type Cue, cueAt, type LangCode } from '@storyhouse/contracts';
import { useI18n } from '../../../../lib/i18n';
import { AdminPart } from '../../shared/admin-part';
import { type TrackAudio, useAudioMs } from './transcript-audio';
import { isUntimed } from './transcript-timing';

/**
 * "Preview as a family sees it": the words as running text, the sentence
 * being spoken highlighted as the track plays (the page's recording: play
 * it here or with its controls). Only timed sentences show, as a family
 * would see them. The highlight is a mark, not focus nor an announcement.
 */
export function TranscriptPreview({ cues, lang, audio }: { cues: Cue[]; lang: LangCode; audio: TrackAudio }) {
  const { t } = useI18n();
  const ms = useAudioMs(audio);
  const timed = cues.filter((cue) => !isUntimed(cue));
  const speaking = cueAt(timed, ms);
  return (
    <AdminPart title={t('admin.transcript.preview')}>
      <p>{t('admin.transcript.previewHelp')}</p>
      <div className="admin-transcript__preview-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={timed.length === 0}
          onClick={() => audio.playFrom(0)}
        >
          {t('admin.transcript.playFromStart')}
        </button>
        <button type="button" className="button button--secondary" onClick={audio.pause}>
          {t('admin.transcript.pause')}
        </button>
      </div>
      {timed.length === 0 ? (
        <p>{t('admin.transcript.previewEmpty')}</p>
      ) : (
        <p className="admin-transcript__preview" lang={lang}>
          {timed.map((cue, index) =>
            index === speaking ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a cue is its place in the list
              <mark key={index} className="admin-transcript__speaking">
                {cue.text}{' '}
              </mark>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a cue is its place in the list
              <span key={index}>{cue.text} </span>
            ),
          )}
        </p>
      )}
    </AdminPart>
  );
}
