import type { LangCode } from '@storyhouse/contracts';

const KILOBYTE = 1024;
const MEGABYTE = 1024 * 1024;

/**
 * A file's size as the admin reads it, in their language: "5.8 kB",
 * "3.2 MB" ("5,8 кБ" in Russian). Kilobytes below a megabyte, so a small
 * picture is never "0 MB"; a file of a few bytes is "0.1 kB", not nothing.
 * Binary units (1 MB = 1,024 kB), as the upload limits are counted.
 */
export function formatFileSize(bytes: number, lang: LangCode): string {
  if (bytes >= MEGABYTE) {
    const megabytes = bytes / MEGABYTE;
    return new Intl.NumberFormat(lang, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: megabytes < 100 ? 1 : 0,
    }).format(megabytes);
  }
  const kilobytes = bytes <= 0 ? 0 : Math.max(bytes / KILOBYTE, 0.1);
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: kilobytes < 100 ? 1 : 0,
  }).format(kilobytes);
}
