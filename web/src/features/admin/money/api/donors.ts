import type { AdminDonorsResponse, GivingStatementDetail, GivingStatementResponse, StatementRun } from '@storyhouse/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /crud/admin/donors?year= (issue 29 item 4): the year's gifts per fund and per donor. */
export const adminDonorsQuery = (year: number) =>
  queryOptions({
    queryKey: ['admin', 'donors', year],
    queryFn: ({ signal }) => api<AdminDonorsResponse>(`/crud/admin/donors?year=${year}`, { signal }),
    retry: false,
  });

export const useAdminDonors = (year: number) => useQuery({ ...adminDonorsQuery(year), placeholderData: keepPreviousData });

/** GET /crud/admin/donors/{id}/statement?year=: a donor's gifts of the year, for the printable page. */
export const givingStatementQuery = (id: number, year: number) =>
  queryOptions({
    queryKey: ['admin', 'statement', id, year],
    queryFn: ({ signal }) => api<GivingStatementDetail>(`/crud/admin/donors/${id}/statement?year=${year}`, { signal }),
    retry: false,
  });

export const useGivingStatement = (id: number, year: number) => useQuery(givingStatementQuery(id, year));

/**
 * POST /crud/admin/donors/{id}/statement {year}: the statement e-mailed to
 * the donor (409 giving_statement_empty for a year without gifts). The
 * audit log is read again.
 */
export function useEmailStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, year }: { id: number; year: number }) =>
      api<GivingStatementResponse>(`/crud/admin/donors/${id}/statement`, { method: 'POST', body: { year } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}

/** How often the page asks for the progress while the year's statements are being sent. */
const PROGRESS_EVERY_MS = 2000;

/**
 * GET /crud/admin/statements?year= (issue 45): whether the year's statements went to every donor, how many of how
 * many; asked again every two seconds while some are still waiting.
 */
export const useStatementRun = (year: number) =>
  useQuery({
    queryKey: ['admin', 'statements', year],
    queryFn: ({ signal }) => api<StatementRun>(`/crud/admin/statements?year=${year}`, { signal }),
    retry: false,
    refetchInterval: (query) => {
      const run = query.state.data;
      return run?.started && run.sent < run.total ? PROGRESS_EVERY_MS : false;
    },
  });

/** POST /crud/admin/statements {year}: the year's statements to every donor, once (409 giving_statements_none). */
export function useSendStatements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => api<StatementRun>('/crud/admin/statements', { method: 'POST', body: { year } }),
    onSuccess: (run) => {
      client.setQueryData(['admin', 'statements', run.year], run);
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
