import type { BedtimeInput, BedtimeResponse } from '@storyhouse/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const path = '/crud/user/bedtime';
const bedtimeKey = ['user', 'bedtime'];

/** GET /crud/user/bedtime: the signed-in family's bedtime (issue 41 item 5), the defaults until first saved. */
export const getBedtime = () => api<BedtimeResponse>(path);
export const bedtimeQuery = () => queryOptions({ queryKey: bedtimeKey, queryFn: getBedtime, staleTime: 5 * 60_000 });
/** `enabled`: only for a signed-in family (a visitor has no bedtime). */
export const useBedtimeSettings = (enabled: boolean) => useQuery({ ...bedtimeQuery(), enabled });

/** PUT /crud/user/bedtime: the player follows what was saved at once. */
export const saveBedtime = (body: BedtimeInput) => api<BedtimeResponse>(path, { method: 'PUT', body });
export function useSaveBedtime() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveBedtime, onSuccess: (saved) => client.setQueryData(bedtimeKey, saved) });
}
