import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './free-port.mjs';

// Debian's HAProxy in front of Storyhouse servers, as docs/deploy.md describes
// it: for the two-server test (server/test/cluster.ts) and the two-server
// bench (scripts/bench-cluster.mjs). Also what both need besides Node.js
// (HAProxy, and a PostgreSQL server the app servers share): one home for the
// check, so `npm test` and the test itself say the same when one is missing.

/** Debian's HAProxy (`apt-get install haproxy`; .ci/run installs it); HAPROXY overrides it. */
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

/** HAProxy's configuration: round-robin over `servers` ({ name, port }), as docs/deploy.md recommends, on local ports. */
export function haproxyConfig(port, statsPort, servers) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A health check's answer may take this long: a server busy with real traffic answers /healthz late, and with the
  # default (the check interval) the proxy would take every busy server out, answering 503 for all.
  timeout check 5s
  # A refused connection (a server just killed, not yet marked down) is tried again, on the other server.
  # Nothing else is: a request whose answer was lost (a purchase) is never sent twice by the proxy.
  retries 3
  option redispatch 1

frontend site
  bind 127.0.0.1:${port}
  # Set, never appended to: a client's own X-Forwarded-For would otherwise reach the servers, which trust these headers.
  http-request set-header X-Forwarded-For %[src]
  http-request set-header X-Forwarded-Proto https if { ssl_fc }
  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }
  default_backend app

backend app
  balance roundrobin
  # Alive: the server answers and its database does. Not /readyz, which also fails while the media storage does not
  # answer: a storage outage would take every server out at once, pages and purchases that never touch it included.
  option httpchk
  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  default-server check inter 500ms fastinter 250ms downinter 500ms fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}`).join('\n')}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

/**
 * HAProxy in front of `servers` ({ name, port }), its configuration written in `dir`, in a process group of its own;
 * resolves once it sees every server up. `status()`: each server's state (UP, DOWN, …) and how many connections it has
 * sent it; `stop()` kills it.
 */
export async function startHaproxy(dir, servers) {
  const port = await freePort();
  const statsPort = await freePort();
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(port, statsPort, servers));
  const child = spawn(HAPROXY_PATH, ['-db', '-f', configFile], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    errors += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
  };
  const status = async () => {
    // HAProxy's CSV: pxname, svname, …, stot (8th field), …, status (18th).
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const servers = {};
    for (const line of csv.split('\n')) {
      const fields = line.split(',');
      if (fields[0] === 'app' && fields[1] && fields[1] !== 'BACKEND') {
        servers[fields[1]] = { status: fields[17] ?? '', sent: Number(fields[7]) };
      }
    }
    return servers;
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}: ${errors}`);
      const seen = await status().catch(() => ({}));
      if (servers.every((s) => seen[s.name]?.status === 'UP')) break;
      if (i === 300) throw new Error(`haproxy did not see every server up: ${JSON.stringify(seen)} ${errors}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, status, stop };
}
