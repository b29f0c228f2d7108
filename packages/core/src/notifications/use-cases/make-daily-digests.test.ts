import { describe, expect, it } from 'vitest';
import type { Store } from '../../deps/index.js';
import { type Post, transition } from '../../posts/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { seedClaimedPost, seedPublishedPosts } from '../../testing/seed-published-posts.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { makeDailyDigests } from './make-daily-digests.js';

const at = (iso: string) => new Date(iso);

/** A post failed through the stores as the publisher fails it, at `when`. */
async function failPost(store: Store, post: Post, when: Date, reason: string): Promise<void> {
  const mine = await seedClaimedPost(store, post, when);
  const done = transition(mine, { type: 'fail', at: when, leaseOwner: 'seed', reason })._unsafeUnwrap();
  await store.posts.updatePost(done.post, mine.version, done.events);
}

describe('the daily digest: made once per person and day', () => {
  it('queues one digest per person who chose it, once a day, and decides a quiet day once', async () => {
    const { deps, store, clock } = createTestDeps();
    const ann = aUser({ id: 'user_ann', email: 'ann@example.com' });
    const bob = aUser({ id: 'user_bob', email: 'bob@example.com' });
    const cat = aUser({ id: 'user_cat', email: 'cat@example.com' });
    for (const u of [ann, bob, cat]) await store.users.insertUser(u);
    const ig = anAccount(ann.id, { handle: 'ann_ig' });
    const th = anAccount(ann.id, { platform: 'threads', handle: 'ann_th', needsReconnect: true });
    const bobIg = anAccount(bob.id, { handle: 'bob_ig' });
    const bobTt = anAccount(bob.id, { platform: 'tiktok', handle: 'bob_tt' });
    for (const a of [ig, th, bobIg, bobTt]) await store.accounts.saveAccount(a);
    // Ann is a member of Bob's workspace, limited to his Instagram account.
    await store.workspaces.insertMember({
      workspaceId: bob.id,
      userId: ann.id,
      role: 'editor',
      accountIds: [bobIg.id],
      createdAt: at('2026-11-01T00:00:00Z'),
      updatedAt: at('2026-11-01T00:00:00Z'),
    });
    await seedPublishedPosts(store, at('2026-11-29T12:00:00Z'), [
      {
        post: aPost(ann.id, ig.id, { caption: 'Went out' }),
        publishedAt: at('2026-11-29T10:00:00Z'),
        metrics: null,
      },
      // Before the window: not told.
      {
        post: aPost(ann.id, ig.id, { caption: 'Old news' }),
        publishedAt: at('2026-11-29T07:00:00Z'),
        metrics: null,
      },
    ]);
    await failPost(
      store,
      aPost(bob.id, bobIg.id, { caption: 'Bob ig failed' }),
      at('2026-11-29T15:00:00Z'),
      'Too long',
    );
    await failPost(
      store,
      aPost(bob.id, bobTt.id, { caption: 'Bob tt failed' }),
      at('2026-11-29T16:00:00Z'),
      'Hidden',
    );
    await store.posts.insertPosts({
      ownerId: ann.id,
      at: at('2026-11-29T09:00:00Z'),
      posts: [aPost(ann.id, ig.id, { caption: 'Coming up', scheduledTime: at('2026-11-30T18:00:00Z') })],
      idempotency: null,
      quota: { limit: 1_000_000, windowStart: at('2026-11-29T09:00:00Z') },
    });
    await store.notifications.setPreference(ann.id, 'daily_digest', true, at('2026-11-01T00:00:00Z'));
    await store.notifications.setPreference(cat.id, 'daily_digest', true, at('2026-11-01T00:00:00Z'));
    // Bob never chose it: the digest is off by default.

    clock.set('2026-11-30T07:59:00.000Z');
    expect(await makeDailyDigests({ ...deps, baseUrl: 'https://svc.example' })).toBe(0);
    expect(await store.notifications.listNotifications(ann.id, 10)).toEqual([]);

    clock.set('2026-11-30T08:00:30.000Z');
    expect(await makeDailyDigests({ ...deps, baseUrl: 'https://svc.example' })).toBe(1);
    const [digest] = await store.notifications.listNotifications(ann.id, 10);
    expect(digest).toMatchObject({
      kind: 'daily_digest',
      status: 'pending',
      dedupKey: 'digest:user_ann:2026-11-30',
    });
    expect(digest?.to).toBe('ann@example.com');
    expect(digest?.text).toContain(
      '== Your workspace ==\nPosted (1):\n- Sun 10:00 instagram @ann_ig: "Went out"',
    );
    expect(digest?.text).not.toContain('Old news');
    expect(digest?.text).toContain('- Mon 18:00 instagram @ann_ig: "Coming up"');
    expect(digest?.text).toContain('Accounts needing reconnection (1):\n- threads @ann_th');
    expect(digest?.text).toContain(
      `== ${bob.email} ==\nFailed (1):\n- Sun 15:00 instagram @bob_ig: "Bob ig failed". Reason: Too long`,
    );
    expect(digest?.text).not.toContain('Bob tt failed');
    expect(digest?.unsubscribeUrl).toMatch(/^https:\/\/svc\.example\/unsubscribe\?token=/);
    // Cat has nothing to say: her day is decided (skipped), nothing to send.
    expect((await store.notifications.listNotifications(cat.id, 10)).map((n) => n.status)).toEqual([
      'skipped',
    ]);
    expect(await store.notifications.listNotifications(bob.id, 10)).toEqual([]);

    // Later the same day, and a second pass (another process): nothing more.
    clock.set('2026-11-30T20:00:00.000Z');
    expect(await makeDailyDigests({ ...deps, baseUrl: 'https://svc.example' })).toBe(0);
    expect(await store.notifications.listNotifications(ann.id, 10)).toHaveLength(1);

    // The next morning: the next day's digest.
    clock.set('2026-12-01T08:10:00.000Z');
    expect(await makeDailyDigests({ ...deps, baseUrl: 'https://svc.example' })).toBe(1);
    const days = (await store.notifications.listNotifications(ann.id, 10)).map((n) => n.dedupKey);
    expect(days).toEqual(['digest:user_ann:2026-12-01', 'digest:user_ann:2026-11-30']);
  });

  it('tells a reviewer the drafts whose open step they may decide, and nobody else', async () => {
    const { deps, store, clock } = createTestDeps();
    const ann = aUser({ id: 'user_ann2' });
    await store.users.insertUser(ann);
    const ig = anAccount(ann.id);
    await store.accounts.saveAccount(ig);
    const draft = aPost(ann.id, ig.id, { caption: 'Please review', status: 'pending_approval' });
    await store.posts.insertPosts({
      ownerId: ann.id,
      at: at('2026-11-29T09:00:00Z'),
      posts: [draft],
      idempotency: null,
      quota: { limit: 1_000_000, windowStart: at('2026-11-29T09:00:00Z') },
    });
    await store.approvals.insertApproval({
      id: 'appr_1',
      postId: draft.id,
      ownerId: ann.id,
      status: 'pending',
      requestNote: null,
      reviewerNote: null,
      requestedAt: at('2026-11-29T09:00:00Z'),
      decidedAt: null,
      requestedBy: 'key_1',
    });
    await store.notifications.setPreference(ann.id, 'daily_digest', true, at('2026-11-01T00:00:00Z'));
    clock.set('2026-11-30T09:00:00.000Z');
    expect(await makeDailyDigests({ ...deps, baseUrl: 'https://svc.example' })).toBe(1);
    const [digest] = await store.notifications.listNotifications(ann.id, 1);
    expect(digest?.text).toContain('Drafts awaiting your review (1):\n- "Please review"');
  });
});
