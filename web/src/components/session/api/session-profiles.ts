import { type ChooseProfileInput, pageRoutes, type SessionProfilesResponse, type SessionResponse } from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withBackLocation } from '../../../lib/back-location';

const path = '/crud/session/profiles';
export const getSessionProfiles = () => api<SessionProfilesResponse>(path);

/** Whom this device may listen as: the parents, then each child profile (decision 051). */
export const sessionProfilesQuery = () => queryOptions({ queryKey: ['session-profiles'], queryFn: getSessionProfiles });
export const useSessionProfiles = () => useQuery(sessionProfilesQuery());

/**
 * The session speaks for another profile: what the page shows (the shelf, places, queue) was the one before's, so
 * every answer but the new session is asked again.
 */
export function useChooseProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChooseProfileInput) => api<SessionResponse>('/crud/session/profile', { method: 'POST', body }),
    onSuccess: async (session) => {
      queryClient.setQueryData(['session'], session);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    },
  });
}

/** The "Who's listening?" page. */
export const WHO_IS_LISTENING = pageRoutes.whoIsListening.paths[0];

/**
 * Where a family goes once signed in: "Who's listening?" first when it has child profiles (then on to `back`),
 * else straight to `back`. A failed question is no reason to stop a sign-in: straight on.
 */
export async function pathAfterSignIn(back: string) {
  const choices = await getSessionProfiles().catch(() => undefined);
  return choices && choices.profiles.length > 1 ? withBackLocation(WHO_IS_LISTENING, back) : back;
}
