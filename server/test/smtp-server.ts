import net from 'node:net';

export interface ReceivedMail {
  /** The MAIL FROM address. */
  from: string;
  /** The RCPT TO addresses. */
  to: string[];
  /** The message as sent (headers and body, dot-unstuffed). */
  data: string;
}

/**
 * A minimal SMTP server on 127.0.0.1 for testing the SMTP transport for
 * real, over a socket: it speaks just enough of RFC 5321 for nodemailer
 * (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth) and keeps
 * what it accepts. `rejectWith` answers every DATA with that reply instead
 * (e.g. "550 5.7.1 Rejected").
 */
export async function startSmtpServer({ rejectWith }: { rejectWith?: string } = {}) {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A client that dies mid-conversation (a server killed: server/test/cluster.ts) resets its connection: not an error here.
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            if (rejectWith) reply(rejectWith);
            else {
              received.push(current);
              reply('250 2.0.0 queued');
            }
            current = { from: '', to: [], data: '' };
          } else current.data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const arg = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO' || verb === 'HELO') reply('250-smtp.test\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'MAIL') {
          current.from = arg;
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(arg);
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok');
        else if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else reply('502 5.5.1 command unrecognized'); // any SMTP verb this test server does not speak
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
