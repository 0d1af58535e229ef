import type { RenewalReceiptsResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mySubscriptionKeys } from './get-my-subscriptions';

const base = (id: string) => `/crud/stripe/subscription/${encodeURIComponent(id)}/receipts`;

/** Decision 070: GET /crud/stripe/subscription/{id}/receipts, a monthly gift's paid renewals, newest first. */
export const getGiftReceipts = (id: string, signal?: AbortSignal) => api<RenewalReceiptsResponse>(base(id), { signal });

/** Where a renewal's receipt (a PDF) is downloaded. */
export const giftReceiptHref = (id: string, renewalId: number) => `${base(id)}/${renewalId}`;

/** Asked for only once the donor opens the gift's receipts. */
export const useGiftReceipts = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: mySubscriptionKeys.receipts(id),
    queryFn: ({ signal }) => getGiftReceipts(id, signal),
    enabled,
  });
