import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createUnsubscribeSurface } from '@svc/console';
import { type DomainEvent, type DomainEventType, fanOutNotifications, type Store } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import { anAccount, aUser, createFakeClock, createSequentialIds } from '@svc/core/testing';
import { createSmtpMailer } from '@svc/outbound';
import { createNotificationWorker, DEFAULT_NOTIFICATION_WORKER_OPTIONS } from '@svc/publisher';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loopbackSmtp } from './loopback-smtp.js';
import { useDataDirs } from './support.js';

// The notifier end to end on one machine: the SQLite journal, the worker, nodemailer and a real
// SMTP server on loopback that records every message it accepts (docs/notifications.md).

const SECRET = 'a-master-secret-of-at-least-32-characters!';
const BASE_URL = 'https://svc.example';

describe('e-mail notifications through a real SMTP server', () => {
  const dataDir = useDataDirs();
  const smtp = loopbackSmtp();
  const clock = createFakeClock('2026-11-30T10:00:00.000Z');
  const secretBox = createAesGcmSecretBox(SECRET);
  let store: Store;
  let unsubscribeServer: Server;
  let unsubscribeOrigin: string;

  beforeEach(async () => {
    store = openSqliteStore({ path: join(dataDir(), 'svc.db') });
    smtp.received.splice(0);
    clock.set('2026-11-30T10:00:00.000Z');
    await smtp.start();
    const surface = createUnsubscribeSurface({ core: { store, clock, secretBox } });
    unsubscribeServer = createServer((req, res) => surface.handle(req, res));
    await new Promise<void>((resolve) => unsubscribeServer.listen(0, '127.0.0.1', () => resolve()));
    unsubscribeOrigin = `http://127.0.0.1:${(unsubscribeServer.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await smtp.stop();
    await new Promise<void>((resolve) => unsubscribeServer.close(() => resolve()));
    await store.close();
  });

  const worker = (leaseOwner = 'worker-a') =>
    createNotificationWorker(
      {
        store,
        clock,
        secretBox,
        ids: createSequentialIds(),
        logger: { info() {}, warn() {}, error() {} } as never,
        mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'svc@svc.example' }),
        baseUrl: BASE_URL,
      },
      { ...DEFAULT_NOTIFICATION_WORKER_OPTIONS, leaseOwner },
    );

  async function happen(
    ownerId: string,
    accountId: string,
    types: readonly DomainEventType[],
  ): Promise<void> {
    const account = anAccount(ownerId, { id: accountId, handle: 'ann.makes' });
    const events: DomainEvent[] = types.map((type, i) => ({
      type,
      at: clock.now(),
      ownerId,
      subjectId: type.startsWith('account.') ? accountId : `post_${i}`,
      data: type === 'post.failed' ? { reason: 'The platform refused the video.' } : {},
    }));
    await store.accounts.saveAccount(account, events);
  }

  it('sends exactly one message per chosen kind, after the server was down for a while, and unsubscribe stops that kind', async () => {
    const ann = aUser({ id: 'user_ann', email: 'ann@example.com' });
    await store.users.insertUser(ann);
    // Ann keeps the defaults (failed posts, reconnects), adds review requests, leaves decisions off.
    await store.notifications.setPreference(ann.id, 'review_requested', true, clock.now());
    await smtp.stop();
    await happen(ann.id, 'acct_ann', [
      'post.failed',
      'account.needs_reconnect',
      'post.approval_requested',
      'post.approved',
      'post.posted',
    ]);
    const w = worker();
    await w.drain();
    expect(smtp.received).toEqual([]);
    const waiting = await store.notifications.listNotifications(ann.id, 10);
    expect(waiting.map((n) => [n.kind, n.status, n.attempts])).toEqual(
      expect.arrayContaining([
        ['post_failed', 'pending', 1],
        ['account_reconnect', 'pending', 1],
        ['review_requested', 'pending', 1],
      ]),
    );
    expect(waiting).toHaveLength(3);
    expect(waiting[0]?.lastError).toMatch(/ECONNECTION|ECONNREFUSED|connect/i);

    // Down for a while: the next retries (5 s, then 5 min) fail too; then it is back.
    clock.advance(6_000);
    await w.drain();
    expect(smtp.received).toEqual([]);
    await smtp.start();
    clock.advance(6 * 60_000);
    await w.drain();
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      'A draft awaits your review',
      'A post failed to publish',
      'An account needs reconnecting',
    ]);
    // Nothing is sent twice: more rounds, a second worker, and time passing send nothing new.
    clock.advance(24 * 60 * 60_000);
    await w.drain();
    await worker('worker-b').drain();
    expect(smtp.received).toHaveLength(3);

    const failed = smtp.received.find((m) => m.subject === 'A post failed to publish');
    expect(failed?.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(failed?.raw).toContain('The platform refused the video.');
    expect(failed?.raw).not.toContain(SECRET);
    const link = /List-Unsubscribe: <([^>]+)>/.exec(failed?.headers ?? '')?.[1];
    expect(link).toMatch(/^https:\/\/svc\.example\/unsubscribe\?token=/);

    // A GET only shows the confirmation; the one-click POST switches the kind off.
    const target = `${unsubscribeOrigin}${new URL(link ?? '').pathname}${new URL(link ?? '').search}`;
    const page = await fetch(target);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await store.notifications.preferencesOf(ann.id)).post_failed).toBeUndefined();
    const posted = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await store.notifications.preferencesOf(ann.id)).post_failed).toBe(false);
    const forged = await fetch(`${unsubscribeOrigin}/unsubscribe?token=${encodeURIComponent(`${link}x`)}`, {
      method: 'POST',
    });
    expect(forged.status).toBe(404);

    // Another failure is no longer e-mailed; a review request still is.
    await happen(ann.id, 'acct_ann', ['post.failed', 'post.approval_requested']);
    await w.drain();
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      'A draft awaits your review',
      'A draft awaits your review',
      'A post failed to publish',
      'An account needs reconnecting',
    ]);
  }, 60_000);

  it('a message claimed by a worker killed before sending is sent once by another after its lease, never lost', async () => {
    const ann = aUser({ id: 'user_ann', email: 'ann@example.com' });
    await store.users.insertUser(ann);
    await happen(ann.id, 'acct_ann', ['post.failed']);
    // The killed worker read the journal into the outbox and claimed the message, then died.
    const step = { leaseOwner: 'killed', leaseMs: 15_000, batch: 100 };
    expect(
      await fanOutNotifications(
        { store, clock, secretBox, ids: createSequentialIds(), baseUrl: BASE_URL },
        step,
      ),
    ).toBe(1);
    const claimed = await store.notifications.claim({
      now: clock.now(),
      leaseOwner: 'killed',
      leaseUntil: new Date(clock.now().getTime() + 120_000),
      limit: 10,
    });
    expect(claimed).toHaveLength(1);
    const alive = worker('alive');
    await alive.drain();
    expect(smtp.received).toEqual([]);
    // Past the lease the other worker sends it, once; the journal is not read into it again.
    clock.advance(121_000);
    await alive.drain();
    await alive.drain();
    expect(smtp.received).toHaveLength(1);
    expect(
      (await store.notifications.listNotifications(ann.id, 10)).map((n) => [n.status, n.attempts]),
    ).toEqual([['sent', 2]]);
  }, 30_000);
});
