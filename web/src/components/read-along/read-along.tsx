import { type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../lib/i18n';
import { preloadable } from '../../lib/preloadable';
import { Loading } from '../../ui/loading';
import { type QueueTrack, usePlayer } from '../player/player';
import { askReadAlong, onReadAlongAsked, readAlongAsked, withText } from './read-along-request';

export { withText } from './read-along-request';

import type { ReadAlongProps } from './read-along-view';

/** The view loads the first time a text is shown: a page without one never fetches it. */
const LazyView = preloadable(() => import('./read-along-view'));

/** A track with words to read along. */
export const hasText = (track: QueueTrack | null): track is QueueTrack & { transcriptUrl: string } => !!track?.transcriptUrl;

/** The read-along view (read-along-view.tsx), loaded when first shown. */
export function ReadAlong(props: ReadAlongProps) {
  return (
    <Suspense fallback={<Loading shape="block" />}>
      <LazyView {...props} />
    </Suspense>
  );
}

/**
 * "Read along" on a track that has words (issue 43): plays it (at once if it
 * already is the one playing) and asks for its text, which shows beside the
 * track list on a wider screen and in Now Playing on a phone.
 */
export function ReadAlongButton({ track, album }: { track: QueueTrack; album: readonly QueueTrack[] }) {
  const { t } = useI18n();
  const player = usePlayer();
  if (!hasText(track)) return null;
  return (
    <button
      type="button"
      className="queue-button queue-button--small read-along-button"
      aria-label={t('readAlong.openLabel', { title: track.title })}
      onClick={() => {
        if (!player.isCurrent(track.id)) player.toggle(track, album);
        else if (!player.isPlaying) player.playPause();
        askReadAlong(track);
      }}
    >
      {t('readAlong.open')}
    </button>
  );
}

/** Wider than a phone the text sits beside the track list; on a phone Now Playing shows it. */
const WIDE = '(min-width: 768px)';
const watchWide = (change: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
const isWide = () => window.matchMedia(WIDE).matches;
const notWide = () => false;

/**
 * An album's tracks and, once "Read along" was pressed on this page, the
 * text of the playing track beside them (when it is one of this album's,
 * `albumKey`) on a screen wider than a phone. Closing it keeps it closed
 * until the next "Read along".
 */
export function WithReadAlong({ albumKey, children }: { albumKey: string; children: ReactNode }) {
  const player = usePlayer();
  const asked = useSyncExternalStore(onReadAlongAsked, readAlongAsked, readAlongAsked);
  const wide = useSyncExternalStore(watchWide, isWide, notWide);
  // Asks made before this page opened were for another page.
  const [closedAt, setClosedAt] = useState(asked);
  const current = withText(player.current);
  const shown = wide && asked > closedAt && current !== null && current.albumKey === albumKey;
  return (
    <div className={shown ? 'read-along-layout read-along-layout--reading' : 'read-along-layout'}>
      <div className="read-along-layout__main">{children}</div>
      {shown && current && (
        <div className="read-along-layout__side">
          <ReadAlong key={current.id} player={player} track={current} Heading="h3" onClose={() => setClosedAt(asked)} />
        </div>
      )}
    </div>
  );
}
