import type { GiftChangeBody, MySubscription } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswer } from './get-my-subscriptions';

/** Issue 45: POST /crud/stripe/subscription/{id}/gift, a monthly gift changed (or paused) from its next charge. */
export const changeGift = (id: string, body: GiftChangeBody) =>
  api<MySubscription>(`/crud/stripe/subscription/${encodeURIComponent(id)}/gift`, { method: 'POST', body });

export function useChangeGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GiftChangeBody }) => changeGift(id, body),
    onSuccess: (changed) => keepAnswer(client, changed),
  });
}
