import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import { operatorActor, type User } from '../../identity/index.js';
import { anAccount, aPost, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import type { Post } from '../post.js';
import { evergreenStanding } from './evergreen-standing.js';
import { recycleEvergreenPosts } from './recycle-evergreen-posts.js';

const DAY = 86_400_000;
const RULE = { everyDays: 7, maxTimes: 2, onlyAboveMedian: false };

describe('evergreenStanding', () => {
  let t: TestDeps;
  let user: User;
  let account: ConnectedAccount;

  beforeEach(async () => {
    t = createTestDeps();
    user = aUser();
    await t.store.users.insertUser(user);
    account = await t.store.accounts.saveAccount(anAccount(user.id, { platform: 'threads' }));
    await t.store.postingSlots.replacePostingSchedule(
      account.id,
      {
        timeZone: 'UTC',
        slots: (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((day) => ({
          day,
          time: '09:00',
        })),
      },
      t.clock.now(),
    );
  });

  async function insert(overrides: Partial<Post>): Promise<Post> {
    const post = aPost(user.id, account.id, { platforms: ['threads'], caption: 'Our guide', ...overrides });
    await t.store.posts.insertPosts({
      ownerId: user.id,
      at: t.clock.now(),
      posts: [post],
      idempotency: null,
      quota: { limit: 1000, windowStart: new Date(0) },
    });
    return post;
  }
  const standing = async (id: string) =>
    (await evergreenStanding(t.deps, operatorActor(user), id))._unsafeUnwrap();
  const posted = (at: Date) => ({
    status: 'posted' as const,
    scheduledTime: at,
    publishedAt: at,
    dueAt: null,
  });

  it('says a post not yet published recycles from its publication, and one without a rule nothing', async () => {
    const scheduled = await insert({
      evergreen: RULE,
      scheduledTime: new Date(t.clock.now().getTime() + DAY),
    });
    expect(await standing(scheduled.id)).toEqual({
      rule: RULE,
      copies: [],
      next: { kind: 'after_publication' },
      original: null,
    });
    const plain = await insert({ ...posted(t.clock.now()), evergreen: null });
    expect((await standing(plain.id)).next).toBeNull();
  });

  it('follows the sweep: due at the end of the period, a copy on its way, then finished; a copy names its original', async () => {
    const publishedAt = t.clock.now();
    const original = await insert({ ...posted(publishedAt), evergreen: RULE });
    expect((await standing(original.id)).next).toEqual({
      kind: 'due_at',
      at: new Date(publishedAt.getTime() + 7 * DAY),
      copyNumber: 1,
    });
    t.clock.advance(7 * DAY);
    expect((await standing(original.id)).next).toEqual({ kind: 'due', copyNumber: 1 });
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(1);
    const afterOne = await standing(original.id);
    expect(afterOne.next).toEqual({ kind: 'copy_pending' });
    const [copy] = afterOne.copies;
    expect(copy).toMatchObject({ recycledFrom: original.id, recycleNumber: 1 });
    const ofCopy = await standing(copy?.id ?? '');
    expect(ofCopy).toMatchObject({ rule: null, copies: [], next: null });
    expect(ofCopy.original?.id).toBe(original.id);

    // The copy goes out; the second period counts from its publication, and then no more.
    const copyOut = t.clock.now();
    await t.store.posts.updatePost({ ...(copy as Post), ...posted(copyOut) }, copy?.version ?? 0);
    expect((await standing(original.id)).next).toEqual({
      kind: 'due_at',
      at: new Date(copyOut.getTime() + 7 * DAY),
      copyNumber: 2,
    });
    t.clock.advance(7 * DAY);
    expect((await recycleEvergreenPosts(t.deps)).recycled).toBe(1);
    const done = await standing(original.id);
    expect(done.copies.map((c) => c.recycleNumber)).toEqual([1, 2]);
    expect(done.next).toEqual({ kind: 'finished' });
  });

  it("is post_not_found for another person's post", async () => {
    const post = await insert({ ...posted(t.clock.now()), evergreen: RULE });
    const other = aUser();
    await t.store.users.insertUser(other);
    const refused = await evergreenStanding(t.deps, operatorActor(other), post.id);
    expect(refused._unsafeUnwrapErr().code).toBe('post_not_found');
  });
});
