/** A size as a family reads it: megabytes under a gigabyte, then gigabytes (decimal units, as phones show storage). */
export function formatBytes(lang: string, bytes: number): string {
  const giga = bytes >= 1e9;
  return new Intl.NumberFormat(lang, { style: 'unit', unit: giga ? 'gigabyte' : 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / (giga ? 1e9 : 1e6),
  );
}
