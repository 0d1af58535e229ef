import { HealthResponse } from '@storyhouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../../db/migrate';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../providers/storage/storage';
import { pingDatabase } from './health.repository';

/** How long a readiness check may take before it counts as failed (a storage that hangs must not hang the probe). */
const CHECK_TIMEOUT_MS = 3000;

const Check = z.enum(['ok', 'failed']);
const ReadinessResponse = z
  .object({
    /** `stopping`: the server got its stop signal (SIGTERM); it finishes what it has and takes nothing new. */
    status: z.enum(['ready', 'not_ready', 'stopping']),
    checks: z.object({ database: Check, migrations: Check, storage: Check }),
    /** The migrations the code knows that the database has not applied. */
    pending_migrations: z.array(z.string()).optional(),
  })
  .meta({ id: 'Readiness' });

/** Never seen: the storage answers "no such file", which is all a reachable storage needs to say. */
const PROBE_KEY = 'readiness-probe';

function withinTimeout<T>(work: Promise<T>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  // Alive: the process answers and its database does (a load balancer's check; unchanged since issue 1).
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database check (503 from the stop signal on)',
        response: { 200: HealthResponse },
      },
    },
    async (request, reply) => {
      // Stopping: a proxy takes this server out at once, before its listener closes (decision 041).
      if (app.stopping) throw new AppError('unavailable', 'service_unavailable');
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        throw new AppError('unavailable', 'service_unavailable');
      }
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  // Ready to take traffic: database reachable, every migration applied, media storage reachable; 503 names what failed.
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: database, migrations and storage (503 `stopping` from the stop signal on)',
        response: { 200: ReadinessResponse, 503: ReadinessResponse },
      },
    },
    async (request, reply) => {
      let pending: string[] | undefined;
      const run = async (name: string, check: () => Promise<unknown>) => {
        try {
          await withinTimeout(check());
          return 'ok' as const;
        } catch (err) {
          request.log.error({ err, check: name }, `readiness check failed: ${name}`);
          return 'failed' as const;
        }
      };
      const [database, migrations, stored] = await Promise.all([
        run('database', () => pingDatabase(app.db)),
        run('migrations', async () => {
          const names = await pendingMigrations(app.db);
          if (names.length > 0) {
            pending = names;
            throw new Error(`migrations not applied: ${names.join(', ')}`);
          }
        }),
        run('storage', () => storage.stat(PROBE_KEY)),
      ]);
      const checks = { database, migrations, storage: stored };
      const ready = !app.stopping && Object.values(checks).every((c) => c === 'ok');
      reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
      return {
        status: app.stopping ? ('stopping' as const) : ready ? ('ready' as const) : ('not_ready' as const),
        checks,
        ...(pending ? { pending_migrations: pending } : {}),
      };
    },
  );
};
