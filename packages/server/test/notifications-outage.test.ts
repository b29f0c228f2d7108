import type { AddressInfo } from 'node:net';
import type { DomainEvent } from '@svc/core';
import { createAesGcmSecretBox, createRandomIdGenerator, systemClock } from '@svc/core/node';
import { anAccount, aUser } from '@svc/core/testing';
import { createSmtpMailer } from '@svc/outbound';
import { createNotificationWorker, DEFAULT_NOTIFICATION_WORKER_OPTIONS } from '@svc/publisher';
import { openPostgresStore } from '@svc/store-postgres';
import { describePostgres, type OutageProxy, startOutageProxy } from '@svc/store-postgres/testing';
import { SMTPServer } from 'smtp-server';
import { afterEach, expect, it } from 'vitest';

// Two notification workers on PostgreSQL that lose the database while events arrive: once it is
// back, every chosen message reaches the SMTP server exactly once (docs/notifications.md).
let proxy: OutageProxy | null = null;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const end of cleanups.splice(0).reverse()) await end().catch(() => {});
  await proxy?.close();
  proxy = null;
});

const silent = { info() {}, warn() {}, error() {} } as never;

await describePostgres('notification workers while PostgreSQL goes away', (db) => {
  it('lose and duplicate no message across an outage', async () => {
    const subjects: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          subjects.push(/^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '');
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;

    const direct = await openPostgresStore({ connectionString: db.url() });
    cleanups.push(() => direct.close());
    proxy = await startOutageProxy(db.url());
    const secretBox = createAesGcmSecretBox('a-master-secret-of-at-least-32-characters!');
    const workers = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const store = await openPostgresStore({ connectionString: proxy?.url ?? '', migrate: false });
        const worker = createNotificationWorker(
          {
            store,
            clock: systemClock,
            secretBox,
            ids: createRandomIdGenerator(systemClock),
            logger: silent,
            mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'svc@svc.example' }),
            baseUrl: 'https://svc.example',
          },
          { ...DEFAULT_NOTIFICATION_WORKER_OPTIONS, intervalMs: 100, fanOutLeaseMs: 1_000, leaseOwner: name },
        );
        cleanups.push(async () => {
          await worker.stop();
          await store.close();
        });
        return worker;
      }),
    );
    const ann = aUser({ id: 'user_ann', email: 'ann@example.com' });
    await direct.users.insertUser(ann);
    const happen = (types: readonly DomainEvent['type'][]) =>
      direct.accounts.saveAccount(
        anAccount(ann.id, { id: 'acct_ann' }),
        types.map((type, i) => ({
          type,
          at: new Date(),
          ownerId: ann.id,
          subjectId: type.startsWith('account.') ? 'acct_ann' : `post_${subjects.length}_${i}`,
          data: {},
        })),
      );

    await happen(['post.failed']);
    for (const w of workers) w.start();
    await until(() => subjects.length === 1);
    // The outage comes between sends (a send cut off before it is recorded goes again after its
    // lease: at least once, the process test's case), while events keep arriving.
    let recorded = false;
    await until(() => {
      void direct.notifications.listNotifications(ann.id, 1).then((n) => {
        recorded = n[0]?.status === 'sent';
      });
      return recorded;
    });
    await proxy.down();
    // While the database is away: more events commit (through another connection).
    await happen(['post.failed', 'account.needs_reconnect', 'post.posted']);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(subjects).toHaveLength(1);
    await proxy.up();
    await until(() => subjects.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(subjects.sort()).toEqual([
      'A post failed to publish',
      'A post failed to publish',
      'An account needs reconnecting',
    ]);
    const rows = await direct.notifications.listNotifications(ann.id, 10);
    expect(rows.map((n) => n.status)).toEqual(['sent', 'sent', 'sent']);
  }, 60_000);
});

async function until(done: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
