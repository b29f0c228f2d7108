import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Store } from '../../deps/index.js';
import { type Actor, DEFAULT_PLAN_LIMITS, type Scope, type User } from '../../identity/index.js';
import { createPosts, listQueue } from '../../posts/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createFakeClock, type FakeClock } from '../../testing/fake-clock.js';
import { createMemoryStore } from '../../testing/memory-store.js';
import { createRecordingPublisherSignal } from '../../testing/recording-publisher-signal.js';
import { createSequentialIds } from '../../testing/sequential-ids.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { getPostingSlots, replacePostingSlots } from './posting-slots.js';

// 2026-01-15 is a Thursday; Paris is UTC+1 in January.
const SLOTS = {
  timeZone: 'Europe/Paris',
  slots: [
    { day: 'thu', time: '18:00' },
    { day: 'fri', time: '09:30' },
  ],
};

describe('posting slots and queued posts', () => {
  let store: Store;
  let clock: FakeClock;
  let ids: ReturnType<typeof createSequentialIds>;
  let user: User;
  let threads: ConnectedAccount;
  let other: ConnectedAccount;
  const actorFor = (scopes: Scope[], accountIds: string[] | null = null): Actor => ({
    user,
    credentialId: 'key_1',
    scopes,
    accountIds,
  });
  const all = () => actorFor(['post:write', 'post:read', 'account:read', 'account:write']);
  const deps = () => ({
    ...createTestDeps().deps,
    store,
    clock,
    ids,
    publisher: createRecordingPublisherSignal(5_000),
    planLimits: DEFAULT_PLAN_LIMITS,
  });
  const queued = (caption: string, extra: object = {}) =>
    createPosts(
      deps(),
      all(),
      { platforms: ['threads'], caption, queue: true, ...extra },
      {
        requireScheduledTime: false,
      },
    );

  beforeEach(async () => {
    store = createMemoryStore();
    clock = createFakeClock('2026-01-15T12:00:00.000Z');
    ids = createSequentialIds();
    user = aUser({ timeZone: 'America/New_York' });
    await store.users.insertUser(user);
    threads = await store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    other = await store.accounts.saveAccount(anAccount(user.id, { platform: 'facebook' }));
  });

  it("answers no slots in the owner's time zone until slots are set, then the slots as stored", async () => {
    expect((await getPostingSlots(deps(), all(), threads.id))._unsafeUnwrap()).toEqual({
      timeZone: 'America/New_York',
      slots: [],
    });
    expect((await replacePostingSlots(deps(), all(), threads.id, SLOTS))._unsafeUnwrap()).toEqual(SLOTS);
    expect((await getPostingSlots(deps(), all(), threads.id))._unsafeUnwrap()).toEqual(SLOTS);
  });

  it('needs account:write to change slots and account:read to read them, and keeps to the key’s accounts', async () => {
    const reader = actorFor(['account:read']);
    expect((await replacePostingSlots(deps(), reader, threads.id, SLOTS))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
    expect((await getPostingSlots(deps(), actorFor(['post:read']), threads.id))._unsafeUnwrapErr().code).toBe(
      'insufficient_scope',
    );
    const limited = actorFor(['account:read', 'account:write'], [other.id]);
    expect((await getPostingSlots(deps(), limited, threads.id))._unsafeUnwrapErr().code).toBe(
      'profile_scope_denied',
    );
    expect((await getPostingSlots(deps(), all(), 'acct_missing'))._unsafeUnwrapErr().code).toBe(
      'invalid_profile_ids',
    );
    const bad = await replacePostingSlots(deps(), all(), threads.id, { timeZone: 'Nowhere/City', slots: [] });
    expect(bad._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'timeZone' },
    });
    expect(await store.postingSlots.getPostingSchedule(threads.id)).toBeNull();
  });

  it('queues posts on the next free slots and lists them as the queue', async () => {
    await replacePostingSlots(deps(), all(), threads.id, SLOTS);
    const first = (await queued('one'))._unsafeUnwrap();
    const second = (await queued('two'))._unsafeUnwrap();
    const third = (await queued('three'))._unsafeUnwrap();
    const times = [first, second, third].map((r) => r.posts[0]?.scheduledTime?.toISOString());
    expect(times).toEqual([
      '2026-01-15T17:00:00.000Z',
      '2026-01-16T08:30:00.000Z',
      '2026-01-22T17:00:00.000Z',
    ]);
    expect(first.scheduledTime.toISOString()).toBe('2026-01-15T17:00:00.000Z');
    // A post at an explicit time off the slots is not in the queue.
    await createPosts(
      deps(),
      all(),
      { platforms: ['threads'], caption: 'off', scheduledTime: '2026-01-16T10:00:00Z' },
      { requireScheduledTime: false },
    );
    const queue = (await listQueue(deps(), all(), threads.id))._unsafeUnwrap();
    expect(queue.schedule).toEqual(SLOTS);
    expect(queue.items).toEqual(
      [first, second, third].map((r) => ({ postId: r.postIds[0], scheduledTime: r.posts[0]?.scheduledTime })),
    );
  });

  it('refuses queue with a scheduledTime, and an account without slots with no_posting_slots', async () => {
    const both = await queued('x', { scheduledTime: '2026-02-01T09:00:00Z' });
    expect(both._unsafeUnwrapErr()).toMatchObject({ code: 'validation_failed', details: { field: 'queue' } });
    const none = await queued('y');
    expect(none._unsafeUnwrapErr()).toMatchObject({
      code: 'no_posting_slots',
      details: { profileIds: [threads.id] },
    });
    expect(none._unsafeUnwrapErr().message).toContain(`PUT /api/v1/connections/${threads.id}/slots`);
    expect(await store.posts.nextDueAt()).toBeNull();
  });
});
