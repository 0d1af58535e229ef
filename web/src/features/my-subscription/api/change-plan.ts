import type { MySubscription, SubscriptionPlan } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswer } from './get-my-subscriptions';

/** Issue 28 item 4: POST /crud/stripe/subscription/{id}/plan, a monthly plan becomes the annual one, prorated. */
export const changePlan = (id: string, code: SubscriptionPlan) =>
  api<MySubscription>(`/crud/stripe/subscription/${encodeURIComponent(id)}/plan`, { method: 'POST', body: { code } });

export function useChangePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: SubscriptionPlan }) => changePlan(id, code),
    onSuccess: (changed) => keepAnswer(client, changed),
  });
}
