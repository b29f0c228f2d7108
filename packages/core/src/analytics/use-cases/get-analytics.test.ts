import { describe, expect, it } from 'vitest';
import type { Actor } from '../../identity/index.js';
import { transition } from '../../posts/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { getAnalytics } from './get-analytics.js';

const owner = aUser();
const anActor = (overrides: Partial<Actor> = {}): Actor => ({
  user: owner,
  credentialId: 'key_1',
  scopes: ['post:read'],
  accountIds: null,
  ...overrides,
});

describe('getAnalytics', () => {
  it('refuses a window outside 1 to 365 days and an unknown time zone', async () => {
    const deps = createTestDeps();
    const actor = anActor();
    for (const days of [0, 366, 2.5]) {
      const result = await getAnalytics(deps, actor, { days });
      expect(result._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_failed',
        details: { field: 'days' },
      });
    }
    const zone = await getAnalytics(deps, actor, { timezone: 'Mars/Olympus' });
    expect(zone._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'timezone' },
    });
  });

  it('refuses profiles that are not the owner’s, and those outside the key’s accounts', async () => {
    const deps = createTestDeps();
    const actor = anActor();
    const mine = await deps.store.accounts.saveAccount(anAccount(actor.user.id, { id: 'acct_mine' }));
    const other = await deps.store.accounts.saveAccount(anAccount('user_else', { id: 'acct_else' }));
    const unknown = await getAnalytics(deps, actor, { profileIds: [mine.id, other.id] });
    expect(unknown._unsafeUnwrapErr()).toMatchObject({
      code: 'invalid_profile_ids',
      details: { invalid: ['acct_else'] },
    });
    const limited = { ...actor, accountIds: ['acct_other_of_mine'] };
    const denied = await getAnalytics(deps, limited, { profileIds: [mine.id] });
    expect(denied._unsafeUnwrapErr()).toMatchObject({
      code: 'profile_scope_denied',
      details: { denied: ['acct_mine'] },
    });
  });

  it('needs post:read', async () => {
    const deps = createTestDeps();
    const actor = anActor({ scopes: ['account:read'] });
    expect((await getAnalytics(deps, actor, {}))._unsafeUnwrapErr()).toMatchObject({
      code: 'insufficient_scope',
    });
  });

  it('answers over the window with the figures the collector recorded', async () => {
    const deps = createTestDeps();
    const actor = anActor();
    const account = await deps.store.accounts.saveAccount(anAccount(actor.user.id, { id: 'acct_ig' }));
    const now = deps.clock.now();
    const publishedAt = new Date(now.getTime() - 2 * 86_400_000);
    const post = aPost(actor.user.id, account.id, {
      id: 'post_1',
      scheduledTime: publishedAt,
      dueAt: publishedAt,
    });
    await deps.store.posts.insertPosts({
      ownerId: actor.user.id,
      at: publishedAt,
      posts: [post],
      idempotency: null,
      quota: { limit: 100, windowStart: publishedAt },
    });
    const [claimed] = await deps.store.posts.claimDuePosts({
      now: publishedAt,
      limit: 1,
      leaseOwner: 'p',
      leaseUntil: now,
    });
    if (claimed === undefined) throw new Error('not claimed');
    const done = transition(claimed, {
      type: 'succeed',
      at: publishedAt,
      leaseOwner: 'p',
      platformPostId: 'ig_1',
      permalink: 'https://instagram.test/p/1',
    })._unsafeUnwrap();
    await deps.store.posts.updatePost(done.post, claimed.version, done.events);
    await deps.store.analytics.followJournal(100);
    await deps.store.analytics.claimCollections({ now, leaseOwner: 'c', leaseUntil: now, limit: 10 });
    await deps.store.analytics.recordCollection({
      postId: 'post_1',
      leaseOwner: 'c',
      at: now,
      status: 'collected',
      slot: 3,
      metrics: { views: 400, likes: 30, comments: 5 },
      nextAt: null,
    });
    const answer = (await getAnalytics(deps, actor, { days: 7, timezone: 'Europe/Paris' }))._unsafeUnwrap();
    expect(answer).toMatchObject({
      days: 7,
      timezone: 'Europe/Paris',
      totals: { posts: 1, views: 400, engagement: 35 },
      weekOnWeek: { current: { posts: 1, views: 400, engagement: 35 }, change: { views: null } },
      topPosts: {
        instagram: [
          {
            rank: 1,
            postId: 'post_1',
            permalink: 'https://instagram.test/p/1',
            value: 35,
            relativeToPlatformBest: 1,
          },
        ],
      },
      bestHour: { value: null, reason: 'too_few_samples', samples: 1 },
    });
  });
});
