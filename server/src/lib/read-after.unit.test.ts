import { describe, expect, it } from 'vitest';
import { readAfter } from './read-after';

/** A read whose answers the test gives, one by one, with when each began. */
function reads() {
  const begun: { answer: (value: number) => void; fail: (err: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((answer, fail) => {
      begun.push({ answer, fail });
    });
  /** Waits a turn of the task queue (where readAfter begins its next read), then checks that `count` reads began. */
  const begunAfterATurn = async (count: number) => {
    await new Promise((r) => setTimeout(r, 0));
    expect(begun.length).toBe(count);
  };
  return { begun, read, begunAfterATurn };
}

describe('readAfter', () => {
  it('answers a caller who asks while a read runs with the next read, not that one', async () => {
    const { begun, read, begunAfterATurn } = reads();
    const shared = readAfter(read);
    const [a, b] = [shared(), shared()];
    // The second asked while the first's read was on its way: it waits for a read of its own.
    expect(begun.length).toBe(1);
    begun[0]?.answer(1);
    expect(await a).toBe(1);
    await begunAfterATurn(2);
    begun[1]?.answer(2);
    expect(await b).toBe(2);
  });

  it('shares one later read among every caller that asked while a read ran', async () => {
    const { begun, read, begunAfterATurn } = reads();
    const shared = readAfter(read);
    const first = shared();
    const later = [shared(), shared(), shared()];
    begun[0]?.answer(1);
    await first;
    await begunAfterATurn(2);
    // One asking now, while that read runs, waits for the one after it.
    const last = shared();
    begun[1]?.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    await begunAfterATurn(3);
    begun[2]?.answer(3);
    expect(await last).toBe(3);
  });

  it('fails the callers of a failed read only, and reads again for the next', async () => {
    const { begun, read } = reads();
    const shared = readAfter(read);
    const first = shared();
    const second = shared();
    begun[0]?.fail(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    await new Promise((r) => setTimeout(r, 0));
    begun[1]?.answer(2);
    expect(await second).toBe(2);
    const third = shared();
    begun[2]?.answer(3);
    expect(await third).toBe(3);
  });
});
