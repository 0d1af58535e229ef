import {
  type AdminTranscript,
  type AdminTranscriptBody,
  type TranscriptImportBody,
  type TranscriptImportResponse,
  transcriptPaths,
} from '@storyhouse/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const transcriptKeys = {
  track: (skuId: number) => ['admin', 'transcripts', skuId] as const,
};

/** GET /crud/admin/transcripts/track/{skuId}: the track's cues, its recording and the updated_at a save sends back. */
export const useAdminTranscript = (skuId: number) =>
  useQuery({
    queryKey: transcriptKeys.track(skuId),
    queryFn: ({ signal }) => api<AdminTranscript>(transcriptPaths.admin(skuId), { signal }),
    retry: false,
    // The editor holds its own copy while the volunteer works: a refetch on focus would not change it anyway.
    refetchOnWindowFocus: false,
  });

/**
 * PUT /crud/admin/transcripts/track/{skuId}: the whole transcript with the
 * updated_at it was read at. 409 transcript_changed (someone saved since)
 * and 400 validation_failed (`cues.N.start_ms`) are the caller's to show.
 */
export function useSaveTranscript(skuId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTranscriptBody) => api<AdminTranscript>(transcriptPaths.admin(skuId), { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(transcriptKeys.track(skuId), saved);
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** POST /crud/admin/transcripts/track/{skuId}/import: a WebVTT or SRT file read into cues; nothing is saved. */
export const useImportTranscript = (skuId: number) =>
  useMutation({
    mutationFn: (body: TranscriptImportBody) =>
      api<TranscriptImportResponse>(transcriptPaths.adminImport(skuId), { method: 'POST', body }),
  });
