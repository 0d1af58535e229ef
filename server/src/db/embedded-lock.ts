import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The embedded database is open in another live process: refused, never two writers (decision 033). */
export class EmbeddedDatabaseBusyError extends Error {}

/** Linux takes 107 bytes for a socket's path, macOS 103: a longer folder's lock lives in the temporary folder. */
const MAX_SOCKET_PATH = 100;

/** Where the lock of the database folder `dir` listens: beside it, or named after it. */
export function lockAddress(dir: string): string {
  const name = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\storyhouse-${name}`;
  const beside = path.join(path.dirname(dir), 'pglite.lock');
  return beside.length <= MAX_SOCKET_PATH ? beside : path.join(tmpdir(), `storyhouse-${name}.lock`);
}

function listen(address: string): Promise<Server> {
  // Whoever connects is told this process's id (for the refusal's message) and let go.
  const server = createServer((socket) => socket.end(String(process.pid)));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      // The lock never keeps the process alive: it ends with it, whatever ends it.
      server.unref();
      resolve(server);
    });
  });
}

/** How long a live lock is given to say its process id (its process may be busy): it is held all the same. */
const HOLDER_ANSWER_MS = 1000;

/** Who holds a live lock ("process 1234"); undefined when nothing listens there (a lock a crash left behind). */
function holderOf(address: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let said = '';
    const socket = connect(address);
    const answer = () => {
      socket.destroy();
      resolve(/^\d+$/.test(said) ? `process ${said}` : 'another process');
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => setTimeout(answer, HOLDER_ANSWER_MS).unref());
    socket.on('data', (chunk: string) => {
      said += chunk;
    });
    socket.on('end', answer);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(undefined);
      else reject(err);
    });
  });
}

/**
 * Takes the embedded database in `dir` for this process, or refuses with
 * EmbeddedDatabaseBusyError while another live process has it. PGlite has no
 * lock of its own and two processes on one folder lose each other's writes.
 * The lock is a socket this process listens on: the operating system closes
 * it when the process ends, however it ends, so a lock left by a crash is
 * found dead (nothing answers) and taken over; no process id is trusted, so
 * an id reused after a crash never keeps a site down. Resolves with its
 * release.
 */
export async function lockEmbedded(dir: string): Promise<() => Promise<void>> {
  const address = lockAddress(dir);
  for (let attempt = 0; ; attempt++) {
    try {
      const server = await listen(address);
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 2) throw err;
    }
    const holder = await holderOf(address);
    if (holder !== undefined) {
      throw new EmbeddedDatabaseBusyError(
        `The embedded database in ${dir} is open in ${holder} (a server?): stop it, then run this again. ` +
          'It serves one process at a time; several servers need PostgreSQL (DATABASE_URL).',
      );
    }
    // A crash's leftover: nothing listens there any more.
    rmSync(address, { force: true });
  }
}
