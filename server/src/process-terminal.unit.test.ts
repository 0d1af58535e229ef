import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Cancelled } from './create-admin-command';
import { processTerminal, type TerminalProcess } from './process-terminal';

/** A terminal's process as processTerminal sees it: stdin and the signals are emitters the test drives. */
function fakeProcess() {
  const stdin = Object.assign(new EventEmitter(), {
    isTTY: true,
    raw: false,
    setRawMode(on: boolean) {
      stdin.raw = on;
      return stdin;
    },
    setEncoding: () => stdin,
    resume: () => stdin,
    pause: () => stdin,
  });
  const written: string[] = [];
  const signals = new EventEmitter();
  const proc = {
    stdin,
    stdout: { isTTY: true, write: (s: string) => written.push(s) > 0 },
    stderr: { write: (s: string) => written.push(s) > 0 },
    once: (signal: NodeJS.Signals, fn: () => void) => signals.once(signal, fn),
    off: (signal: NodeJS.Signals, fn: () => void) => signals.off(signal, fn),
  } as unknown as TerminalProcess;
  return { proc, stdin, signals, written };
}

describe('create-admin: the terminal (issue 47 item 13)', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`${signal} at the hidden password question cancels it and gives the terminal back`, async () => {
      const { proc, stdin, signals } = fakeProcess();
      const answer = processTerminal(proc).ask('Password: ', { hidden: true });
      expect(stdin.raw).toBe(true);
      stdin.emit('data', 'half-typ');
      signals.emit(signal);
      await expect(answer).rejects.toBeInstanceOf(Cancelled);
      // Echo back on, and nothing left listening: a later signal is the process's again.
      expect(stdin.raw).toBe(false);
      expect(stdin.listenerCount('data')).toBe(0);
      expect(signals.listenerCount('SIGTERM') + signals.listenerCount('SIGHUP')).toBe(0);
    });
  }

  it('an answered question stops listening for the signals', async () => {
    const { proc, stdin, signals, written } = fakeProcess();
    const answer = processTerminal(proc).ask('E-mail: ');
    stdin.emit('data', 'grace@example.test\r');
    await expect(answer).resolves.toBe('grace@example.test');
    expect(written.join('')).toContain('grace@example.test');
    expect(signals.listenerCount('SIGTERM') + signals.listenerCount('SIGHUP')).toBe(0);
  });
});
