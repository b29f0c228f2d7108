import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import { type Actor, DEFAULT_PLAN_LIMITS } from '../../identity/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { parseBulkPosts } from '../parse-bulk-posts.js';
import { importPosts } from './import-posts.js';

const LATER = '2026-01-16T09:00:00Z';

describe('importPosts', () => {
  let t: TestDeps;
  const owner = aUser();
  let threads: ConnectedAccount;
  let threads2: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write', 'post:read'],
    accountIds: null,
    ...overrides,
  });
  const rowsOf = (csv: string) => parseBulkPosts(csv, 'csv')._unsafeUnwrap();
  const csv = (...lines: string[]) =>
    ['caption,platforms,profileIds,scheduledTime,externalId,mediaIds', ...lines].join('\n');
  const run = async (text: string, dryRun: boolean, who = actor()) =>
    (await importPosts(t.deps, who, rowsOf(text), { dryRun }))._unsafeUnwrap();
  const stored = async () =>
    (
      await t.store.posts.listPosts({
        ownerId: owner.id,
        statuses: null,
        accountIds: null,
        limit: 100,
        after: null,
      })
    ).posts;

  beforeEach(async () => {
    t = createTestDeps();
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    threads2 = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
  });

  const file = () =>
    csv(
      `First,threads,${threads.id},${LATER},ext-1,`,
      `Fan out,threads,,${LATER},,`,
      `Past,threads,,2026-01-01T09:00:00Z,,`,
      `Media,threads,,${LATER},,media_unknown`,
      `No offset,threads,,2026-01-16T09:00:00,,`,
      `Nowhere,myspace,,,,`,
    );

  it('creates valid rows one by one and reports each row with the error creating it alone would give', async () => {
    const result = await run(file(), false);
    expect(result.rows.map((r) => [r.row, r.ok, r.error?.code ?? r.posts])).toEqual([
      [1, true, 1],
      [2, true, 2],
      [3, false, 'scheduled_time_in_past'],
      [4, false, 'media_not_found'],
      [5, false, 'invalid_scheduled_time'],
      [6, false, 'unsupported_platform'],
    ]);
    expect(result.rows[0]).toMatchObject({
      status: 'scheduled',
      replayed: false,
      postIds: [expect.any(String)],
    });
    expect(result.totals).toEqual({ rows: 6, ok: 2, failed: 4, posts: 3, replayed: 0 });
    expect(await stored()).toHaveLength(3);
  });

  it('replays rows with an externalId when the import runs again; rows without one are new requests', async () => {
    const text = csv(
      `First,threads,${threads.id},${LATER},ext-1,`,
      `Second,threads,${threads2.id},${LATER},,`,
    );
    const first = await run(text, false);
    const again = await run(text, false);
    expect(again.rows[0]).toMatchObject({
      ok: true,
      replayed: true,
      postIds: first.rows[0]?.postIds,
      posts: 0,
    });
    // Without a key the row is a new request; here the duplicate-content check refuses the repeat.
    expect(again.rows[1]).toMatchObject({ ok: false, error: { code: 'duplicate_content' } });
    expect(again.totals).toMatchObject({ ok: 1, failed: 1, posts: 0, replayed: 1 });
    const forced = parseBulkPosts(
      JSON.stringify([
        {
          caption: 'Second',
          platforms: ['threads'],
          profileIds: [threads2.id],
          scheduledTime: LATER,
          allowDuplicate: true,
        },
      ]),
      'json',
    )._unsafeUnwrap();
    expect((await importPosts(t.deps, actor(), forced, { dryRun: false }))._unsafeUnwrap().totals.posts).toBe(
      1,
    );
    expect(await stored()).toHaveLength(3);
  });

  it('checks every row in a dry run and writes nothing', async () => {
    const result = await run(file(), true);
    expect(result.dryRun).toBe(true);
    expect(result.rows.map((r) => [r.row, r.ok, r.error?.code ?? r.posts])).toEqual([
      [1, true, 1],
      [2, true, 2],
      [3, false, 'scheduled_time_in_past'],
      [4, false, 'media_not_found'],
      [5, false, 'invalid_scheduled_time'],
      [6, false, 'unsupported_platform'],
    ]);
    expect(result.rows[0]).not.toHaveProperty('postIds');
    expect(result.totals).toEqual({ rows: 6, ok: 2, failed: 4, posts: 3, replayed: 0 });
    expect(await stored()).toEqual([]);
    expect(await t.store.posts.quotaUsed(owner.id, new Date('2026-01-01T00:00:00Z'))).toBe(0);
    expect(t.publisher.dueCalls).toEqual([]);
  });

  it('in a dry run, counts the quota, repeats and keys of the rows before each row', async () => {
    t = createTestDeps({
      planLimits: { ...DEFAULT_PLAN_LIMITS, paid: { ...DEFAULT_PLAN_LIMITS.paid, postsPerMonth: 3 } },
    });
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    const result = await run(
      csv(
        `One,threads,${threads.id},${LATER},k-1,`,
        `One,threads,${threads.id},${LATER},k-1,`,
        `Other,threads,${threads.id},${LATER},k-1,`,
        `One,threads,${threads.id},${LATER},,`,
        `Two,threads,${threads.id},${LATER},,`,
        `Three,threads,${threads.id},${LATER},,`,
        `Four,threads,${threads.id},${LATER},,`,
      ),
      true,
    );
    expect(result.rows.map((r) => r.error?.code ?? (r.replayed ? 'replayed' : 'ok'))).toEqual([
      'ok',
      'replayed',
      'idempotency_conflict',
      'duplicate_content',
      'ok',
      'ok',
      'quota_exceeded',
    ]);
  });

  it('reports rows the parser could not read, and answers replays in a dry run', async () => {
    await run(csv(`First,threads,${threads.id},${LATER},ext-1,`), false);
    const rows = [
      ...rowsOf(csv(`First,threads,${threads.id},${LATER},ext-1,`)),
      ...parseBulkPosts('[1]', 'json')
        ._unsafeUnwrap()
        .map((r) => ({ ...r, row: 2 })),
    ];
    const result = (await importPosts(t.deps, actor(), rows, { dryRun: true }))._unsafeUnwrap();
    expect(result.rows[0]).toMatchObject({ ok: true, replayed: true, postIds: [expect.any(String)] });
    expect(result.rows[1]).toMatchObject({ row: 2, ok: false, error: { code: 'validation_failed' } });
  });

  it('can require a time on every row', async () => {
    const result = (
      await importPosts(t.deps, actor(), rowsOf(csv('Now,threads,,,,')), {
        dryRun: true,
        requireScheduledTime: true,
      })
    )._unsafeUnwrap();
    expect(result.rows[0]?.error?.code).toBe('invalid_scheduled_time');
  });

  it('needs post:write and a plan that allows scheduling, before any row', async () => {
    const rows = rowsOf(csv(`First,threads,,${LATER},,`));
    const code = async (who: Actor) =>
      (await importPosts(t.deps, who, rows, { dryRun: false }))._unsafeUnwrapErr().code;
    expect(await code(actor({ scopes: ['post:read'] }))).toBe('insufficient_scope');
    expect(await code(actor({ user: { ...owner, plan: { kind: 'expired' } } }))).toBe('plan_required');
  });

  it('queues rows with a queue cell on the next free slots, one row after another', async () => {
    // The fake clock stands at 2026-01-15 12:00 UTC, a Thursday.
    await t.store.postingSlots.replacePostingSchedule(
      threads.id,
      {
        timeZone: 'UTC',
        slots: [
          { day: 'fri', time: '09:00' },
          { day: 'fri', time: '10:00' },
        ],
      },
      new Date(0),
    );
    const text = [
      'caption,platforms,profileIds,queue',
      `One,threads,${threads.id},true`,
      `Two,threads,${threads.id},yes`,
      `Slotless,threads,${threads2.id},true`,
      `Bad,threads,${threads.id},perhaps`,
    ].join('\n');
    const rows = parseBulkPosts(text, 'csv')._unsafeUnwrap();
    const checked = (await importPosts(t.deps, actor(), rows, { dryRun: true }))._unsafeUnwrap();
    expect(checked.rows.map((r) => r.error?.code ?? null)).toEqual([
      null,
      null,
      'no_posting_slots',
      'validation_failed',
    ]);
    expect(rows[3]).toMatchObject({ error: { code: 'validation_failed', details: { field: 'queue' } } });
    const result = (await importPosts(t.deps, actor(), rows, { dryRun: false }))._unsafeUnwrap();
    expect(result.rows.map((r) => [r.row, r.ok, r.error?.code ?? r.posts])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [3, false, 'no_posting_slots'],
      [4, false, 'validation_failed'],
    ]);
    expect((await stored()).map((p) => [p.caption, p.scheduledTime?.toISOString()]).sort()).toEqual([
      ['One', '2026-01-16T09:00:00.000Z'],
      ['Two', '2026-01-16T10:00:00.000Z'],
    ]);
  });
});
