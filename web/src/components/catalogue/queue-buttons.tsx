import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { showToast } from '../../ui/toast-store';
import { type QueueTrack, usePlayerActions } from '../player/player';

/**
 * "Play next" and "Add to queue" (issue 41 item 3) for a track or an
 * album's tracks, as they play for this listener (the play button's own
 * choice: the full recording when the server says they may hear it, else the
 * preview). `name`: what the buttons and their notice name (a track's or an
 * album's title). A toast says where it went; nothing starts playing.
 */
export function QueueButtons({
  tracks,
  name,
  album = false,
  children,
}: {
  tracks: QueueTrack[];
  name: string;
  album?: boolean;
  /** Another button of the same row (a track's Read along). */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const player = usePlayerActions();
  if (tracks.length === 0) return null;
  const className = album ? 'button button--secondary queue-button' : 'queue-button queue-button--small';
  const buttons = [
    {
      key: 'next',
      add: player.playNext,
      text: t('catalogue.playNext'),
      label: t('catalogue.playNextLabel', { title: name }),
      done: t('catalogue.queuedNext', { title: name }),
    },
    {
      key: 'last',
      add: player.addToQueue,
      text: t('catalogue.addToQueue'),
      label: t('catalogue.addToQueueLabel', { title: name }),
      done: t('catalogue.queuedLast', { title: name }),
    },
  ];
  return (
    <span className={album ? 'queue-buttons' : 'queue-buttons queue-buttons--track'}>
      {buttons.map(({ key, add, text, label, done }) => (
        <button
          key={key}
          type="button"
          className={className}
          aria-label={label}
          onClick={() => {
            add(tracks);
            showToast({ message: done });
          }}
        >
          {text}
        </button>
      ))}
      {children}
    </span>
  );
}
