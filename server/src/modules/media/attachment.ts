import { uriEncode } from '../../providers/storage/sigv4';

/**
 * Content-Disposition for saving an MP3 under a title (RFC 6266): an ASCII
 * fallback name, and the exact title in UTF-8 for browsers that read filename*.
 */
export function attachment(title: string) {
  const name = `${title.trim() || 'track'}.mp3`;
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${uriEncode(name)}`;
}
