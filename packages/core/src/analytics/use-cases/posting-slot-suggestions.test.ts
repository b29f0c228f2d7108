import { describe, expect, it } from 'vitest';
import type { Actor } from '../../identity/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createFakeClock } from '../../testing/fake-clock.js';
import { seedPublishedPosts } from '../../testing/seed-published-posts.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { acceptSlotSuggestions, getSlotSuggestions } from './posting-slot-suggestions.js';

const owner = aUser({ timeZone: 'Europe/Paris' });
const actor = (scopes: Actor['scopes'], accountIds: string[] | null = null): Actor => ({
  user: owner,
  credentialId: 'key_1',
  scopes,
  accountIds,
});

// Mondays 09:15 Paris time either side of the spring change (2026-03-29): 08:15Z in CET, 07:15Z
// in CEST, and Tuesdays 18:40 likewise. One hour in Paris, two hours in UTC.
const MONDAYS = [
  '2026-03-02T08:15:00Z',
  '2026-03-09T08:15:00Z',
  '2026-04-06T07:15:00Z',
  '2026-04-13T07:15:00Z',
];
const TUESDAYS = [
  '2026-03-03T17:40:00Z',
  '2026-03-10T17:40:00Z',
  '2026-04-07T16:40:00Z',
  '2026-04-14T16:40:00Z',
];

async function seeded() {
  const deps = createTestDeps();
  const clock = createFakeClock('2026-04-20T12:00:00.000Z');
  const all = { ...deps.deps, clock };
  const account = await deps.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
  const other = await deps.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
  const seeds = [...MONDAYS, ...TUESDAYS].map((at, i) => ({
    post: aPost(owner.id, account.id, { id: `post_${i}` }),
    publishedAt: new Date(at),
    // Mondays 100 each, Tuesdays 40 each.
    metrics: { likes: i < MONDAYS.length ? 90 : 30, comments: 10 },
  }));
  // Two more on Wednesday 12:00 Paris: posts for the total, too few for their cell.
  seeds.push(
    ...['2026-04-08T10:00:00Z', '2026-04-15T10:00:00Z'].map((at, i) => ({
      post: aPost(owner.id, account.id, { id: `post_w${i}` }),
      publishedAt: new Date(at),
      metrics: { likes: 500, comments: 0 },
    })),
  );
  await seedPublishedPosts(deps.store, clock.now(), seeds);
  return { deps: all, store: deps.store, account, other };
}

describe('posting slot suggestions', () => {
  it('reads the figures in the slots’ zone, at each post’s own offset across the DST change', async () => {
    const { deps, account } = await seeded();
    const paris = (await getSlotSuggestions(deps, actor(['account:read']), account.id))._unsafeUnwrap();
    expect(paris).toMatchObject({
      profileId: account.id,
      platform: 'instagram',
      source: 'analytics',
      timeZone: 'Europe/Paris',
      days: 90,
      samples: 10,
      slots: [
        { day: 'mon', time: '09:00' },
        { day: 'tue', time: '18:00' },
      ],
      cells: [
        { day: 'mon', hour: 9, samples: 4, score: 100 },
        { day: 'tue', hour: 18, samples: 4, score: 40 },
      ],
    });
    // In UTC the same posts fall in two hours each: no cell holds three of them.
    const utc = (
      await getSlotSuggestions(deps, actor(['account:read']), account.id, { timeZone: 'UTC' })
    )._unsafeUnwrap();
    expect(utc).toMatchObject({ source: 'platform_defaults', timeZone: 'UTC', samples: 10 });
  });

  it('suggests platform defaults for an account with no figures', async () => {
    const { deps, other } = await seeded();
    const s = (await getSlotSuggestions(deps, actor(['account:read']), other.id))._unsafeUnwrap();
    expect(s).toMatchObject({ source: 'platform_defaults', platform: 'threads', samples: 0 });
    expect(s.message).toContain('general industry guidance');
  });

  it('accepts the suggestion into the account’s slots with account:write', async () => {
    const { deps, store, account } = await seeded();
    const reader = await acceptSlotSuggestions(deps, actor(['account:read']), account.id);
    expect(reader._unsafeUnwrapErr().code).toBe('insufficient_scope');
    expect(await store.postingSlots.getPostingSchedule(account.id)).toBeNull();
    const done = (await acceptSlotSuggestions(deps, actor(['account:write']), account.id))._unsafeUnwrap();
    expect(await store.postingSlots.getPostingSchedule(account.id)).toEqual({
      timeZone: 'Europe/Paris',
      slots: done.slots,
    });
  });

  it('refuses a bad window or zone, other owners’ accounts and accounts outside the key', async () => {
    const { deps, account, other } = await seeded();
    const read = actor(['account:read']);
    expect((await getSlotSuggestions(deps, read, account.id, { days: 0 }))._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field: 'days' },
    });
    expect(
      (await getSlotSuggestions(deps, read, account.id, { timeZone: 'Mars/Base' }))._unsafeUnwrapErr(),
    ).toMatchObject({ code: 'validation_failed', details: { field: 'timeZone' } });
    expect((await getSlotSuggestions(deps, read, 'acct_nope'))._unsafeUnwrapErr().code).toBe(
      'invalid_profile_ids',
    );
    const limited = actor(['account:read'], [other.id]);
    expect((await getSlotSuggestions(deps, limited, account.id))._unsafeUnwrapErr().code).toBe(
      'profile_scope_denied',
    );
  });
});
