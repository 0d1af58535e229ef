import type { Db } from '../../db/database';
import { outboxRepository } from './outbox.repository';
import type { MailTransport } from './transport';

/**
 * Wait before the next attempt after attempt n failed (n = 1, 2, …): about
 * two days of retries in all. When the last one fails the row is marked
 * failed and kept, with the error, for a person to look at (nothing is lost).
 */
export const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 3600, 6 * 3600, 12 * 3600, 24 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** How long a claimed message is reserved for the worker sending it; longer than any SMTP timeout. */
const LEASE_SECONDS = 10 * 60;
const BATCH = 20;

/** Seconds to wait after failed attempt `attempt`, or null when it was the last one. */
export function retryDelaySeconds(attempt: number): number | null {
  return attempt >= MAX_ATTEMPTS ? null : (RETRY_DELAYS_SECONDS[Math.max(0, attempt - 1)] ?? null);
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

/**
 * Sends the e-mails that are due: claims up to `limit`, hands each to the
 * transport, and records the result. A failure increments the attempt
 * count, keeps the error and reschedules with exponential backoff.
 */
export async function deliverDueMail(db: Db, transport: MailTransport, limit = BATCH): Promise<DeliveryResult> {
  const outbox = outboxRepository(db);
  const due = await outbox.claimDue(limit, LEASE_SECONDS);
  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const message of due) {
    try {
      await transport.send(message);
      await outbox.markSent(message.id);
      result.sent += 1;
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'unknown error';
      await outbox.markFailed(message.id, reason, retryDelaySeconds(message.attempts));
      result.failed += 1;
    }
  }
  return result;
}

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  intervalMs?: number;
  onError?: (err: unknown) => void;
  onFailedAttempt?: (count: number) => void;
}

/**
 * Runs deliverDueMail every `intervalMs` (2 s) until stopped; one run at a
 * time, the timer unref'd so it never keeps the process alive. Several
 * server instances may each run one: claims never overlap.
 */
export function startMailWorker({ db, transport, intervalMs = 2000, onError, onFailedAttempt }: MailWorkerOptions) {
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        // Keep going while full batches come back, so a backlog drains quickly.
        for (;;) {
          const { sent, failed } = await deliverDueMail(db, transport);
          if (failed > 0) onFailedAttempt?.(failed);
          if (stopped || sent + failed < BATCH) break;
        }
      } catch (err) {
        onError?.(err);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    /** Runs once now (tests, and right after start). */
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close?.();
    },
  };
}
