import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for the e-mail tests (notifications, invitations): it accepts
// every message and keeps it, and can be stopped and started again on the same port.

/** One message as received: its subject, its unfolded headers and the whole raw text. */
export type Received = { readonly subject: string; readonly headers: string; readonly raw: string };

/** An SMTP server on loopback that keeps what it receives; stopped and started again on its port. */
export function loopbackSmtp() {
  const received: Received[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  return {
    received,
    get port() {
      return port;
    },
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, done) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const headers = (raw.split('\r\n\r\n')[0] ?? '').replace(/\r\n[ \t]+/g, ' ');
            received.push({ subject: /^Subject: (.*)$/m.exec(headers)?.[1] ?? '', headers, raw });
            done();
          });
        },
      });
      const s = server;
      await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', () => resolve()));
      port = (s.server.address() as AddressInfo).port;
    },
    async stop() {
      const s = server;
      server = null;
      if (s !== null) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
