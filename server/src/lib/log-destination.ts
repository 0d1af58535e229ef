import { writeSync } from 'node:fs';

/** How long logging rests after a write error that may pass (a full disk), before it tries again. */
const REST_MS = 30_000;

/**
 * Where the server's log lines go (issue 31 item 1): one synchronous write
 * per line to a file descriptor (stdout), and a write error never loops and
 * never throws into the request that logged.
 *
 * pino's default destination (sonic-boom) keeps a line it could not write
 * and, at exit, flushes it in a loop that retries every error, not only
 * EAGAIN: with stdout a pipe whose reader has gone (EPIPE) a stopped server
 * wrote the same line forever and never exited. Here a reader gone (EPIPE,
 * EBADF) ends logging for good; a full disk (ENOSPC) or a full non-blocking
 * pipe (EAGAIN) drops the line and rests a while; nothing is kept for later,
 * so there is nothing to flush at exit.
 */
export function logDestination(fd = 1, now: () => number = Date.now) {
  let closed = false;
  let restUntil = 0;
  let dropped = 0;
  return {
    write(line: string) {
      if (closed || now() < restUntil) {
        dropped += 1;
        return;
      }
      let buffer = Buffer.from(line);
      try {
        while (buffer.length > 0) buffer = buffer.subarray(writeSync(fd, buffer));
      } catch (err) {
        dropped += 1;
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EPIPE' || code === 'EBADF' || code === 'EINVAL') closed = true;
        else restUntil = now() + REST_MS;
      }
    },
    /** Lines not written since the start (a closed pipe, a full disk). */
    get dropped() {
      return dropped;
    },
  };
}
