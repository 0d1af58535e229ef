import type { MySubscription, SubscriptionCardBody } from '@storyhouse/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { keepAnswer } from './get-my-subscriptions';

/**
 * Issue 28 item 2: POST /crud/stripe/subscription/{id}/card, renew on another
 * saved card; while past due the open invoice is tried on it at once (the
 * answer's status tells whether it went through).
 */
export const changeCard = (id: string, body: SubscriptionCardBody) =>
  api<MySubscription>(`/crud/stripe/subscription/${encodeURIComponent(id)}/card`, { method: 'POST', body });

export function useChangeCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cardId }: { id: string; cardId: string }) => changeCard(id, { card_id: cardId }),
    onSuccess: (changed) => keepAnswer(client, changed),
  });
}
