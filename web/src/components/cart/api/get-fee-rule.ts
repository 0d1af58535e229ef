import type { FeeRule } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /crud/giving-fee: the ministry's fee rule that "cover the fee" is computed from (decision 067). Asked for only
 * once it is `needed` (a gift has an amount), so a page with a donation form opens without an API call (decision 014).
 */
export const useFeeRuleQuery = (needed = true) =>
  useQuery({
    queryKey: ['giving-fee'],
    queryFn: () => api<FeeRule>('/crud/giving-fee'),
    staleTime: 5 * 60_000,
    enabled: needed,
  });
