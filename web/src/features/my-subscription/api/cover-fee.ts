import type { MySubscription, SubscriptionCoverFeeBody } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswer } from './get-my-subscriptions';

/** Decision 067: POST /crud/stripe/subscription/{id}/cover-fee, from the gift's next charge. */
export const setCoverFee = (id: string, body: SubscriptionCoverFeeBody) =>
  api<MySubscription>(`/crud/stripe/subscription/${encodeURIComponent(id)}/cover-fee`, { method: 'POST', body });

export function useSetCoverFee() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cover }: { id: string; cover: boolean }) => setCoverFee(id, { cover_fee: cover }),
    onSuccess: (changed) => keepAnswer(client, changed),
  });
}
