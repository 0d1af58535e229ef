import type { MailboxResponse } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getMailbox = (page: number) => api<MailboxResponse>(`/crud/dev/mailbox?page=${page}`);

export const mailboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['mailbox', page],
    queryFn: () => getMailbox(page),
    placeholderData: keepPreviousData,
    // New mail arrives while the page is open (the delivery worker runs every 2 s); a
    // refusal (not an admin, or turned off) stays one: no asking again every 5 s.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
    retry: false,
  });

export const useMailbox = (page: number) => useQuery(mailboxQuery(page));
