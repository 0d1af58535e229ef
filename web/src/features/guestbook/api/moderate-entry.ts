import type { GuestBookModerateBody, GuestBookModerated } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { guestBookKeys } from './guest-book-keys';

/** POST /crud/guest-book/{id}/moderate: approve shows the entry, reject deletes it. */
export const moderateEntry = (id: number, body: GuestBookModerateBody) =>
  api<GuestBookModerated>(`/crud/guest-book/${id}/moderate`, { method: 'POST', body });

export function useModerateEntry(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestBookModerateBody) => moderateEntry(id, body),
    // An approved entry changes the public lists (the used-up link's own query is left alone).
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === guestBookKeys.all[0] && q.queryKey[1] !== 'pending',
      }),
  });
}
