import type { FastifyInstance } from 'fastify';

/**
 * A background job of this server instance: runs when the app is ready and
 * then every `everyMs`, one run at a time (a run still going when the timer
 * fires is not started twice); closing the app waits for the run under way,
 * so it never meets a database already closed. What a run takes on is
 * claimed in the database (docs/decisions/024), so every instance runs its
 * own timer and two instances never do the same work.
 */
export function runPeriodically(app: FastifyInstance, job: { name: string; everyMs: number; run: () => Promise<unknown> }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    // Every run counted, every failure logged with its job's name (plugins/metrics.ts): one home for all jobs.
    running ??= job
      .run()
      .then(
        () => app.metrics.jobRun(job.name),
        (err: unknown) => app.metrics.jobRun(job.name, err),
      )
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
