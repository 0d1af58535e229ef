import type { TranscriptResponse } from '@storyhouse/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET a track's transcript_url (issue 43): its cues, under the same access
 * rule as its audio (`scope: 'preview'`: only the preview's span). A kept
 * album's transcripts answer from the device (sw/kept-media.ts), offline too.
 * The words of a track do not change while it plays: kept for the visit.
 */
export const useTranscript = (url: string) =>
  useQuery({
    queryKey: ['transcript', url],
    queryFn: ({ signal }) => api<TranscriptResponse>(url, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
