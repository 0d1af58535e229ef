import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Whether an error of the database driver means the database could not be reached or dropped the
 * connection (a restart, a failover, a network cut), as opposed to a query
 * it refused: the request then fails with 503 database_unavailable, and the
 * pool replaces the connection by itself (node-postgres removes a client
 * that is no longer queryable when it is released).
 *
 * Recognised by what node-postgres and the server say, never by guessing:
 * - a socket error code (the server is down or the connection was cut);
 * - SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server is
 *   shutting down, crashed, or cannot take connections yet: a restart);
 * - the four errors node-postgres raises itself for a connection lost or
 *   never made (lib/client.js, pg-pool's connection timeout), which carry no
 *   code.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SERVER_GONE = new Set(['57P01', '57P02', '57P03']);
const DRIVER_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]);

export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (!(err instanceof Error) || depth > 3) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_GONE.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (DRIVER_MESSAGES.has(err.message)) return true;
  // A connect that tried several addresses (localhost: ::1 then 127.0.0.1) fails with all their errors.
  if (err instanceof AggregateError && err.errors.some((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return isDatabaseUnreachable(err.cause, depth + 1);
}

/** The database could not be reached or dropped the connection: answered 503 database_unavailable (plugins/errors.ts). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unreachable: ${(cause as Error).message}`, { cause });
  }
}

const asUnavailable = (err: unknown) => (isDatabaseUnreachable(err) ? new DatabaseUnavailableError(err) : err);

/**
 * The pool Kysely's driver uses, with a lost connection's errors (on connect
 * and on every query, BEGIN and COMMIT included) raised as
 * DatabaseUnavailableError: only errors that came from the database are so
 * named, never another service's socket error. One wrapper per connection,
 * as the driver keys its state on it.
 */
export function reportingUnavailable(pool: PostgresPool): PostgresPool {
  const wrapped = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect().catch((err: unknown) => {
        throw asUnavailable(err);
      });
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((...args: unknown[]) => {
            const result = (client.query as (...a: unknown[]) => unknown)(...args);
            // A query answers a promise; a cursor (streamed rows) is handed back as it is.
            return result instanceof Promise
              ? result.catch((err: unknown) => {
                  throw asUnavailable(err);
                })
              : result;
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
