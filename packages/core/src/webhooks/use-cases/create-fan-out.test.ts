import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor, User } from '../../identity/index.js';
import { createPosts, deletePost } from '../../posts/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createScriptedWebhookSender } from '../../testing/scripted-webhook-sender.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { createFanOut, type FanOutStep } from './fan-out-webhooks.js';
import { createWebhook } from './manage-webhooks.js';

const STEP: FanOutStep = { leaseOwner: 'worker-a', leaseMs: 30_000, batch: 100 };
const SAVING = { events: 5, ms: 1_000 };
// Captions differ: the duplicate-content check refuses a repeat.
let captions = 0;

// The fan-out's writes: a step that makes no message writes nothing, its commits renew its lease.
describe('createFanOut', () => {
  let t: TestDeps;
  let user: User;
  let account: ConnectedAccount;
  const actor = (): Actor => ({ user, credentialId: 'key_1', scopes: ['*'], accountIds: null });
  const deps = () => ({ ...t.deps, mediaUrl: (id: string) => `https://svc.test/media/${id}` });
  const schedule = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await createPosts(
        t.deps,
        actor(),
        {
          platforms: ['threads'],
          profileIds: [account.id],
          caption: `Post number ${++captions}`,
          scheduledTime: '2026-01-16T09:00:00Z',
        },
        { requireScheduledTime: true },
      );
      ids.push(created._unsafeUnwrap().postIds[0] as string);
    }
    return ids;
  };
  const writes = () => ({
    leases: vi.spyOn(t.store.webhooks, 'leaseFanOut'),
    commits: vi.spyOn(t.store.webhooks, 'commitFanOut'),
  });

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    account = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    // Hears deletions only: scheduling makes no message.
    const hook = await createWebhook({ ...deps(), webhookSender: createScriptedWebhookSender() }, actor(), {
      url: 'https://hooks.example.com/svc',
      events: ['post.deleted'],
    });
    hook._unsafeUnwrap();
  });

  it('keeps its cursor in memory while events make no message, and writes it with the next message', async () => {
    const { leases, commits } = writes();
    const fanOut = createFanOut(deps(), STEP, SAVING);
    const [first] = await schedule(2);
    expect(await fanOut.step()).toEqual({ events: 2, deliveries: 0 });
    expect(await fanOut.step()).toEqual({ events: 0, deliveries: 0 });
    expect(commits).not.toHaveBeenCalled();
    await deletePost(t.deps, actor(), first as string);
    expect(await fanOut.step()).toEqual({ events: 1, deliveries: 1 });
    expect(commits).toHaveBeenCalledTimes(1);
    expect(commits.mock.calls[0]?.[0]).toMatchObject({
      from: null,
      messages: [{ eventType: 'post.deleted' }],
    });
    // The lease was taken once: the commit renewed it.
    expect(leases).toHaveBeenCalledTimes(1);
    expect(await fanOut.step()).toEqual({ events: 0, deliveries: 0 });
  });

  it('writes what it read unsaved after `saving` allows no more, and renews its lease a third before its end', async () => {
    const { leases, commits } = writes();
    const fanOut = createFanOut(deps(), STEP, SAVING);
    await schedule(2);
    await fanOut.step();
    t.clock.advance(SAVING.ms);
    expect(await fanOut.step()).toEqual({ events: 0, deliveries: 0 });
    expect(commits).toHaveBeenCalledTimes(1);
    await schedule(SAVING.events);
    expect(await fanOut.step()).toEqual({ events: SAVING.events, deliveries: 0 });
    expect(commits).toHaveBeenCalledTimes(2);
    expect(leases).toHaveBeenCalledTimes(1);
    t.clock.advance((STEP.leaseMs * 2) / 3);
    await fanOut.step();
    expect(leases).toHaveBeenCalledTimes(2);
  });

  it('leaves a worker that takes over to read again what it had not saved, and makes each message once', async () => {
    const a = createFanOut(deps(), STEP, SAVING);
    const b = createFanOut(deps(), { ...STEP, leaseOwner: 'worker-b' }, SAVING);
    const [first] = await schedule(2);
    expect(await a.step()).toEqual({ events: 2, deliveries: 0 });
    expect(await b.step()).toBeNull();
    // worker-a stops without saving (killed): its lease lapses, worker-b reads from the store's cursor.
    t.clock.advance(STEP.leaseMs);
    await deletePost(t.deps, actor(), first as string);
    expect(await b.step()).toEqual({ events: 3, deliveries: 1 });
    expect(await a.step()).toBeNull();
    expect(await b.step()).toEqual({ events: 0, deliveries: 0 });
    expect(await t.store.webhooks.pendingCount()).toBe(1);
  });

  it('saves its cursor on request, so the next holder does not read those events again', async () => {
    const a = createFanOut(deps(), STEP, SAVING);
    await schedule(3);
    await a.step();
    await a.save();
    t.clock.advance(STEP.leaseMs);
    const b = createFanOut(deps(), { ...STEP, leaseOwner: 'worker-b' }, SAVING);
    expect(await b.step()).toEqual({ events: 0, deliveries: 0 });
  });
});
