import { useCallback } from 'react';
import { useSession } from '../session/api/get-session';
import { type QueueContext, queueTrack } from './track-format';

/**
 * queueTrack for the listener of this page: a signed-in listener's full
 * recordings carry their place, so the player resumes them and keeps it.
 */
export function useQueueTrack() {
  const signedIn = useSession().data?.logged_in === true;
  return useCallback(
    (track: Parameters<typeof queueTrack>[0], albumKey: string, context: Omit<QueueContext, 'signedIn'> = {}) =>
      queueTrack(track, albumKey, { ...context, signedIn }),
    [signedIn],
  );
}
