import { describe, expect, it } from 'vitest';
import { accountEvent } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import {
  actedBy,
  type DomainEvent,
  type EventActor,
  type JournalEvent,
  SYSTEM_ACTOR,
} from '../journal/index.js';
import { mediaReadyEvent } from '../media/index.js';
import { type NewPostsBatch, type Post, postEvent, scheduledEvents, transition } from '../posts/index.js';
import { aMediaAsset, anAccount, aPost } from './builders.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const OWNER = 'user_01JJOURNALOWNER00000000000';
const OTHER = 'user_01JJOURNALOTHER00000000000';

const insert = (posts: Post[], extra: Partial<NewPostsBatch> = {}): NewPostsBatch => ({
  ownerId: OWNER,
  at: T0,
  posts,
  idempotency: null,
  quota: { limit: 1000, windowStart: T0 },
  events: scheduledEvents(posts, T0),
  ...extra,
});

/** Every event of the journal, read page by page as a consumer would. */
async function readJournal(store: Store, pageSize = 2): Promise<JournalEvent[]> {
  const all: JournalEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await store.events.listEvents(after, pageSize);
    all.push(...page);
    const last = page.at(-1);
    if (last === undefined) return all;
    after = last.position;
  }
}

const typesOf = (events: readonly Pick<DomainEvent, 'type' | 'subjectId'>[]) =>
  events.map((e) => `${e.type} ${e.subjectId}`);

/**
 * The event journal part of the store contract: every write that carries events appends them
 * with the change, in order, and a write that lands nothing (a lost compare-and-set, a refusal, a
 * rollback) appends none. `store()` is the test's fresh store.
 */
export function describeEventJournalContract(store: () => Store): void {
  describe('event journal', () => {
    it('appends the events of every change with it, and reads them back in order, page by page', async () => {
      const [a, b] = [aPost(OWNER, 'acct_j1', { id: 'post_ja' }), aPost(OWNER, 'acct_j2', { id: 'post_jb' })];
      await store().posts.insertPosts(insert([a, b]));
      const account = anAccount(OWNER, { id: 'acct_j3' });
      await store().accounts.saveAccount(account, [accountEvent('account.connected', account, at(1))]);
      const asset = aMediaAsset(OWNER, { id: 'media_j1' });
      await store().media.addMediaAsset(asset, {
        storageLimitBytes: 1e12,
        sourceUrl: null,
        events: [mediaReadyEvent(asset, at(2))],
      });
      const deleted = transition(a, { type: 'delete', at: at(3) })._unsafeUnwrap();
      await store().posts.updatePost(deleted.post, a.version, deleted.events);
      const [claimed] = await store().posts.claimDuePosts({
        now: at(120),
        limit: 10,
        leaseOwner: 'p',
        leaseUntil: at(125),
      });
      expect(claimed?.id).toBe('post_jb');

      const journal = await readJournal(store());
      expect(typesOf(journal)).toEqual([
        'post.scheduled post_ja',
        'post.scheduled post_jb',
        'account.connected acct_j3',
        'media.ready media_j1',
        'post.deleted post_ja',
        'post.publishing post_jb',
      ]);
      expect(journal[0]).toEqual({
        ...postEvent('post.scheduled', a, T0, { scheduledTime: a.scheduledTime?.toISOString() ?? null }),
        // Nobody stamped it: the service's own, as the publisher's and the sweeps' events are.
        actor: SYSTEM_ACTOR,
        seq: expect.any(Number),
        position: expect.any(String),
      });
      const seqs = journal.map((e) => e.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      const first = await store().events.listEvents(null, 1);
      expect(typesOf(await store().events.listEvents(first[0]?.position ?? null, 2))).toEqual([
        'post.scheduled post_jb',
        'account.connected acct_j3',
      ]);
    });

    it('keeps who caused each event, as every reader reads it back', async () => {
      const editor: EventActor = {
        kind: 'key',
        id: 'key_01JJEDITOR',
        label: 'ed@example.com (key key_01JJEDITOR)',
      };
      const client: EventActor = {
        kind: 'review_link',
        id: 'rev_01JJLINK',
        label: 'Ann (review link rev_01JJLINK)',
      };
      const post = aPost(OWNER, 'acct_a1', { id: 'post_aa' });
      await store().posts.insertPosts(
        insert([post], { events: actedBy(editor, scheduledEvents([post], T0)) }),
      );
      const deleted = transition(post, { type: 'delete', at: at(3) })._unsafeUnwrap();
      await store().posts.updatePost(deleted.post, post.version, actedBy(client, deleted.events));
      const account = anAccount(OWNER, { id: 'acct_a1' });
      await store().accounts.saveAccount(account, [accountEvent('account.connected', account, at(4))]);

      const actors = (events: readonly JournalEvent[]) => events.map((e) => [e.type, e.actor]);
      const expected = [
        ['post.scheduled', editor],
        ['post.deleted', client],
        ['account.connected', SYSTEM_ACTOR],
      ];
      expect(actors(await readJournal(store()))).toEqual(expected);
      expect(actors(await store().events.historyOf(OWNER, 'post_aa', 10))).toEqual(expected.slice(0, 2));
      expect(actors(await store().events.recentEventsOf(OWNER, 10))).toEqual([...expected].reverse());
    });

    it("reads one subject's history in order, and nothing of another owner's", async () => {
      const [a, b] = [aPost(OWNER, 'acct_j1', { id: 'post_ha' }), aPost(OWNER, 'acct_j2', { id: 'post_hb' })];
      await store().posts.insertPosts(insert([a, b]));
      const deleted = transition(a, { type: 'delete', at: at(3) })._unsafeUnwrap();
      await store().posts.updatePost(deleted.post, a.version, deleted.events);
      const history = await store().events.historyOf(OWNER, 'post_ha', 10);
      expect(typesOf(history)).toEqual(['post.scheduled post_ha', 'post.deleted post_ha']);
      expect(history[1]?.at).toEqual(at(3));
      expect(typesOf(await store().events.historyOf(OWNER, 'post_ha', 1))).toEqual([
        'post.scheduled post_ha',
      ]);
      expect(await store().events.historyOf('user_someone_else', 'post_ha', 10)).toEqual([]);
    });

    it("lists an owner's recent events newest first, up to the limit, and none of another owner's", async () => {
      const mine = aPost(OWNER, 'acct_r1', { id: 'post_ra' });
      const theirs = aPost(OTHER, 'acct_r2', { id: 'post_rb' });
      await store().posts.insertPosts(insert([mine]));
      await store().posts.insertPosts(insert([theirs], { ownerId: OTHER }));
      const account = anAccount(OWNER, { id: 'acct_r1' });
      await store().accounts.saveAccount(account, [accountEvent('account.connected', account, at(1))]);
      const asset = aMediaAsset(OTHER, { id: 'media_r1' });
      await store().media.addMediaAsset(asset, {
        storageLimitBytes: 1e12,
        sourceUrl: null,
        events: [mediaReadyEvent(asset, at(2))],
      });
      const deleted = transition(mine, { type: 'delete', at: at(3) })._unsafeUnwrap();
      await store().posts.updatePost(deleted.post, mine.version, deleted.events);

      const recent = await store().events.recentEventsOf(OWNER, 10);
      expect(typesOf(recent)).toEqual([
        'post.deleted post_ra',
        'account.connected acct_r1',
        'post.scheduled post_ra',
      ]);
      // The same records as the journal's, positions included.
      const journal = await readJournal(store());
      expect(recent[0]).toEqual(journal.find((e) => e.type === 'post.deleted'));
      expect(typesOf(await store().events.recentEventsOf(OWNER, 2))).toEqual([
        'post.deleted post_ra',
        'account.connected acct_r1',
      ]);
      expect(await store().events.recentEventsOf(OWNER, 0)).toEqual([]);
      expect(typesOf(await store().events.recentEventsOf(OTHER, 10))).toEqual([
        'media.ready media_r1',
        'post.scheduled post_rb',
      ]);
      expect(await store().events.recentEventsOf('user_01JJNOBODY0000000000000000', 10)).toEqual([]);
    });

    it("reads the posts events mention in one call, deleted ones too, and only the owner's", async () => {
      const kept = aPost(OWNER, 'acct_m1', { id: 'post_ma', caption: 'Still here' });
      const gone = aPost(OWNER, 'acct_m1', { id: 'post_mb', caption: 'Deleted since' });
      const theirs = aPost(OTHER, 'acct_m2', { id: 'post_mc', caption: 'Not yours' });
      await store().posts.insertPosts(insert([kept, gone]));
      await store().posts.insertPosts(insert([theirs], { ownerId: OTHER }));
      const deleted = transition(gone, { type: 'delete', at: at(4) })._unsafeUnwrap();
      await store().posts.updatePost(deleted.post, gone.version, deleted.events);

      const found = await store().events.postsMentioned(OWNER, [
        'post_mb',
        'post_ma',
        'post_mc',
        'post_nowhere',
        'post_ma',
      ]);
      expect([...found].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        { id: 'post_ma', caption: 'Still here', deletedAt: null },
        { id: 'post_mb', caption: 'Deleted since', deletedAt: at(4) },
      ]);
      expect(await store().events.postsMentioned(OWNER, [])).toEqual([]);
      expect(await store().events.postsMentioned(OTHER, ['post_ma'])).toEqual([]);
    });

    it('appends nothing for a write that lands nothing', async () => {
      const post = aPost(OWNER, 'acct_j1', { id: 'post_jc' });
      await store().posts.insertPosts(insert([post]));
      const before = (await readJournal(store())).length;
      // A lost compare-and-set, an insert refused for the quota, media that already exists or does
      // not fit, an upload target that is not pending, an approval someone else decided.
      const deleted = transition(post, { type: 'delete', at: at(1) })._unsafeUnwrap();
      expect(await store().posts.updatePost(deleted.post, post.version + 5, deleted.events)).toBeNull();
      const over = aPost(OWNER, 'acct_j1', { id: 'post_jd' });
      expect(
        (await store().posts.insertPosts(insert([over], { quota: { limit: 0, windowStart: T0 } }))).kind,
      ).toBe('quota_exceeded');
      const asset = aMediaAsset(OWNER, { id: 'media_j2', blobKey: 'a'.repeat(64) });
      await store().media.addMediaAsset(asset, { storageLimitBytes: 1e12, sourceUrl: null });
      const same = aMediaAsset(OWNER, { id: 'media_j3', blobKey: 'a'.repeat(64) });
      const ready = [mediaReadyEvent(same, at(2))];
      expect(
        (await store().media.addMediaAsset(same, { storageLimitBytes: 1e12, sourceUrl: null, events: ready }))
          .kind,
      ).toBe('existing');
      const big = aMediaAsset(OWNER, { id: 'media_j4', sizeBytes: 10 });
      expect(
        (await store().media.addMediaAsset(big, { storageLimitBytes: 1, sourceUrl: null, events: ready }))
          .kind,
      ).toBe('storage_quota_exceeded');
      expect(
        (
          await store().media.activatePendingAsset(
            'media_nope',
            {
              contentType: 'image/jpeg',
              sizeBytes: 1,
              width: 1,
              height: 1,
              durationMs: null,
              blobKey: 'b'.repeat(64),
            },
            { storageLimitBytes: 1e12, events: ready },
          )
        ).kind,
      ).toBe('not_pending');
      expect((await readJournal(store())).length).toBe(before);
    });

    it('leaves no event of a change that rolls back', async () => {
      const post = aPost(OWNER, 'acct_j1', { id: 'post_je' });
      await store().posts.insertPosts(insert([post]));
      const before = (await readJournal(store())).length;
      // The same id again is a fault: the insert throws and its transaction rolls back.
      const twin = aPost(OWNER, 'acct_j2', { id: 'post_je' });
      await expect(
        store().posts.insertPosts(insert([aPost(OWNER, 'acct_j2', { id: 'post_jf' }), twin])),
      ).rejects.toThrow();
      expect(await store().posts.getPost('post_jf')).toBeNull();
      expect((await readJournal(store())).length).toBe(before);
    });
  });
}
