import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { SVC_BIN } from './support.js';

// E-mail notifications through real processes: `svc serve` on SQLite with the sandbox, `svc
// publisher` children with SVC_SMTP_URL, and an SMTP server on loopback. The first child is
// killed (SIGKILL) while the SMTP server holds its message unanswered; the second sends it once.
const LEASE_MS = 1_500;

describe('e-mail notifications through real processes', () => {
  let server: SandboxServer;
  let smtp: SMTPServer;
  let port: number;
  let hang = true;
  let hanging = 0;
  const accepted: string[] = [];
  const children: ChildProcess[] = [];

  const startPublisher = () => {
    const child = spawn(process.execPath, [SVC_BIN, 'publisher'], {
      env: {
        ...process.env,
        ...server.env,
        SVC_PUBLISHER_LEASE_MS: String(LEASE_MS),
        SVC_PUBLISHER_INTERVAL_MS: '1000',
        SVC_SMTP_URL: `smtp://127.0.0.1:${port}`,
      },
      stdio: 'ignore',
    });
    children.push(child);
    return { child, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          // Held: the sender waits for the answer that never comes (until it is killed).
          if (hang) {
            hanging += 1;
            return;
          }
          accepted.push(/^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '');
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as AddressInfo).port;
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('loses nothing and sends once when the sending process is killed mid-send', async () => {
    const { key, accounts } = await seedUser(server, ['threads']);
    const created = await server.call('/api/v1/publish', key, {
      method: 'POST',
      json: { platforms: ['threads'], profileIds: [accounts.threads], caption: 'Fails #sandbox-fail' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const first = startPublisher();
    const post = await settled(server, key, created.body.postIds[0] as string, 30_000);
    expect(post.status).toBe('failed');
    await waitFor(() => hanging > 0, 'a message in flight');
    first.child.kill('SIGKILL');
    await first.exited;
    hang = false;
    const second = startPublisher();
    await waitFor(() => accepted.length > 0, 'the message after the crash');
    await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_MS));
    expect(accepted).toEqual(['A post failed to publish']);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 90_000);
});

async function waitFor(done: () => boolean, what: string, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
