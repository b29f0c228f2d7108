import { describe, expect, it } from 'vitest';
import type { Actor } from '../../identity/index.js';
import type { Platform } from '../../kernel/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { seedPublishedPosts } from '../../testing/seed-published-posts.js';
import { createTestDeps } from '../../testing/test-deps.js';
import type { PostMetrics } from '../analytics-metrics.js';
import { getAnalyticsSeries } from './get-analytics-series.js';

const owner = aUser();
const anActor = (overrides: Partial<Actor> = {}): Actor => ({
  user: owner,
  credentialId: 'key_1',
  scopes: ['post:read'],
  accountIds: null,
  ...overrides,
});

type Deps = ReturnType<typeof createTestDeps>;

// The test clock reads 2026-01-15T12:00:00Z. [id, platform, account, published at, metrics]
const PUBLISHED: readonly [string, Platform, string, string, PostMetrics][] = [
  // Paris 23:30 on 8 January: before a 7-day Paris series, before a UTC one too.
  ['post_0', 'instagram', 'acct_ig', '2026-01-08T22:30:00Z', { views: 1, likes: 1 }],
  // Paris 00:30 on 9 January (the first day there); 8 January in UTC.
  ['post_1', 'instagram', 'acct_ig', '2026-01-08T23:30:00Z', { views: 20, likes: 2 }],
  ['post_2', 'tiktok', 'acct_tt', '2026-01-12T10:00:00Z', { views: 500, likes: 50, shares: 5 }],
  // Paris 00:30 on 15 January (today there); 14 January in UTC.
  ['post_3', 'instagram', 'acct_ig', '2026-01-14T23:30:00Z', { views: 100, likes: 10, comments: 3 }],
];

async function seed(deps: Deps): Promise<void> {
  for (const account of ['acct_ig', 'acct_tt']) {
    const platform = account === 'acct_ig' ? 'instagram' : 'tiktok';
    await deps.store.accounts.saveAccount(anAccount(owner.id, { id: account, platform }));
  }
  await seedPublishedPosts(
    deps.store,
    deps.clock.now(),
    PUBLISHED.map(([id, platform, account, time, metrics]) => ({
      post: aPost(owner.id, account, { id, platforms: [platform] }),
      publishedAt: new Date(time),
      metrics,
    })),
  );
}

describe('getAnalyticsSeries', () => {
  it('answers per local day of the zone and per platform, with zeros on the days without posts', async () => {
    const deps = createTestDeps();
    await seed(deps);
    const series = (
      await getAnalyticsSeries(deps, anActor(), { days: 7, timezone: 'Europe/Paris' })
    )._unsafeUnwrap();
    expect(series).toMatchObject({
      days: 7,
      timezone: 'Europe/Paris',
      from: '2026-01-08T23:00:00.000Z',
      to: '2026-01-15T12:00:00.000Z',
      dates: [
        '2026-01-09',
        '2026-01-10',
        '2026-01-11',
        '2026-01-12',
        '2026-01-13',
        '2026-01-14',
        '2026-01-15',
      ],
    });
    expect(series.byPlatform.instagram?.map((d) => [d.posts, d.views, d.engagement])).toEqual([
      [1, 20, 2],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
      [1, 100, 13],
    ]);
    expect(series.byPlatform.tiktok?.map((d) => d.engagement)).toEqual([0, 0, 0, 55, 0, 0, 0]);
    expect(series.byPlatform.youtube).toBeUndefined();
  });

  it('buckets by UTC days without a time zone', async () => {
    const deps = createTestDeps();
    await seed(deps);
    const series = (await getAnalyticsSeries(deps, anActor(), { days: 7 }))._unsafeUnwrap();
    expect(series.from).toBe('2026-01-09T00:00:00.000Z');
    expect(series.dates.at(-1)).toBe('2026-01-15');
    // post_1 fell on 8 January in UTC: out of the window; post_3 on 14 January.
    expect(series.byPlatform.instagram?.map((d) => d.views)).toEqual([0, 0, 0, 0, 0, 100, 0]);
  });

  it('shows an account-limited key only its accounts, and refuses others', async () => {
    const deps = createTestDeps();
    await seed(deps);
    const limited = anActor({ accountIds: ['acct_tt'] });
    const series = (await getAnalyticsSeries(deps, limited, { days: 7 }))._unsafeUnwrap();
    expect(Object.keys(series.byPlatform)).toEqual(['tiktok']);
    const denied = await getAnalyticsSeries(deps, limited, { profileIds: ['acct_ig'] });
    expect(denied._unsafeUnwrapErr()).toMatchObject({ code: 'profile_scope_denied' });
    const asked = (
      await getAnalyticsSeries(deps, anActor(), { days: 7, profileIds: ['acct_ig'] })
    )._unsafeUnwrap();
    expect(Object.keys(asked.byPlatform)).toEqual(['instagram']);
  });

  it('needs post:read, a window from 1 to 365 days and a known zone', async () => {
    const deps = createTestDeps();
    const noScope = await getAnalyticsSeries(deps, anActor({ scopes: ['account:read'] }), {});
    expect(noScope._unsafeUnwrapErr()).toMatchObject({ code: 'insufficient_scope' });
    const tooLong = await getAnalyticsSeries(deps, anActor(), { days: 366 });
    expect(tooLong._unsafeUnwrapErr()).toMatchObject({ details: { field: 'days' } });
    const zone = await getAnalyticsSeries(deps, anActor(), { timezone: 'Mars/Olympus' });
    expect(zone._unsafeUnwrapErr()).toMatchObject({ details: { field: 'timezone' } });
    const year = (await getAnalyticsSeries(deps, anActor(), { days: 365 }))._unsafeUnwrap();
    expect(year.dates).toHaveLength(365);
    expect(year.dates.at(-1)).toBe('2026-01-15');
  });
});
