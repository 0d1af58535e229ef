import { type Cue, type CueProblem, captionProblemMessage, type LangCode } from '@storyhouse/contracts';
import { useId } from 'react';
import { useI18n } from '../../../../lib/i18n';
import { AdminPart } from '../../shared/admin-part';
import type { TrackAudio } from './transcript-audio';
import { formatCueTime, isUntimed, nudgeEarlier, nudgeLater } from './transcript-timing';

/** What is wrong with a cue, in the words the server uses too: an untimed one is just not timed yet. */
export function cueProblemText(t: ReturnType<typeof useI18n>['t'], cue: Cue, problem: CueProblem | undefined) {
  if (cue.text.trim() === '') return t(captionProblemMessage('cue_empty'));
  if (isUntimed(cue)) return t('admin.transcript.untimed');
  return problem ? t(captionProblemMessage(problem)) : undefined;
}

/**
 * The sentences in order, each with its times, its problem in words, a
 * nudge of its start by a tenth of a second either way (heard at once from
 * the new start), "Play" to hear it alone, its words to correct, and Remove.
 */
export function TranscriptCues({
  cues,
  lang,
  problems,
  serverErrors,
  timingAt,
  audio,
  onCues,
}: {
  cues: Cue[];
  lang: LangCode;
  problems: Map<number, CueProblem>;
  /** The server's words on a refused save, by cue index. */
  serverErrors: Map<number, string>;
  /** The sentence a timing run is at (-1: none). */
  timingAt: number;
  audio: TrackAudio;
  onCues: (cues: Cue[]) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const hear = (list: Cue[], index: number) => {
    const cue = list[index];
    if (cue && !isUntimed(cue)) audio.playFrom(cue.start_ms, cue.end_ms);
  };
  const moved = (list: Cue[], index: number) => {
    onCues(list);
    hear(list, index);
  };
  return (
    <AdminPart title={t('admin.transcript.sentences', { count: cues.length })}>
      {cues.length === 0 ? <p>{t('admin.transcript.noSentences')}</p> : null}
      <ol className="admin-transcript__cues">
        {cues.map((cue, index) => {
          const n = index + 1;
          const problem = serverErrors.get(index) ?? cueProblemText(t, cue, problems.get(index));
          const errorId = `${id}-${index}-problem`;
          const timed = !isUntimed(cue);
          // An untimed sentence is work still to do, said as a hint; a rule broken is an error.
          const isError = problem !== undefined && (timed || cue.text.trim() === '' || serverErrors.has(index));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a cue is its place in the list (two may share their words)
            <li key={index} className="admin-transcript__cue" aria-current={timingAt === index || undefined}>
              <p className="admin-transcript__cue-times">
                <span className="admin-transcript__cue-number">{t('admin.transcript.sentenceN', { n })}</span>{' '}
                {!timed
                  ? null
                  : timingAt === index
                    ? t('admin.transcript.timesOpen', { start: formatCueTime(cue.start_ms) })
                    : t('admin.transcript.times', { start: formatCueTime(cue.start_ms), end: formatCueTime(cue.end_ms) })}
              </p>
              <div className={`field${isError ? ' field--invalid' : ''}`}>
                <label htmlFor={`${id}-${index}`}>{t('admin.transcript.words', { n })}</label>
                <textarea
                  id={`${id}-${index}`}
                  lang={lang}
                  rows={2}
                  value={cue.text}
                  aria-invalid={isError || undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => onCues(cues.map((c, i) => (i === index ? { ...c, text: e.target.value } : c)))}
                />
                {problem ? (
                  <p className={isError ? 'field__error' : 'field__hint'} id={errorId}>
                    {problem}
                  </p>
                ) : null}
              </div>
              <div className="admin-transcript__cue-actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={!timed}
                  aria-label={t('admin.transcript.earlierLabel', { n, nudge: t('admin.transcript.earlier') })}
                  onClick={() => moved(nudgeEarlier(cues, index), index)}
                >
                  {t('admin.transcript.earlier')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={!timed}
                  aria-label={t('admin.transcript.laterLabel', { n, nudge: t('admin.transcript.later') })}
                  onClick={() => moved(nudgeLater(cues, index), index)}
                >
                  {t('admin.transcript.later')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={!timed}
                  aria-label={t('admin.transcript.playLabel', { n })}
                  onClick={() => hear(cues, index)}
                >
                  {t('admin.transcript.play')}
                </button>
                <button
                  type="button"
                  className="button button--quiet button--small"
                  aria-label={t('admin.transcript.removeLabel', { n })}
                  onClick={() => onCues(cues.filter((_, i) => i !== index))}
                >
                  {t('admin.transcript.remove')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </AdminPart>
  );
}
