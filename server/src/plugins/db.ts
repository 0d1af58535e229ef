import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database to routes; the caller that opened it closes it. */
export default fp<{ database: Database }>(
  async (app: FastifyInstance, { database }) => {
    app.decorate('db', database.db);
    app.decorate('database', database);
  },
  { name: 'db' },
);
