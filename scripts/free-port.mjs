import net from 'node:net';

// One home for "a port nothing listens on now": the scripts that start servers
// (the two-server bench and test's HAProxy, Lighthouse's server) and the API
// tests that spawn servers (server/test/spawned-server.ts) ask the OS for one.

/** A port nothing listens on now on 127.0.0.1 (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
