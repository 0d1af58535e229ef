import type { FreeMp3Form, FreeMp3Grant } from '@storyhouse/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /crud/free-mp3/:entryId/download (issue 6): the server checks the form
 * and its captcha, and answers a short-lived link to the page's MP3, the
 * only way the page gets the file.
 */
export function requestFreeMp3Download(entryId: number, body: FreeMp3Form): Promise<FreeMp3Grant> {
  return api<FreeMp3Grant>(`/crud/free-mp3/${entryId}/download`, { method: 'POST', body });
}
