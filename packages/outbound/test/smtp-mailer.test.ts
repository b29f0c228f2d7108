import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer, defaultMailFrom } from '../src/smtp-mailer.js';

const message = {
  to: 'ann@example.com',
  subject: 'A post failed to publish',
  text: 'Plain text',
  html: '<p>HTML</p>',
  messageId: '<ntf_1@svc.example>',
  headers: {
    'List-Unsubscribe': '<https://svc.example/unsubscribe?token=abc>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('the SMTP mailer', () => {
  const servers: SMTPServer[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) await new Promise<void>((resolve) => s.close(() => resolve()));
  });

  async function smtp(options: { refuse?: number; auth?: boolean; password?: string }) {
    const received: { raw: string; user: string | null }[] = [];
    const server = new SMTPServer({
      authOptional: options.auth !== true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, done) {
        if (options.password !== undefined && auth.password !== options.password) {
          return done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        }
        done(null, { user: auth.username });
      },
      onRcptTo(_address, _session, done) {
        if (options.refuse === undefined) return done();
        const error = Object.assign(new Error('Recipient refused'), { responseCode: options.refuse });
        return done(error);
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            raw: Buffer.concat(chunks).toString('utf8'),
            user: (session.user as string) ?? null,
          });
          done();
        });
      },
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return { received, port: (server.server.address() as AddressInfo).port };
  }

  it('sends text, HTML and the one-click unsubscribe headers, signing in with the URL credentials', async () => {
    const { received, port } = await smtp({ auth: true });
    const mailer = createSmtpMailer({ url: `smtp://svc:s3cret@127.0.0.1:${port}`, from: 'svc@svc.example' });
    expect(await mailer.send(message)).toEqual({ kind: 'sent' });
    const [mail] = received;
    expect(mail?.user).toBe('svc');
    expect(mail?.raw).toContain('List-Unsubscribe: <https://svc.example/unsubscribe?token=abc>');
    expect(mail?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail?.raw).toContain('Message-ID: <ntf_1@svc.example>');
    expect(mail?.raw).toContain('From: svc@svc.example');
    expect(mail?.raw).toContain('Plain text');
    expect(mail?.raw).toContain('<p>HTML</p>');
    mailer.close();
  });

  it('answers a refused connection as retryable and a 5xx as permanent, never with the credentials', async () => {
    const { port } = await smtp({ refuse: 550 });
    const refused = await createSmtpMailer({ url: `smtp://u:pw@127.0.0.1:${port}`, from: 'a@b.c' }).send(
      message,
    );
    expect(refused).toMatchObject({ kind: 'failed', permanent: true });
    const { port: busyPort } = await smtp({ refuse: 451 });
    const busy = await createSmtpMailer({ url: `smtp://127.0.0.1:${busyPort}`, from: 'a@b.c' }).send(message);
    expect(busy).toMatchObject({ kind: 'failed', permanent: false });
    const down = await createSmtpMailer({ url: 'smtp://user:hunter2@127.0.0.1:1', from: 'a@b.c' }).send(
      message,
    );
    expect(down).toMatchObject({ kind: 'failed', permanent: false });
    expect(JSON.stringify([refused, busy, down])).not.toContain('hunter2');
  });

  it('verifies the server and the login without sending anything, never quoting the password', async () => {
    const { received, port } = await smtp({ auth: true, password: 'right-pass' });
    const at = (password: string, p = port) =>
      createSmtpMailer({ url: `smtp://svc:${password}@127.0.0.1:${p}`, from: 'a@b.c', timeoutMs: 5000 });
    expect(await at('right-pass').verify()).toBeNull();
    const refused = await at('wrong-pass').verify();
    expect(refused).toMatch(/EAUTH: .*535/);
    const down = await at('right-pass', 1).verify();
    expect(down).toMatch(/ECONNREFUSED/);
    expect(JSON.stringify([refused, down])).not.toMatch(/right-pass|wrong-pass/);
    expect(received).toEqual([]);
  });

  it('defaults the From address to svc@ the host of the base URL', () => {
    expect(defaultMailFrom('https://posts.example.org:8443/base')).toBe('svc@posts.example.org');
  });
});
