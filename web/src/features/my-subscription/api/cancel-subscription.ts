import type { MySubscription } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswer } from './get-my-subscriptions';

/**
 * Spec §4 Subscription's two ways to end a plan, as the server chose for it
 * (MySubscription.cancel_kind): POST …/{id}/cancel ends it now and refunds
 * the unused part; POST …/{id}/cancel-at-end keeps it until the period's end.
 * POST, not the spec's GET: a GET must not change anything.
 */
export const cancelSubscription = (id: string, kind: MySubscription['cancel_kind']) =>
  api<MySubscription>(`/crud/stripe/subscription/${encodeURIComponent(id)}/${kind === 'now' ? 'cancel' : 'cancel-at-end'}`, {
    method: 'POST',
  });

export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: MySubscription['cancel_kind'] }) => cancelSubscription(id, kind),
    onSuccess: (changed) => keepAnswer(client, changed),
  });
}

/**
 * A monthly donation's next gifts stop (spec §4 Recurring donation item),
 * for the shared Cancel button: by the kind of cancel the server offers it
 * (a monthly gift's period ends within a month, so at its end: the gift
 * already given is not refunded, and none follows). The answer keeps it in
 * the list, reading Cancelled.
 */
export function useCancelDonation(donation: Pick<MySubscription, 'id' | 'cancel_kind'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(donation.id, donation.cancel_kind),
    onSuccess: (changed) => keepAnswer(client, changed),
  });
}
