import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import type { Post } from '../../posts/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { BULK_CSV_COLUMNS, parseBulkPosts } from '../parse-bulk-posts.js';
import { exportPosts } from './export-posts.js';

describe('exportPosts', () => {
  let t: TestDeps;
  const owner = aUser();
  let ig: ConnectedAccount;
  let th: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:read'],
    accountIds: null,
    ...overrides,
  });
  const minute = (n: number) => new Date(Date.parse('2026-01-15T12:00:00Z') + n * 60_000);
  const text = async (chunks: AsyncIterable<string>) => {
    const parts: string[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    return parts;
  };

  beforeEach(async () => {
    t = createTestDeps();
    ig = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'instagram' }));
    th = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    // 205 posts: three pages of the REST maximum, the Threads ones every fifth.
    const posts: Post[] = Array.from({ length: 205 }, (_, i) =>
      i % 5 === 0
        ? aPost(owner.id, th.id, {
            id: `post_${String(i).padStart(3, '0')}`,
            createdAt: minute(i),
            platforms: ['threads'],
            caption: `Post ${i}, "quoted"`,
          })
        : aPost(owner.id, ig.id, {
            id: `post_${String(i).padStart(3, '0')}`,
            createdAt: minute(i),
            caption: `Post ${i}`,
          }),
    );
    await t.store.posts.insertPosts({
      ownerId: owner.id,
      at: minute(0),
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
      posts,
    });
  });

  it('streams CSV one chunk per page, header first, rows the import reads back', async () => {
    const chunks = await text((await exportPosts(t.deps, actor(), {}, 'csv'))._unsafeUnwrap());
    expect(chunks).toHaveLength(4);
    expect(chunks[0]).toBe(`${BULK_CSV_COLUMNS.join(',')}\r\n`);
    const rows = parseBulkPosts(chunks.join(''), 'csv')._unsafeUnwrap();
    expect(rows).toHaveLength(205);
    expect(rows[0]).toMatchObject({
      row: 1,
      payload: { caption: 'Post 204', platforms: ['instagram'], profileIds: [ig.id] },
    });
    expect(rows[4]).toMatchObject({ payload: { caption: 'Post 200, "quoted"', platforms: ['threads'] } });
  });

  it('exports JSON the import reads back, with the list filters', async () => {
    const chunks = await text(
      (await exportPosts(t.deps, actor(), { platform: 'threads' }, 'json'))._unsafeUnwrap(),
    );
    const body = JSON.parse(chunks.join('')) as { posts: unknown[] };
    expect(body.posts).toHaveLength(41);
    const rows = parseBulkPosts(chunks.join(''), 'json')._unsafeUnwrap();
    expect(rows).toHaveLength(41);
    const empty = await text(
      (await exportPosts(t.deps, actor(), { status: 'failed' }, 'json'))._unsafeUnwrap(),
    );
    expect(JSON.parse(empty.join(''))).toEqual({ posts: [] });
    const onlyHeader = await text(
      (await exportPosts(t.deps, actor({ accountIds: ['acct_none'] }), {}, 'csv'))._unsafeUnwrap(),
    );
    expect(onlyHeader).toEqual([`${BULK_CSV_COLUMNS.join(',')}\r\n`]);
  });

  it('refuses bad filters and keys without post:read before yielding anything', async () => {
    expect(
      (await exportPosts(t.deps, actor(), { platform: 'myspace' }, 'csv'))._unsafeUnwrapErr().details,
    ).toMatchObject({
      field: 'platform',
    });
    expect(
      (await exportPosts(t.deps, actor({ scopes: ['post:write'] }), {}, 'csv'))._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
  });
});
