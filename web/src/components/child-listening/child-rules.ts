import {
  type ChildListening,
  type ChildListeningResponse,
  childListeningPath,
  childMayHearAlbum,
  type OneMoreStoryBody,
  oneMoreStoryPath,
} from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { CHILD_RULES_KEY, deviceStorage } from '../../lib/device-session-keys';
import { useSession } from '../session/api/get-session';

/**
 * A child profile's listening rules on the device (issue 42, decision 056):
 * asked of the server while online (GET /crud/my-library/child, which is
 * what the server itself enforces) and kept on the device with the account
 * and profile they are for, so that offline the child's kept shelf and
 * quiet hours follow the same rules.
 */
interface KeptRules {
  user_id: number;
  rules: ChildListening;
}

const childKey = ['my-library', 'child'];

/** How often the rules are asked again while a child listens: the time heard today moves on. */
const REFRESH_MS = 60_000;

function readKept(userId: number, profileId: number): ChildListening | null {
  try {
    const kept = JSON.parse(deviceStorage()?.getItem(CHILD_RULES_KEY) ?? 'null') as KeptRules | null;
    return kept?.user_id === userId && kept.rules.profile_id === profileId ? kept.rules : null;
  } catch {
    return null;
  }
}

function keep(userId: number, rules: ChildListening) {
  try {
    deviceStorage()?.setItem(CHILD_RULES_KEY, JSON.stringify({ user_id: userId, rules } satisfies KeptRules));
  } catch {
    // Storage full or blocked: the rules are followed online only.
  }
}

const childQuery = (userId: number) =>
  queryOptions({
    queryKey: childKey,
    queryFn: async () => {
      const { child } = await api<ChildListeningResponse>(childListeningPath);
      if (child) keep(userId, child);
      return child;
    },
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });

/**
 * Whom the device listens as: `child` false for the parents (and a visitor);
 * for a child, their rules (null while unknown: nothing kept and no answer yet,
 * and then nothing of the kept shelf is shown).
 */
export function useChildRules(): { child: boolean; rules: ChildListening | null } {
  const session = useSession().data;
  const profileId = session?.logged_in ? (session.profile?.id ?? null) : null;
  const userId = session?.user_id ?? null;
  const query = useQuery({ ...childQuery(userId ?? 0), enabled: profileId !== null && userId !== null });
  if (profileId === null || userId === null) return { child: false, rules: null };
  const fresh = query.data && query.data.profile_id === profileId ? query.data : null;
  return { child: true, rules: fresh ?? readKept(userId, profileId) };
}

/** Whether the listener may hear album `productId` (the parents: always; a child with unknown rules: never). */
export function mayHearAlbum({ child, rules }: ReturnType<typeof useChildRules>, productId: number) {
  return !child || (rules !== null && childMayHearAlbum(rules, productId));
}

/** POST /crud/my-library/one-more-story: the rules answered (the one more story in them) are followed at once. */
export function useOneMoreStory() {
  const client = useQueryClient();
  const userId = useSession().data?.user_id ?? null;
  return useMutation({
    mutationFn: (body: OneMoreStoryBody) => api<ChildListening>(oneMoreStoryPath, { method: 'POST', body }),
    onSuccess: (rules) => {
      if (userId !== null) keep(userId, rules);
      client.setQueryData(childKey, rules);
    },
  });
}
