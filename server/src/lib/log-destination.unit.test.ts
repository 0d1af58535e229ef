import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logDestination } from './log-destination';

describe('the log destination', () => {
  it('writes each line whole', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storyhouse-log-'));
    const fd = openSync(path.join(dir, 'log'), 'w');
    try {
      const out = logDestination(fd);
      out.write('{"msg":"one"}\n');
      out.write(`{"msg":"${'x'.repeat(100_000)}"}\n`);
      expect(
        readFileSync(path.join(dir, 'log'), 'utf8')
          .split('\n')
          .map((l) => l.length),
      ).toEqual([13, 100_010, 0]);
      expect(out.dropped).toBe(0);
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('drops lines on a full disk, never throwing, and tries again after a rest', () => {
    const fd = openSync('/dev/full', 'w');
    let clock = 0;
    try {
      const out = logDestination(fd, () => clock);
      expect(() => out.write('one\n')).not.toThrow();
      out.write('two\n');
      expect(out.dropped).toBe(2);
      clock += 31_000;
      out.write('three\n');
      expect(out.dropped).toBe(3);
    } finally {
      closeSync(fd);
    }
  });

  it('stops for good once the descriptor is gone', () => {
    // A descriptor no process has open (EBADF).
    const out = logDestination(2_000_000);
    out.write('one\n');
    out.write('two\n');
    expect(out.dropped).toBe(2);
  });
});
