import type { ChildProfilesResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profilesKey = ['family', 'profiles'] as const;

/** GET /crud/profiles: the family's children with their rules and listening, the PIN's state and the albums to pick from. */
export const useChildProfiles = () =>
  useQuery({ queryKey: profilesKey, queryFn: ({ signal }) => api<ChildProfilesResponse>('/crud/profiles', { signal }) });
