/**
 * A read shared by the callers that ask for it at about the same time, each answered only by a read that began after
 * it asked: so each sees every change committed before it asked, as its own read would, while many callers at once
 * (a player's ranges, many listeners) make one read a round trip instead of one each. A read already on its way when
 * a caller asks may have been answered from an older state: that caller waits for it to end and shares the next.
 */
export function readAfter<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = () => {
    const begun = read();
    running = begun;
    const clear = () => {
      if (running === begun) running = undefined;
    };
    begun.then(clear, clear);
    return begun;
  };
  return () => {
    if (!running) return start();
    if (!queued) {
      const settled = running.then(
        () => undefined,
        () => undefined,
      );
      queued = settled.then(() => {
        queued = undefined;
        return start();
      });
    }
    return queued;
  };
}
