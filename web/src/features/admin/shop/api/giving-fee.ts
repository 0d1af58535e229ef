import type { FeeRule } from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const feeKey = ['admin', 'giving-fee'] as const;

/** GET /crud/admin/giving-fee (decision 067): the ministry's fee rule. */
export const useAdminFeeRule = () =>
  useQuery({
    queryKey: feeKey,
    queryFn: ({ signal }) => api<FeeRule>('/crud/admin/giving-fee', { signal }),
    retry: false,
  });

/** PUT /crud/admin/giving-fee: the page shows the new rule, the donation forms ask for it again, the audit log is read again. */
export function useSetFeeRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeeRule) => api<FeeRule>('/crud/admin/giving-fee', { method: 'PUT', body }),
    onSuccess: (rule) => {
      client.setQueryData(feeKey, rule);
      void client.invalidateQueries({ queryKey: ['giving-fee'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
