import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over the embedded PGlite database. PGlite is one connection, so the
 * driver hands it out to one caller at a time: a transaction then owns it
 * until commit, and no other request's statement can land inside it.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  constructor(private readonly pg: PGlite) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.#queue;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    return new PGliteConnection(this.pg, release);
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(connection: DatabaseConnection) {
    (connection as PGliteConnection).release();
  }
  async destroy() {
    await this.pg.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pg: PGlite,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Without parameters, use the simple protocol so that a migration may hold
    // several statements (as it would on a PostgreSQL server through pg).
    const result =
      compiled.parameters.length === 0
        ? ((await this.pg.exec(compiled.sql)).at(-1) ?? { rows: [] as R[], affectedRows: 0 })
        : await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}
