import { type Actor, createPosts, createWebhook, sendTestWebhook } from '@svc/core';
import { createStandardWebhookSigner } from '@svc/core/node';
import { anAccount, aUser, createScriptedWebhookSender, createTestDeps } from '@svc/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThreadsGateway, createWebhookWorker, DEFAULT_WEBHOOK_WORKER_OPTIONS } from '../src/index.js';
import { closeEngineWorlds, startEngineWorld } from './engine-world.js';
import { sandboxApp } from './platforms/sandbox-harness.js';

// Workers whose poll is ten minutes away still start at once when the store says work appeared:
// each test ends (or fails) by its own time limit, far below the poll.
afterEach(closeEngineWorlds);

const POLL_MS = 10 * 60_000;
const SOON = { timeout: 10_000, interval: 10 };
const quiet = () => undefined;
const logger = { info: quiet, warn: quiet, error: quiet };
// Long enough for a started worker's first round (on an empty memory store) to have found nothing.
const firstRoundOver = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('wake-ups', () => {
  it('delivers a webhook for a new event, and a test ping, without waiting for the poll', async () => {
    const t = createTestDeps();
    const sender = createScriptedWebhookSender();
    const user = aUser();
    await t.store.users.insertUser(user);
    const account = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    const actor: Actor = { user, credentialId: 'key_1', scopes: ['*'], accountIds: null };
    const deps = { ...t.deps, webhookSender: sender, webhookSigner: createStandardWebhookSigner() };
    const webhook = (
      await createWebhook(deps, actor, { url: 'https://hooks.example.com/svc', events: ['post.scheduled'] })
    )._unsafeUnwrap();
    const worker = createWebhookWorker(
      { ...deps, mediaUrl: (id) => `https://svc.test/media/${id}`, logger },
      { ...DEFAULT_WEBHOOK_WORKER_OPTIONS, intervalMs: POLL_MS, leaseOwner: 'worker-a' },
    );
    worker.start();
    try {
      await firstRoundOver();
      expect(sender.sent).toEqual([]);
      (
        await createPosts(
          t.deps,
          actor,
          {
            platforms: ['threads'],
            profileIds: [account.id],
            caption: 'Woken',
            scheduledTime: '2026-01-16T09:00:00Z',
          },
          { requireScheduledTime: true },
        )
      )._unsafeUnwrap();
      await vi.waitFor(
        () => expect(sender.sent.map((s) => eventOf(s.body))).toEqual(['post.scheduled']),
        SOON,
      );
      (await sendTestWebhook(deps, actor, webhook.webhook.id))._unsafeUnwrap();
      await vi.waitFor(() => expect(sender.sent.map((s) => eventOf(s.body))).toContain('ping'), SOON);
    } finally {
      await worker.stop();
    }
  });

  it('schedules metric reads for a post published while the collector sleeps', async () => {
    const w = await startEngineWorld({
      platform: 'threads',
      handle: 'woken_collector',
      gateway: (h) => createThreadsGateway(sandboxApp(h, 'threads')),
    });
    const collector = w.collector('collector', { intervalMs: POLL_MS });
    collector.start();
    try {
      await firstRoundOver();
      const id = await w.schedule({ caption: 'Read me later', media: [] });
      const post = await w.publish(id);
      expect(post.status, post.failedReason ?? '').toBe('posted');
      // Reads fall due later: look far ahead, as another collector would then.
      const later = new Date(w.h.clock.now().getTime() + 30 * 24 * 3_600_000);
      await vi.waitFor(async () => {
        const jobs = await w.store.analytics.claimCollections({
          now: later,
          leaseOwner: 'probe',
          leaseUntil: new Date(later.getTime() + 60_000),
          limit: 10,
        });
        expect(jobs.map((job) => job.postId)).toContain(id);
      }, SOON);
    } finally {
      await collector.stop();
    }
  });
});

function eventOf(body: string): string {
  return (JSON.parse(body) as { type: string }).type;
}
