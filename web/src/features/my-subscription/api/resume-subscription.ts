import type { MySubscription } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswer } from './get-my-subscriptions';

/** Spec §4 Resume: POST /crud/stripe/subscription/{id}/resume undoes a pending cancel; the plan renews again. */
export const resumeSubscription = (id: string) =>
  api<MySubscription>(`/crud/stripe/subscription/${encodeURIComponent(id)}/resume`, { method: 'POST' });

export function useResumeSubscription() {
  const client = useQueryClient();
  return useMutation({ mutationFn: resumeSubscription, onSuccess: (changed) => keepAnswer(client, changed) });
}
