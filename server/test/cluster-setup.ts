import type { TestProject } from 'vitest/node';
import { CLUSTER_DATABASE_URL, clusterMissing } from '../../scripts/haproxy.mjs';
import { buildServer, postgresTemplate } from './global-setup';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the two-server test cannot run on this machine (scripts/haproxy.mjs), or '' when it can. */
    clusterSkipped: string;
  }
}

/**
 * The `cluster` project's setup: a migrated template database on the
 * PostgreSQL server both app servers share (scratchDatabase copies it), or,
 * where PostgreSQL or HAProxy is missing, the reason the test is skipped.
 */
export default async function setup(project: TestProject) {
  const missing = await clusterMissing();
  project.provide('clusterSkipped', missing ?? '');
  if (missing) {
    project.provide('testDatabase', { kind: 'pglite', dumpFile: '', emptyDumpFile: '' });
    return;
  }
  buildServer();
  const { source, teardown } = await postgresTemplate(CLUSTER_DATABASE_URL);
  project.provide('testDatabase', source);
  return teardown;
}
