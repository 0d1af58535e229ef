import { adminMediaPaths, type MediaKind, type MediaUploadResponse } from '@storyhouse/contracts';
import { ApiError, apiErrorOf, withSiteFlag } from '../../../../lib/api-client';
import { signInRedirect } from '../../../../lib/back-location';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadMediaOptions {
  kind: MediaKind;
  file: File;
  /** For audio: also cut a preview clip of the first N seconds. */
  previewSeconds?: number | undefined;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/**
 * Issue 30 item 2: POST /crud/admin/media, one file as multipart. Through
 * XMLHttpRequest rather than the api() helper, because fetch reports no
 * upload progress. The answer's errors become ApiErrors (their message in
 * the site language) as api() makes them; a cancel rejects with the
 * signal's reason, and the server keeps nothing of a cut-off upload.
 */
export function uploadMedia({ kind, file, previewSeconds, onProgress, signal }: UploadMediaOptions) {
  return new Promise<MediaUploadResponse>((resolve, reject) => {
    const query = new URLSearchParams({ kind });
    if (previewSeconds) query.set('preview_seconds', String(previewSeconds));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', withSiteFlag(`${adminMediaPaths.upload}?${query}`));
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(xhr.response as MediaUploadResponse);
        return;
      }
      const error = apiErrorOf(xhr.status, xhr.response);
      const login = signInRedirect(error.status, error.code, window.location);
      if (login) window.location.replace(login);
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', ''));
    xhr.onabort = () => reject(signal.reason);
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}
