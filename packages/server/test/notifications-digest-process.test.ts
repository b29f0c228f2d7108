import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Notification, Store } from '@svc/core';
import { openSqliteStore } from '@svc/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../src/open-services.js';
import { loopbackSmtp } from './loopback-smtp.js';
import { type SandboxServer, seedUser, settled, startSandboxServer } from './sandbox-server.js';
import { SVC_BIN } from './support.js';

// The daily digest through real processes (docs/notifications.md, "Daily digest"): `svc serve`
// on SQLite with the sandbox, two `svc publisher` children with SVC_SMTP_URL, and an SMTP server
// on loopback. The children's wall clock is moved by libfaketime (an offset file re-read on every
// clock read, as in trial-lapse-process.test.ts; monotonic clocks stay real, so timers are not
// disturbed), from 07:00 UTC of a day D to D's 08:00, D+1's and D+2's.
const LIBFAKETIME = process.env.LIBFAKETIME_PATH ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The notifier's safety poll (DEFAULT_NOTIFICATION_WORKER_OPTIONS.intervalMs): a digest pass at least this often.
const PASS_MS = 5_000;

describe('the daily digest through real processes', () => {
  const smtp = loopbackSmtp();
  const children: ChildProcess[] = [];
  let server: SandboxServer;
  let store: Store;
  let offsetFile: string;
  // D's 08:00 UTC, more than an hour ahead of now: the children start at D's 07:00.
  let d8: number;

  /** Sets the children's clock to `at` (they read the offset file on every clock read). */
  const clockAt = (at: number) => {
    const seconds = (at - Date.now()) / 1000;
    writeFileSync(offsetFile, `${seconds < 0 ? '-' : '+'}${Math.abs(seconds).toFixed(3)}\n`);
  };
  const startPublisher = () => {
    const child = spawn(process.execPath, [SVC_BIN, 'publisher'], {
      env: {
        ...process.env,
        ...server.env,
        SVC_PUBLISHER_INTERVAL_MS: '1000',
        LOG_LEVEL: 'info',
        SVC_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        LD_PRELOAD: LIBFAKETIME,
        FAKETIME_TIMESTAMP_FILE: offsetFile,
        FAKETIME_NO_CACHE: '1',
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
      // Their log goes to a file in the data directory, to read when this test fails.
      stdio: ['ignore', openSync(join(server.env.SVC_DATA_DIR as string, 'publishers.log'), 'a'), 'inherit'],
    });
    children.push(child);
    return child;
  };
  const digests = () => smtp.received.filter((m) => m.subject.startsWith('Your daily digest'));
  const stored = async (userId: string): Promise<Notification[]> =>
    (await store.notifications.listNotifications(userId, 100)).filter((n) => n.kind === 'daily_digest');

  beforeAll(async () => {
    if (!existsSync(LIBFAKETIME))
      throw new Error(
        `libfaketime is missing at ${LIBFAKETIME}: apt-get install faketime (.ci/run installs it)`,
      );
    await smtp.start();
    server = await startSandboxServer({ SVC_PUBLISHER: 'off' });
    store = openSqliteStore({ path: join(server.env.SVC_DATA_DIR as string, DATABASE_FILE) });
    offsetFile = join(server.env.SVC_DATA_DIR as string, 'faketime');
    d8 = Math.ceil((Date.now() + 2 * HOUR) / DAY) * DAY + 8 * HOUR;
    if (d8 - HOUR < Date.now() + HOUR) d8 += DAY;
    clockAt(d8 - HOUR);
  }, 60_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await store?.close();
    await server?.close();
    await smtp.stop();
  });

  it('sends one digest a day with two processes and after a kill -9, waits out a mail server that is down, and stops when unsubscribed', async () => {
    const { key, accounts } = await seedUser(server, ['threads']);
    const ann = await store.users.getUserByEmail('ann@example.com');
    if (ann === null) throw new Error('no user');
    await store.notifications.setPreference(ann.id, 'daily_digest', true, new Date());
    // Only the digest is counted here: the failed-post e-mail is another test's.
    await store.notifications.setPreference(ann.id, 'post_failed', false, new Date());
    const post = async (caption: string, scheduledTime?: number) => {
      const created = await server.call(
        scheduledTime === undefined ? '/api/v1/publish' : '/api/v1/posts',
        key,
        {
          method: 'POST',
          json: {
            platforms: ['threads'],
            profileIds: [accounts.threads],
            caption,
            ...(scheduledTime === undefined ? {} : { scheduledTime: new Date(scheduledTime).toISOString() }),
          },
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.postIds[0] as string;
    };
    const first = await post('Day one went wrong #sandbox-fail');
    const second = await post('Day two went wrong #sandbox-fail', d8 + HOUR);
    startPublisher();
    startPublisher();

    // D 07:00: the first post fails; no digest before 08:00.
    const firstDone = await settled(server, key, first, 90_000).catch((error: Error) => {
      const log = readFileSync(join(server.env.SVC_DATA_DIR as string, 'publishers.log'), 'utf8');
      throw new Error(`${error.message}; the publishers logged:\n${log.slice(-3000)}`);
    });
    expect(firstDone.status).toBe('failed');
    await sleep(2 * PASS_MS);
    expect(digests()).toEqual([]);

    // D 08:00: one digest, from one of the two processes, about D's failure.
    clockAt(d8 + 5_000);
    await waitFor(() => digests().length > 0, 'the digest of day D');
    await sleep(2 * PASS_MS);
    expect(digests()).toHaveLength(1);
    const dayD = digests()[0]?.raw ?? '';
    expect(dayD).toContain('Day one went wrong');
    expect(dayD).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(dayD).not.toMatch(/svc_key_|sandbox-server-test-secret/);
    expect((await stored(ann.id)).map((n) => n.status)).toEqual(['sent']);
    // A process killed (kill -9) and another started the same day: still one digest of D.
    const killed = children[0];
    killed?.kill('SIGKILL');
    if (killed !== undefined && killed.exitCode === null && killed.signalCode === null)
      await new Promise((resolve) => killed.once('exit', resolve));
    startPublisher();
    await sleep(2 * PASS_MS);
    expect(digests()).toHaveLength(1);

    // D 09:00: the second post fails, for D+1's digest.
    clockAt(d8 + HOUR + 1_000);
    expect((await settled(server, key, second, 60_000)).status).toBe('failed');

    // D+1 08:00 with the mail server down: the digest waits in the outbox, retried, not lost.
    await smtp.stop();
    clockAt(d8 + DAY + 5_000);
    await waitFor(
      async () => (await stored(ann.id)).some((n) => n.attempts >= 2),
      'two failed attempts',
      40_000,
    );
    const waiting = (await stored(ann.id)).find((n) => n.status === 'pending');
    expect(waiting?.lastError).toBeTruthy();
    expect(digests()).toHaveLength(1);
    // The mail server is back; the next retry (5 minutes later) delivers it, once.
    await smtp.start();
    clockAt(d8 + DAY + 7 * 60_000);
    await waitFor(() => digests().length > 1, 'the digest of day D+1');
    await sleep(2 * PASS_MS);
    expect(digests()).toHaveLength(2);
    const dayD1 = digests()[1]?.raw ?? '';
    expect(dayD1).toContain('Day two went wrong');
    expect(dayD1).not.toContain('Day one went wrong');

    // One-click unsubscribe (RFC 8058): a POST to the message's link switches the digest off.
    const link = /List-Unsubscribe: <([^>]+)>/.exec(digests()[1]?.headers ?? '')?.[1] ?? '';
    const unsubscribed = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect((await store.notifications.preferencesOf(ann.id)).daily_digest).toBe(false);
    clockAt(d8 + 2 * DAY + 5_000);
    await sleep(3 * PASS_MS);
    expect(digests()).toHaveLength(2);
    expect((await stored(ann.id)).map((n) => n.dedupKey).sort()).toEqual([
      `digest:${ann.id}:${new Date(d8).toISOString().slice(0, 10)}`,
      `digest:${ann.id}:${new Date(d8 + DAY).toISOString().slice(0, 10)}`,
    ]);
  }, 420_000);
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(
  done: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
