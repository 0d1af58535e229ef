import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

const SIZE = 1000;

describe('parseRange', () => {
  it('answers the whole file when there is no Range header', () => {
    expect(parseRange(undefined, SIZE)).toEqual({ kind: 'whole' });
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-199', 100, 199],
    ['bytes=0-0', 0, 0],
    ['bytes=999-999', 999, 999],
    ['bytes=500-', 500, 999],
    ['bytes=0-', 0, 999],
    ['bytes=-100', 900, 999],
    ['bytes=-1', 999, 999],
    // past the end: clipped to the file
    ['bytes=900-5000', 900, 999],
    ['bytes=-5000', 0, 999],
    // spaces and case that RFC 9110 allows around the parts
    ['Bytes = 10 - 19', 10, 19],
  ])('reads %s as bytes %i to %i', (header, start, end) => {
    expect(parseRange(header, SIZE)).toEqual({ kind: 'range', start, end });
  });

  it.each([
    ['a range that starts at the end', 'bytes=1000-'],
    ['a range that starts past the end', 'bytes=2000-3000'],
    ['an empty suffix', 'bytes=-0'],
    ['a backwards range', 'bytes=500-100'],
    ['letters', 'bytes=abc'],
    ['letters in a bound', 'bytes=1x-5'],
    ['a lone dash', 'bytes=-'],
    ['nothing after the unit', 'bytes='],
    ['a negative start', 'bytes=--5'],
    ['no unit at all', 'garbage'],
    ['a bare number', '100'],
    ['a malformed part among several', 'bytes=0-1,x'],
  ])('refuses %s (%s)', (_why, header) => {
    expect(parseRange(header, SIZE)).toEqual({ kind: 'unsatisfiable' });
  });

  it('refuses every range of an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores a unit other than bytes, as RFC 9110 requires', () => {
    expect(parseRange('items=0-5', SIZE)).toEqual({ kind: 'whole' });
  });

  it('answers several ranges with the whole file', () => {
    expect(parseRange('bytes=0-9, 20-29', SIZE)).toEqual({ kind: 'whole' });
  });
});
