import type { InvoicesResponse } from '@storyhouse/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mySubscriptionKeys } from './get-my-subscriptions';

/** Stripe's list paging (spec §7): the page after an invoice (older) or before one (newer); none is the newest page. */
export type InvoiceCursor = { starting_after: string } | { ending_before: string } | null;

/** GET /crud/stripe/customer/my/subscription/{id}/invoices: ten invoices, newest first, and whether more lie that way. */
export const getInvoices = (id: string, cursor: InvoiceCursor, signal?: AbortSignal) => {
  const query = cursor ? `?${new URLSearchParams(cursor)}` : '';
  return api<InvoicesResponse>(`/crud/stripe/customer/my/subscription/${encodeURIComponent(id)}/invoices${query}`, { signal });
};

/** The page on screen stays while the next one loads, so paging does not flash empty. */
export const useInvoices = (id: string, cursor: InvoiceCursor) =>
  useQuery({
    queryKey: [...mySubscriptionKeys.invoices(id), cursor],
    queryFn: ({ signal }) => getInvoices(id, cursor, signal),
    placeholderData: keepPreviousData,
  });
