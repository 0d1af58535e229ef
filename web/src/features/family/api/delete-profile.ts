import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profilesKey } from './get-profiles';

/** DELETE /crud/profiles/{id}: the child's profile with everything kept for it; the list is asked again either way. */
export function useDeleteProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/crud/profiles/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: profilesKey }),
  });
}
