import type { ByteRange } from '../../providers/storage/storage';

export type RangeRequest =
  /** No Range header, another unit, or several ranges: answer 200 with the whole file. */
  | { kind: 'whole' }
  | ({ kind: 'range' } & ByteRange)
  /** Malformed or outside the file: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const RANGE_UNIT = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=(.*)$/;
const BYTE_RANGE = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

/**
 * Reads a Range header (RFC 9110 §14.2) against a file of `size` bytes.
 *
 * - `bytes=a-b`, `bytes=a-` and `bytes=-n` give one range, clipped to the file.
 * - Another unit (`items=0-5`) is ignored, as the RFC requires: the whole file.
 * - Several ranges are answered with the whole file (allowed by the RFC; media
 *   players ask for one range at a time, and multipart bodies buy nothing here).
 * - Anything malformed (`bytes=abc`, `bytes=5-2`, `garbage`) or starting past
 *   the end is unsatisfiable, so a client gets a clear 416 rather than a
 *   silently different answer (issue 3, bad input).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const unit = RANGE_UNIT.exec(header);
  if (!unit) return { kind: 'unsatisfiable' };
  if (unit[1]!.toLowerCase() !== 'bytes') return { kind: 'whole' };

  const specs = unit[2]!.split(',');
  const ranges = specs.map((spec) => BYTE_RANGE.exec(spec));
  if (ranges.some((r) => !r || (r[1] === '' && r[2] === ''))) return { kind: 'unsatisfiable' };
  if (ranges.length > 1) return { kind: 'whole' };

  const [, first, last] = ranges[0]!;
  if (first === '') {
    // suffix: the last n bytes
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'unsatisfiable' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
