import { existsSync } from 'node:fs';
import net from 'node:net';

// What the two-server test (server/src/two-servers.cluster.test.ts) and the
// two-server bench (scripts/bench-cluster.mjs) need besides Node.js: a
// PostgreSQL server both app servers share, and Debian's HAProxy in front of
// them (`apt-get install haproxy`; .ci/run installs it). One home for the
// check, so `npm test` and the test itself say the same thing when one is missing.

/** Debian's HAProxy (`apt-get install haproxy`); HAPROXY overrides it. */
export const HAPROXY_PATH = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/** The PostgreSQL server of CI and of this machine (trust auth); CLUSTER_DATABASE_URL overrides it. */
export const CLUSTER_DATABASE_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Whether something answers a TCP connection at host:port within a second. */
function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Why the two-server test cannot run here (what is missing), or null when it can. */
export async function clusterMissing() {
  const missing = [];
  if (!existsSync(HAPROXY_PATH)) missing.push(`no HAProxy at ${HAPROXY_PATH} (apt-get install haproxy)`);
  const { hostname, port } = new URL(CLUSTER_DATABASE_URL);
  if (!(await reachable(hostname, port || 5432))) missing.push(`no PostgreSQL answering at ${hostname}:${port || 5432}`);
  return missing.length > 0 ? missing.join('; ') : null;
}
