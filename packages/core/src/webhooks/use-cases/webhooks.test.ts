import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor, User } from '../../identity/index.js';
import { createStandardWebhookSigner } from '../../node/standard-webhook-signer.js';
import {
  createPosts,
  deletePost,
  purgeDeletedPosts,
  RESTORE_WINDOW_MS,
  recycleEvergreenPosts,
} from '../../posts/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import {
  createScriptedWebhookSender,
  type ScriptedWebhookSender,
} from '../../testing/scripted-webhook-sender.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../webhook-retry.js';
import { deliverWebhook } from './deliver-webhook.js';
import { fanOutWebhooks } from './fan-out-webhooks.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
  WEBHOOKS_PER_OWNER,
} from './manage-webhooks.js';
import { listWebhookAttempts, redeliverWebhook, sendTestWebhook } from './webhook-deliveries.js';

const URL = 'https://hooks.example.com/svc';
const STEP = { leaseOwner: 'worker-a', leaseMs: 30_000, batch: 100 };

describe('outgoing webhooks in the core', () => {
  let t: TestDeps;
  let user: User;
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  let sender: ScriptedWebhookSender;
  const actor = (over: Partial<Actor> = {}): Actor => ({
    user,
    credentialId: 'key_1',
    scopes: ['*'],
    accountIds: null,
    ...over,
  });
  const deps = () => ({
    ...t.deps,
    webhookSender: sender,
    webhookSigner: createStandardWebhookSigner(),
    mediaUrl: (id: string) => `https://svc.test/media/${id}`,
  });
  const schedule = async (caption: string, profileId = threads.id) =>
    (
      await createPosts(
        t.deps,
        actor(),
        {
          platforms: [profileId === threads.id ? 'threads' : 'facebook'],
          profileIds: [profileId],
          caption,
          scheduledTime: '2026-01-16T09:00:00Z',
        },
        { requireScheduledTime: true },
      )
    )._unsafeUnwrap().postIds[0] as string;
  const deliverAll = async () => {
    const claimed = await t.store.webhooks.claimDeliveries({
      now: t.clock.now(),
      leaseOwner: 'worker-a',
      leaseUntil: new Date(t.clock.now().getTime() + 60_000),
      limit: 100,
      perSubscription: 100,
    });
    return Promise.all(claimed.map((c) => deliverWebhook(deps(), c, 'worker-a')));
  };

  // Receivers refuse timestamps more than five minutes from their clock: theirs is the test's.
  const verify = (secret: string, request: { body: string; headers: Record<string, string> } | undefined) => {
    vi.setSystemTime(t.clock.now());
    return new Webhook(secret).verify(request?.body ?? '', request?.headers ?? {});
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    t = createTestDeps();
    sender = createScriptedWebhookSender();
    user = aUser();
    await t.store.users.insertUser(user);
    threads = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    facebook = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'facebook' }));
  });

  it('creates a subscription whose secret is shown once and stored only sealed', async () => {
    const created = (
      await createWebhook(deps(), actor(), { url: URL, events: ['post.scheduled'] })
    )._unsafeUnwrap();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(JSON.stringify(created.webhook)).not.toContain(created.secret.slice(6));
    const stored = await t.store.webhooks.getSubscription(user.id, created.webhook.id);
    expect(stored?.sealedSecret).not.toContain(created.secret.slice(6));
    expect(t.deps.secretBox.open(stored?.sealedSecret ?? '')).toBe(created.secret);
    const listed = (await listWebhooks(t.deps, actor()))._unsafeUnwrap();
    expect(listed.map((w) => w.id)).toEqual([created.webhook.id]);
  });

  it('refuses a URL the sender refuses, accounts outside the key, a missing scope and too many subscriptions', async () => {
    sender.refusedUrls.set('https://10.0.0.1/hook', 'it is a private address');
    const refused = await createWebhook(deps(), actor(), { url: 'https://10.0.0.1/hook', events: ['ping'] });
    expect(refused._unsafeUnwrapErr().code).toBe('invalid_webhook_url');
    const limited = actor({ accountIds: [threads.id] });
    const outside = await createWebhook(deps(), limited, {
      url: URL,
      events: ['ping'],
      accountIds: [facebook.id],
    });
    expect(outside._unsafeUnwrapErr().code).toBe('profile_scope_denied');
    const unknown = await createWebhook(deps(), actor(), {
      url: URL,
      events: ['ping'],
      accountIds: ['acct_nope'],
    });
    expect(unknown._unsafeUnwrapErr().code).toBe('invalid_profile_ids');
    const readOnly = await createWebhook(deps(), actor({ scopes: ['webhook:read'] }), {
      url: URL,
      events: ['ping'],
    });
    expect(readOnly._unsafeUnwrapErr().code).toBe('insufficient_scope');
    // A limited key's subscription hears only its accounts, and it sees no other subscription.
    const mine = (await createWebhook(deps(), limited, { url: URL, events: ['ping'] }))._unsafeUnwrap();
    expect(mine.webhook.accountIds).toEqual([threads.id]);
    await createWebhook(deps(), actor(), { url: URL, events: ['ping'] });
    expect((await listWebhooks(t.deps, limited))._unsafeUnwrap().map((w) => w.id)).toEqual([mine.webhook.id]);
    for (let i = 2; i < WEBHOOKS_PER_OWNER; i++)
      await createWebhook(deps(), actor(), { url: URL, events: ['ping'] });
    const over = await createWebhook(deps(), actor(), { url: URL, events: ['ping'] });
    expect(over._unsafeUnwrapErr().code).toBe('webhook_limit_reached');
  });

  it('sends what the event recorded when its post was purged before the fan-out read it', async () => {
    await createWebhook(deps(), actor(), { url: URL, events: ['post.deleted'] });
    const postId = await schedule('Gone for good');
    (await deletePost(t.deps, actor(), postId))._unsafeUnwrap();
    // The fan-out fell behind (a long outage) and the purge ran first.
    t.clock.advance(RESTORE_WINDOW_MS + 1);
    expect((await purgeDeletedPosts(t.deps)).posts).toBe(1);
    expect((await fanOutWebhooks(deps(), STEP))?.events).toBeGreaterThan(0);
    expect((await deliverAll()).every((r) => r.delivered)).toBe(true);
    const bodies = sender.sent.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => [b.type, b.data.id])).toEqual([['post.deleted', postId]]);
  });

  it('delivers post.recycled with the copy and post.recycle_skipped with the original and why', async () => {
    await createWebhook(deps(), actor(), { url: URL, events: ['post.recycled', 'post.recycle_skipped'] });
    const posted = (rule: { everyDays: number; maxTimes: number; onlyAboveMedian: boolean }, id: string) =>
      aPost(user.id, threads.id, {
        id,
        platforms: ['threads'],
        status: 'posted',
        publishedAt: t.clock.now(),
        scheduledTime: t.clock.now(),
        dueAt: null,
        evergreen: rule,
      });
    await t.store.posts.insertPosts({
      ownerId: user.id,
      at: t.clock.now(),
      posts: [posted({ everyDays: 1, maxTimes: 1, onlyAboveMedian: false }, 'post_evergreen')],
      idempotency: null,
      quota: { limit: 100, windowStart: new Date(0) },
    });
    t.clock.advance(86_400_000);
    // No slots yet: the period is skipped, and said so.
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 0, skipped: 1 });
    await t.store.postingSlots.replacePostingSchedule(
      threads.id,
      { timeZone: 'UTC', slots: [{ day: 'mon', time: '10:00' }] },
      t.clock.now(),
    );
    t.clock.advance(86_400_000);
    expect(await recycleEvergreenPosts(t.deps)).toEqual({ recycled: 1, skipped: 0 });
    await fanOutWebhooks(deps(), STEP);
    expect((await deliverAll()).every((r) => r.delivered)).toBe(true);
    const bodies = sender.sent.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['post.recycle_skipped', 'post.recycled']);
    expect(bodies[0].data).toMatchObject({ id: 'post_evergreen', reason: 'no_posting_slots', copyNumber: 1 });
    expect(bodies[1].data).toMatchObject({
      recycledFrom: 'post_evergreen',
      recycleNumber: 1,
      status: 'scheduled',
    });
  });

  it('fans journal events out to the subscriptions that hear them, once, and delivers them signed', async () => {
    const all = (
      await createWebhook(deps(), actor(), { url: URL, events: ['post.scheduled', 'post.deleted'] })
    )._unsafeUnwrap();
    const onlyFacebook = (
      await createWebhook(deps(), actor(), {
        url: `${URL}/fb`,
        events: ['post.scheduled'],
        accountIds: [facebook.id],
      })
    )._unsafeUnwrap();
    await createWebhook(deps(), actor(), { url: `${URL}/media`, events: ['media.ready'] });
    const stranger = aUser();
    await t.store.users.insertUser(stranger);
    const postId = await schedule('Hello subscribers');
    await deletePost(t.deps, actor(), postId);
    expect((await fanOutWebhooks(deps(), STEP))?.events).toBeGreaterThan(0);
    expect((await fanOutWebhooks(deps(), STEP))?.events).toBe(0);
    const results = await deliverAll();
    expect(results.every((r) => r.delivered)).toBe(true);
    expect(sender.sent.map((r) => r.url)).toEqual([URL, URL]);
    const bodies = sender.sent.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['post.scheduled', 'post.deleted']);
    expect(bodies[0].data).toMatchObject({ id: postId, caption: 'Hello subscribers', status: 'scheduled' });
    // Standard Webhooks verification, as receivers do it.
    for (const request of sender.sent) {
      expect(verify(all.secret, request)).toMatchObject({ data: { id: postId } });
    }
    const [first] = sender.sent;
    expect(() =>
      verify(all.secret, { body: `${first?.body.slice(0, -1)} }`, headers: first?.headers ?? {} }),
    ).toThrow();
    // A message replayed ten minutes later fails too.
    t.clock.advance(600_000);
    expect(() => verify(all.secret, first)).toThrow(/timestamp/i);
    // The Facebook-only subscription heard nothing of a Threads post.
    expect(
      (
        await listWebhookAttempts(deps(), actor(), onlyFacebook.webhook.id, { limit: 10, cursor: null })
      )._unsafeUnwrap().attempts,
    ).toEqual([]);
    const history = (
      await listWebhookAttempts(deps(), actor(), all.webhook.id, { limit: 10, cursor: null })
    )._unsafeUnwrap();
    expect(history.attempts.map((a) => [a.event, a.outcome, a.statusCode])).toEqual([
      ['post.deleted', 'delivered', 200],
      ['post.scheduled', 'delivered', 200],
    ]);
  });

  it('does not tell a subscription about what happened before it existed', async () => {
    await schedule('Before');
    t.clock.advance(1000);
    await createWebhook(deps(), actor(), { url: URL, events: ['post.scheduled'] });
    await fanOutWebhooks(deps(), STEP);
    expect(await deliverAll()).toEqual([]);
  });

  it('retries a failing endpoint on the schedule, honours Retry-After, and disables it after three days', async () => {
    const hook = (
      await createWebhook(deps(), actor(), { url: URL, events: ['post.scheduled'] })
    )._unsafeUnwrap();
    await schedule('Will fail');
    await fanOutWebhooks(deps(), STEP);
    sender.answerWith(() => ({
      kind: 'answered',
      status: 429,
      retryAfterMs: 120_000,
      excerpt: 'slow down',
      durationMs: 2,
    }));
    expect(await deliverAll()).toEqual([
      { delivered: false, lost: false, statusCode: 429, gaveUp: false, endpointDisabled: false },
    ]);
    const [first] = (
      await listWebhookAttempts(deps(), actor(), hook.webhook.id, { limit: 1, cursor: null })
    )._unsafeUnwrap().attempts;
    const delivery = await t.store.webhooks.getDelivery(user.id, first?.deliveryId ?? '');
    // 5 s on the schedule, but the receiver asked for two minutes.
    expect(delivery?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 120_000);
    sender.answerWith(() => ({
      kind: 'failed',
      reason: 'timeout',
      detail: 'no answer in 15 s',
      durationMs: 15_000,
    }));
    const results = [];
    for (const wait of WEBHOOK_RETRY_DELAYS_MS) {
      t.clock.advance(Math.max(wait * 1.1, 120_000) + 1);
      const round = await deliverAll();
      expect(round).toHaveLength(1);
      results.push(...round);
    }
    // Only the last attempt gives up; the endpoint is disabled once, by the attempt past three days.
    expect(results.map((r) => r.gaveUp)).toEqual(
      WEBHOOK_RETRY_DELAYS_MS.map((_, i, all) => i === all.length - 1),
    );
    expect(results.filter((r) => r.endpointDisabled)).toHaveLength(1);
    const after = await t.store.webhooks.getDelivery(user.id, first?.deliveryId ?? '');
    expect(after?.status).toBe('failed');
    const disabled = (await listWebhooks(t.deps, actor()))._unsafeUnwrap()[0];
    expect(disabled?.enabled).toBe(false);
    expect(disabled?.disabledReason).toContain('timeout');
    // Enabled again by its owner: a clean slate, and a redelivery goes out with the same webhook-id.
    const enabled = (
      await updateWebhook(deps(), actor(), hook.webhook.id, { enabled: true })
    )._unsafeUnwrap();
    expect([enabled.enabled, enabled.failingSince, enabled.disabledReason]).toEqual([true, null, null]);
    sender.answerWith(() => ({
      kind: 'answered',
      status: 204,
      retryAfterMs: null,
      excerpt: '',
      durationMs: 1,
    }));
    await redeliverWebhook(deps(), actor(), hook.webhook.id, first?.deliveryId ?? '');
    const [again] = await deliverAll();
    expect(again?.delivered).toBe(true);
    const ids = new Set(sender.sent.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
  });

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const hook = (await createWebhook(deps(), actor(), { url: URL, events: ['ping'] }))._unsafeUnwrap();
    const rotated = (await rotateWebhookSecret(deps(), actor(), hook.webhook.id))._unsafeUnwrap();
    await sendTestWebhook(deps(), actor(), hook.webhook.id);
    await deliverAll();
    const [request] = sender.sent;
    expect(request?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(hook.secret, request)).toMatchObject({ type: 'ping' });
    expect(verify(rotated.secret, request)).toMatchObject({ type: 'ping' });
    t.clock.advance(24 * 3_600_000 + 1);
    await sendTestWebhook(deps(), actor(), hook.webhook.id);
    await deliverAll();
    const later = sender.sent[1];
    expect(later?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(() => verify(hook.secret, later)).toThrow(/signature/i);
    expect(verify(rotated.secret, later)).toMatchObject({ type: 'ping' });
  });

  it('forgets a deleted subscription with its deliveries', async () => {
    const hook = (
      await createWebhook(deps(), actor(), { url: URL, events: ['post.scheduled'] })
    )._unsafeUnwrap();
    await schedule('Gone');
    await fanOutWebhooks(deps(), STEP);
    expect((await deleteWebhook(deps(), actor(), hook.webhook.id)).isOk()).toBe(true);
    expect(await deliverAll()).toEqual([]);
    expect((await deleteWebhook(deps(), actor(), hook.webhook.id))._unsafeUnwrapErr().code).toBe(
      'webhook_not_found',
    );
  });
});
