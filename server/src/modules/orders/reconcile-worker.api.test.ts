import { expect, it } from 'vitest';
import { captureLogs, testConfig } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { buildApp } from '../../app';

// A server that cannot listen (its port taken) closes a moment after it became ready, while the worker's first
// run is under way: closing waits for that run, which must never meet a database already closed.
it('closing the server waits for the reconciliation run under way, which then ends cleanly', async () => {
  const database = await createTestDatabase();
  const { logger, lines } = captureLogs();
  const app = await buildApp({ config: testConfig(), database, webRoot: undefined, logger, ordersWorker: true });
  await app.ready();
  await app.close();
  await database.close();
  expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
});
