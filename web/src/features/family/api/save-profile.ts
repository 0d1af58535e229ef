import type { ChildProfileCreate, ChildProfileUpdate, ChildProfileView } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profilesKey } from './get-profiles';

/** POST /crud/profiles (no id) or PATCH /crud/profiles/{id}: a child added, or their profile and rules changed. */
export function useSaveProfile(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChildProfileCreate | ChildProfileUpdate) =>
      api<ChildProfileView>(id === undefined ? '/crud/profiles' : `/crud/profiles/${id}`, {
        method: id === undefined ? 'POST' : 'PATCH',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: profilesKey }),
  });
}
