import type { FeeRule } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /crud/giving-fee: the ministry's fee rule that "cover the fee" is computed from (decision 067). */
export const useFeeRuleQuery = () =>
  useQuery({ queryKey: ['giving-fee'], queryFn: () => api<FeeRule>('/crud/giving-fee'), staleTime: 5 * 60_000 });
