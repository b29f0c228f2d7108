import { type Actor, createPosts, createWebhook } from '@svc/core';
import { createStandardWebhookSigner } from '@svc/core/node';
import { anAccount, aUser, createScriptedWebhookSender, createTestDeps } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import {
  createWebhookWorker,
  DEFAULT_WEBHOOK_WORKER_OPTIONS,
  NO_PUBLISHER_OBSERVER,
  type WebhookDeliveryResult,
} from '../src/index.js';

describe('the webhook worker observer', () => {
  it('hears each delivery attempt with its result and duration', async () => {
    const t = createTestDeps();
    const sender = createScriptedWebhookSender();
    const user = aUser();
    await t.store.users.insertUser(user);
    const account = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    const actor: Actor = { user, credentialId: 'key_1', scopes: ['*'], accountIds: null };
    const webhookDeps = { ...t.deps, webhookSender: sender, webhookSigner: createStandardWebhookSigner() };
    (
      await createWebhook(webhookDeps, actor, {
        url: 'https://hooks.example.com/svc',
        events: ['post.scheduled'],
      })
    )._unsafeUnwrap();
    const schedule = async (caption: string) =>
      (
        await createPosts(
          t.deps,
          actor,
          {
            platforms: ['threads'],
            profileIds: [account.id],
            caption,
            scheduledTime: '2026-01-16T09:00:00Z',
          },
          { requireScheduledTime: true },
        )
      )._unsafeUnwrap();

    const heard: { result: WebhookDeliveryResult; durationMs: number }[] = [];
    const log = () => undefined;
    const worker = createWebhookWorker(
      {
        ...webhookDeps,
        mediaUrl: (id) => `https://svc.test/media/${id}`,
        logger: { info: log, warn: log, error: log },
        observer: {
          ...NO_PUBLISHER_OBSERVER,
          webhookDelivered: (result, durationMs) => heard.push({ result, durationMs }),
        },
      },
      { ...DEFAULT_WEBHOOK_WORKER_OPTIONS, leaseOwner: 'worker-a' },
    );

    await schedule('Delivered');
    await worker.drain();
    sender.answerWith(() => ({
      kind: 'answered',
      status: 503,
      retryAfterMs: null,
      excerpt: '',
      durationMs: 1,
    }));
    await schedule('Refused, retried later');
    await worker.drain();
    sender.answerWith(() => {
      throw new Error('the sender broke');
    });
    t.clock.advance(60 * 60_000);
    await worker.drain();

    expect(heard.map((h) => h.result)).toEqual(['delivered', 'retrying', 'error']);
    expect(heard.every((h) => h.durationMs >= 0)).toBe(true);
  });
});
