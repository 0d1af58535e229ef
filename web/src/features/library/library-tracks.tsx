import type { LibraryTrack } from '@storyhouse/contracts';
import { TrackList } from '../../components/catalogue/track-list';
import { useI18n } from '../../lib/i18n';
import { DownloadLink } from './download-link';

/**
 * An album's tracks in the library (spec §2 My Library, §6): each plays in
 * full when the server says so, else its preview; an owned track also has
 * its download link.
 */
export function LibraryTracks({
  tracks,
  albumKey,
  album,
  artwork,
}: {
  tracks: LibraryTrack[];
  albumKey: string;
  album: string;
  artwork: string | null;
}) {
  const { t } = useI18n();
  return (
    <TrackList
      tracks={tracks}
      albumKey={albumKey}
      context={{ album, artwork }}
      action={(track) =>
        track.file_url ? (
          <DownloadLink href={track.file_url} kind="track" label={t('library.downloadTrack', { title: track.title })} />
        ) : null
      }
    />
  );
}

/**
 * Spec §4 Audio queue: playing an album queues its tracks that are owned,
 * free or free streaming and have a download url; the server's
 * `plays_in_full` is that rule (and, with a plan, every track).
 */
export const playableTracks = (tracks: LibraryTrack[]) => tracks.filter((track) => track.plays_in_full && track.download_url);
