import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, PostgresPool, PostgresPoolClient } from 'kysely';
import { sql } from 'kysely';
import type pg from 'pg';

const MARK = '/* prepared */';

/**
 * Put first in the SQL of a hot query (`sql\`${prepared}select …\``) to have
 * PostgreSQL keep it prepared on each connection: it is parsed once, and
 * after a few runs planned once (a generic plan), instead of both on every
 * call. The library page's one query spends more time being planned than
 * being run (scripts/bench-library.mjs).
 *
 * Only for a query whose text comes in a few variants: each distinct text is
 * a statement kept by every connection, so never for one with an `in` list
 * of varying length. The embedded database ignores the mark (a comment).
 * A generic plan knows no parameter's value, so a value PostgreSQL must see
 * while planning is written as a literal (`sql.lit`): the predicate of a
 * partial unique index named by ON CONFLICT, for one.
 */
export const prepared = sql.raw(`${MARK} `);

/**
 * A query built with Kysely, compiled with the mark in front: run it with
 * `db.executeQuery(preparedQuery(query))`. The same rule as `prepared`: a
 * query whose text comes in a few variants only.
 */
export function preparedQuery<R>(query: Compilable<R>): CompiledQuery<R> {
  const compiled = query.compile();
  return { ...compiled, sql: `${MARK} ${compiled.sql}` };
}

/** A statement's name: the same text, the same name, on every connection. */
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
};

/**
 * The pool as Kysely's PostgreSQL driver uses it, with the marked queries
 * sent as named statements (node-postgres prepares a name once per
 * connection). One wrapper per connection: the driver keys its state on it.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: unknown, values?: unknown[]) =>
            typeof text === 'string' && text.startsWith(MARK)
              ? client.query({ name: nameOf(text), text, values })
              : client.query(text as string, values)) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** A parameter of a query compiled once (`compiledOnce`), filled by name at each run. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * Stands in for a value while a query is built for `compiledOnce`: this
 * parameter of the kept text is filled with `values[name]` at each run.
 * Typed as the value it stands for, as the builders take it.
 */
export const slot = <T>(name: string) => new Slot(name) as unknown as T;

/**
 * A hot query whose text depends only on `key`, built and compiled the
 * first time only, then run with each call's values: building and compiling
 * a large query costs the server more than running it (scripts/bench-cart.mjs,
 * scripts/bench-library.mjs). Only the SQL text and the order of its
 * parameters are kept in `cache`, never a value: `values` are the call's, as
 * the names of the `slot`s `build` used, or as every parameter in order (their
 * count checked). `key` must name everything else `build` puts in the text or
 * in a parameter that is not a slot. Both dialects (PostgreSQL, PGlite)
 * compile with Kysely's PostgreSQL compiler, so one text serves every database.
 */
export function compiledOnce<R>(
  cache: Map<string, CompiledQuery<unknown>>,
  key: string,
  build: () => CompiledQuery<R>,
  values: Readonly<Record<string, unknown>> | readonly unknown[],
): CompiledQuery<R> {
  let compiled = cache.get(key) as CompiledQuery<R> | undefined;
  if (!compiled) {
    compiled = build();
    cache.set(key, compiled);
  }
  if (Array.isArray(values)) {
    if (compiled.parameters.length !== values.length) {
      throw new Error(`${key}: ${compiled.parameters.length} parameters compiled, ${values.length} given`);
    }
    return { ...compiled, parameters: values };
  }
  const named = values as Readonly<Record<string, unknown>>;
  return { ...compiled, parameters: compiled.parameters.map((p) => (p instanceof Slot ? named[p.name] : p)) };
}
