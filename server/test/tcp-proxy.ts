import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, for the connection-loss test):
 * `cut()` drops every connection through it and stops listening, so new ones
 * are refused as by a server that is restarting; `restore()` listens again
 * on the same port. The machine's shared server is never touched.
 */
export interface TcpProxy {
  port: number;
  /** Pieces of traffic (socket reads) that went from the clients to the server so far. */
  readonly sent: number;
  cut(): Promise<void>;
  /**
   * Cuts once `chunks` more pieces of traffic went from the clients to the server (in the middle of what they
   * send), or when cut() is called first; resolves once cut.
   */
  cutAfter(chunks: number): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let sent = 0;
  let onSent = () => {};
  /** Settles the armed cutAfter. */
  let cutting: (() => void) | undefined;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // A cut connection's reset is expected: the other side of the pair goes with it.
    socket.on('error', () => socket.destroy());
  };
  const onConnection = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    client.on('data', () => {
      sent += 1;
      onSent();
    });
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };
  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  /** Drops every connection and stops listening; a cut under way or armed (cutAfter) is this one. */
  const stop = () => {
    onSent = () => {};
    for (const socket of open) socket.destroy();
    if (!server.listening) return Promise.resolve();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    port,
    get sent() {
      return sent;
    },
    cut: () => {
      cutting?.();
      return stop();
    },
    cutAfter(chunks) {
      const at = sent + chunks;
      return new Promise<void>((resolve) => {
        cutting = () => {
          cutting = undefined;
          resolve();
        };
        onSent = () => {
          if (sent < at) return;
          // Before this chunk is written on: the statement it carries never reaches the server.
          stop().then(() => cutting?.());
        };
      });
    },
    async restore() {
      server = createServer(onConnection);
      await listen(port);
    },
    close: stop,
  };
}
