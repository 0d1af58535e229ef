import { uriEncode } from '../../providers/storage/sigv4';

/**
 * Content-Disposition for saving a file under a title (RFC 6266): an ASCII
 * fallback name, and the exact title in UTF-8 for browsers that read
 * filename*. An MP3 unless another extension is given (a ZIP of an album).
 */
export function attachment(title: string, extension = 'mp3') {
  const name = `${title.trim() || 'track'}.${extension}`;
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${uriEncode(name)}`;
}
