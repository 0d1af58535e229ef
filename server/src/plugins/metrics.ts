import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** What an operator sees (issue 31 item 4): this instance's Prometheus metrics and the log lines that go with them. */
    metrics: Metrics;
  }
}

export interface MetricsOptions {
  /** GET /metrics answers a caller with `Authorization: Bearer <token>`; without a token there is no such route. */
  token?: string | undefined;
  /** A port of its own for GET /metrics (no credential: bind it where only the scraper reaches); off without one. */
  port?: number | undefined;
  host: string;
}

/** An order the family has paid; `charged` when a card was charged (a total of 0 paid by gift cards or a coupon is not). */
export interface PaidOrder {
  orderId: number;
  number: string;
  totalCents: number;
  charged: boolean;
  paymentId: string | null;
}

export interface Refund {
  orderId: number;
  cardCents: number;
  giftCardCents: number;
  /** Who asked for it: the back office, the processor's own dashboard, or a late payment given back. */
  source: string;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per app (never prom-client's global one): tests build many
 * apps in one process, and each counts only its own. Labels are bounded:
 * the route's pattern (`/crud/orders/:id`), never the address asked for.
 */
function createMetrics(log: FastifyBaseLogger, pool: Database['pool']) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'http_server_errors_total',
    help: 'Requests answered with a 5xx status, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Background job runs that failed, by job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const ordersPaid = new Counter({ name: 'orders_paid_total', help: 'Orders paid', registers: [registry] });
  const charges = new Counter({
    name: 'charges_total',
    help: 'Card charges: of a paid order, or of a plan or monthly gift renewing',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const chargedCents = new Counter({
    name: 'charged_cents_total',
    help: 'Cents charged to cards, by kind of charge',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'refunds_total',
    help: 'Refunds made, by source',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  if (pool) {
    // Read when scraped: the pool's own counts, nothing to keep up to date.
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('db_pool_connections', 'PostgreSQL connections open in the pool', () => pool.totalCount);
    gauge('db_pool_idle_connections', 'PostgreSQL connections open and idle', () => pool.idleCount);
    gauge('db_pool_waiting_queries', 'Queries waiting for a PostgreSQL connection', () => pool.waitingCount);
  }

  return {
    registry,
    request(request: FastifyRequest, statusCode: number, seconds: number) {
      // A request no route matched has no pattern: one label for all of them.
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe({ route, method: request.method, status: `${Math.floor(statusCode / 100)}xx` }, seconds);
      if (statusCode >= 500) serverErrors.inc({ route, method: request.method });
    },
    jobRun(job: string, error?: unknown) {
      jobRuns.inc({ job });
      if (error === undefined) return;
      jobFailures.inc({ job });
      log.error({ err: error, job }, `job failed: ${job}`);
    },
    /** The one home of an order paid (purchases.service completeOrder): a log line and its counts. */
    orderPaid(order: PaidOrder) {
      ordersPaid.inc();
      if (order.charged) {
        charges.inc({ kind: 'order' });
        chargedCents.inc({ kind: 'order' }, order.totalCents);
      }
      log.info(
        { orderId: order.orderId, order: order.number, totalCents: order.totalCents, paymentId: order.paymentId },
        order.charged ? 'order paid: card charged' : 'order paid: nothing charged',
      );
    },
    /** A renewal of a plan or monthly gift paid (subscription-events, once per invoice), with the order that started it. */
    renewalCharged(renewal: { orderId: number; recurringItemId: number; cents: number; invoiceId: string }) {
      charges.inc({ kind: 'renewal' });
      chargedCents.inc({ kind: 'renewal' }, renewal.cents);
      log.info(
        {
          orderId: renewal.orderId,
          recurringItemId: renewal.recurringItemId,
          cents: renewal.cents,
          invoiceId: renewal.invoiceId,
        },
        'renewal paid: card charged',
      );
    },
    /** The one home of a refund made (admin-orders refunds, a late payment given back); logged with the request's id when one asked. */
    refunded(refund: Refund, requestLog: FastifyBaseLogger = log) {
      refunds.inc({ source: refund.source });
      requestLog.info(
        { orderId: refund.orderId, cardCents: refund.cardCents, giftCardCents: refund.giftCardCents, source: refund.source },
        'refund made',
      );
    },
  };
}

function bearerMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Prometheus metrics of this instance: GET /metrics behind METRICS_TOKEN,
 * and/or a port of its own (METRICS_PORT, opened when the app listens, so
 * tests calling inject() open none).
 */
export default fp<MetricsOptions>(
  async (app: FastifyInstance, { token, port, host }) => {
    const metrics = createMetrics(app.log, app.database.pool);
    // Process metrics (memory, event loop lag) only when someone reads them.
    if (token || port !== undefined) collectDefaultMetrics({ register: metrics.registry });
    app.decorate('metrics', metrics);
    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(request, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    if (token) {
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!bearerMatches(request.headers.authorization, token)) {
          return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized\n');
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      });
    }

    if (port !== undefined) {
      let server: Server | undefined;
      app.addHook('onListen', async () => {
        server = createServer((req, res) => {
          if (req.method !== 'GET' || req.url !== '/metrics') {
            res.writeHead(404).end();
            return;
          }
          metrics.registry.metrics().then(
            (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
            (err: unknown) => {
              app.log.error({ err }, 'metrics');
              res.writeHead(500).end();
            },
          );
        });
        const listening = server;
        await new Promise<void>((resolve, reject) => {
          listening.once('error', reject);
          listening.listen(port, host, () => resolve());
        });
        app.log.info({ port, host }, 'metrics listening');
      });
      app.addHook('onClose', async () => {
        const open = server;
        if (open) await new Promise((resolve) => open.close(resolve));
      });
    }
  },
  { name: 'metrics', dependencies: ['db'] },
);
