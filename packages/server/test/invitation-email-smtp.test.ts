import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackSmtp } from './loopback-smtp.js';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// An invitation e-mailed through a real SMTP server on loopback by a real server configured with
// SVC_SMTP_URL (docs/teams.md, "Invitations"): sent once, at creation, carrying the accept link
// and no other secret; with the mail server down, the inviter gets the link instead.

/** The text of a quoted-printable body, as a mail client shows it. */
const unquoted = (raw: string): string =>
  raw
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A header's text with its RFC 2047 Q-encoded words decoded. */
const decodedHeader = (value: string): string =>
  value
    .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => unquoted(word.replaceAll('_', ' ')));

describe('invitation e-mails through a real SMTP server', () => {
  const smtp = loopbackSmtp();
  let server: SandboxServer;
  let key: string;

  beforeAll(async () => {
    await smtp.start();
    server = await startSandboxServer({
      SVC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SVC_MAIL_FROM: 'svc@svc.example',
    });
    ({ key } = await seedUser(server, []));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });

  const invite = (email: string) =>
    server.call('/api/v1/invitations', key, { method: 'POST', json: { email, role: 'editor' } });

  it('sends the invitee one message with the accept link, which opens the invitation', async () => {
    const created = await invite('sam@example.com');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.emailed).toBe(true);
    expect(created.body.url).toBe(`${server.url}/invite/${created.body.token}`);
    // Sent during the request, and never again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(decodedHeader(mail?.subject ?? '')).toBe('You are invited to "ann@example.com"');
    expect(mail?.headers).toMatch(/^To: sam@example\.com$/m);
    expect(mail?.headers).toMatch(/^From: svc@svc\.example$/m);
    const body = unquoted(mail?.raw ?? '');
    expect(body).toContain(`Accept the invitation: ${created.body.url}`);
    expect(body).toContain('ann@example.com invited you to the workspace "ann@example.com" as an editor.');
    // The link is the only secret: no key, no other token.
    expect(body).not.toContain(key);
    expect(body.match(/svc_inv_/g)?.length).toBe(2);

    const opened = await fetch(created.body.url, { redirect: 'manual' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('set-cookie')).toMatch(
      /^svc_invite=svc_inv_.*; Path=\/invite; HttpOnly; SameSite=Strict/,
    );
  });

  it('with the mail server down, the invitation stands and its answer carries the link for the inviter', async () => {
    await smtp.stop();
    const created = await invite('cleo@example.com');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.emailed).toBe(false);
    expect(created.body.url).toContain('/invite/svc_inv_');
    const open = await server.call('/api/v1/invitations', key);
    expect(open.body.invitations.map((i: { email: string }) => i.email)).toContain('cleo@example.com');
    await smtp.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
  });
});
