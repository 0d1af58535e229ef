import type { GuestBookPendingEntry } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { guestBookKeys } from './guest-book-keys';

/** GET /crud/guest-book/{id}/moderation?token: the waiting entry a moderation link points at. */
export const getPendingEntry = (id: number, token: string, signal?: AbortSignal) =>
  api<GuestBookPendingEntry>(`/crud/guest-book/${id}/moderation?token=${encodeURIComponent(token)}`, { signal });

/** Not cached beyond the page: the link is used up by the decision. */
export const usePendingEntry = (id: number, token: string, enabled: boolean) =>
  useQuery({
    queryKey: guestBookKeys.pending(id, token),
    queryFn: ({ signal }) => getPendingEntry(id, token, signal),
    enabled,
    gcTime: 0,
  });
