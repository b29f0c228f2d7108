import { describe, expect, it } from 'vitest';
import { automationEvent, type CommentAdvance, type InboxComment } from '../automations/index.js';
import type { Store } from '../deps/index.js';
import { anAccount, anAutomation, aUser } from './builders.js';

const T0 = new Date('2026-05-04T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

let serial = 0;
/** A visitor's comment on `mediaId` of the Instagram account `igUserId`, received at `receivedAt`. */
function aComment(igUserId: string, overrides: Partial<InboxComment> = {}): InboxComment {
  serial += 1;
  return {
    commentId: `1789${String(serial).padStart(8, '0')}${Math.floor(Math.random() * 1e6)}`,
    igUserId,
    mediaId: 'ig-media-1',
    parentId: null,
    fromId: `visitor-${serial}`,
    fromUsername: `visitor_${serial}`,
    text: 'price please',
    commentedAt: T0,
    receivedAt: T0,
    ...overrides,
  };
}

const claim = (store: Store, now: Date, leaseOwner = 'replier-1', limit = 50) =>
  store.automations.claimComments({ now, leaseOwner, leaseUntil: new Date(now.getTime() + 60_000), limit });

/**
 * The automation part of the store contract: automations with their counts and journal events,
 * the live automations of a post, and the comment inbox (each comment once, leased to one worker,
 * every step written with its counters).
 */
export function describeAutomationContract(getStore: () => Store): void {
  describe('comment automations', () => {
    async function anOwnerWithAccount() {
      const store = getStore();
      const owner = aUser();
      await store.users.insertUser(owner);
      const account = anAccount(owner.id);
      await store.accounts.saveAccount(account);
      return { store, owner, account };
    }

    it('creates automations with zero counts and their events, lists the newest first, by account', async () => {
      const { store, owner, account } = await anOwnerWithAccount();
      const other = anAccount(owner.id);
      await store.accounts.saveAccount(other);
      const first = anAutomation(owner.id, account.id, {
        createdAt: at(1),
        state: 'draft',
        postId: null,
        mediaId: null,
        liveSince: null,
      });
      const second = anAutomation(owner.id, other.id, { createdAt: at(2) });
      await store.automations.createAutomation(first, [automationEvent('automation.created', first, at(1))]);
      await store.automations.createAutomation(second, [
        automationEvent('automation.created', second, at(2)),
      ]);
      const stranger = await anOwnerWithAccount();
      await store.automations.createAutomation(anAutomation(stranger.owner.id, stranger.account.id), []);

      expect(await store.automations.getAutomation(first.id)).toEqual(first);
      expect(await store.automations.getAutomation('auto_missing')).toBeNull();
      expect((await store.automations.listAutomations(owner.id, null)).map((a) => a.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect((await store.automations.listAutomations(owner.id, [account.id])).map((a) => a.id)).toEqual([
        first.id,
      ]);
      const events = await store.events.listEvents(null, 10_000);
      expect(
        events.filter((e) => e.subjectId === first.id || e.subjectId === second.id).map((e) => e.type),
      ).toEqual(['automation.created', 'automation.created']);
    });

    it('updates and deletes automations, with their events; missing ones answer false', async () => {
      const { store, owner, account } = await anOwnerWithAccount();
      const automation = anAutomation(owner.id, account.id);
      await store.automations.createAutomation(automation, []);
      const paused = { ...automation, state: 'paused' as const, updatedAt: at(5) };
      expect(
        await store.automations.updateAutomation(paused, [
          automationEvent('automation.paused', paused, at(5)),
        ]),
      ).toBe(true);
      expect(await store.automations.getAutomation(automation.id)).toEqual(paused);
      expect(await store.automations.updateAutomation({ ...paused, id: 'auto_missing' }, [])).toBe(false);
      expect(
        await store.automations.deleteAutomation(automation.id, [
          automationEvent('automation.deleted', paused, at(6)),
        ]),
      ).toBe(true);
      expect(await store.automations.getAutomation(automation.id)).toBeNull();
      expect(await store.automations.deleteAutomation(automation.id, [])).toBe(false);
      const types = (await store.events.listEvents(null, 10_000))
        .filter((e) => e.subjectId === automation.id)
        .map((e) => e.type);
      expect(types).toEqual(['automation.paused', 'automation.deleted']);
    });

    it('finds the live automations of a post on an active Instagram account, oldest first', async () => {
      const { store, owner, account } = await anOwnerWithAccount();
      const older = anAutomation(owner.id, account.id, { createdAt: at(1), mediaId: 'media-live' });
      const newer = anAutomation(owner.id, account.id, { createdAt: at(2), mediaId: 'media-live' });
      const paused = anAutomation(owner.id, account.id, { state: 'paused', mediaId: 'media-live' });
      const otherPost = anAutomation(owner.id, account.id, { mediaId: 'media-other' });
      const gone = anAccount(owner.id, { status: 'inactive' });
      await store.accounts.saveAccount(gone);
      const onGone = anAutomation(owner.id, gone.id, { mediaId: 'media-live' });
      for (const a of [newer, older, paused, otherPost, onGone])
        await store.automations.createAutomation(a, []);

      const found = await store.automations.liveAutomations(account.platformAccountId, 'media-live');
      expect(found.map((f) => f.automation.id)).toEqual([older.id, newer.id]);
      expect(found[0]?.account).toEqual(account);
      expect(await store.automations.liveAutomations(gone.platformAccountId, 'media-live')).toEqual([]);
      expect(await store.automations.liveAutomations('someone-else', 'media-live')).toEqual([]);
    });

    it('keeps each comment id once, however often Meta delivers it', async () => {
      const store = getStore();
      const comment = aComment('ig-user-dedupe');
      expect(await store.automations.recordComments([comment, comment])).toBe(1);
      expect(await store.automations.recordComments([{ ...comment, text: 'changed' }])).toBe(0);
      const stored = await store.automations.getComment(comment.commentId);
      expect(stored).toMatchObject({ text: 'price please', stage: 'new', attempts: 0, outcome: null });
      expect(stored?.commentedAt).toEqual(T0);
    });

    it('leases due comments to one worker at a time, oldest first, until the lease ends', async () => {
      const store = getStore();
      const now = new Date('2031-01-01T00:00:00.000Z');
      const first = aComment('ig-user-lease', { receivedAt: new Date(now.getTime() - 2000) });
      const second = aComment('ig-user-lease', { receivedAt: new Date(now.getTime() - 1000) });
      await store.automations.recordComments([second, first]);
      const [a, b] = await Promise.all([claim(store, now, 'replier-a'), claim(store, now, 'replier-b')]);
      const mine = (jobs: typeof a) =>
        jobs.map((j) => j.commentId).filter((id) => [first.commentId, second.commentId].includes(id));
      const claimed = [...mine(a), ...mine(b)];
      expect(claimed.sort()).toEqual([first.commentId, second.commentId].sort());
      expect(new Set(claimed).size).toBe(2);
      expect(mine(await claim(store, new Date(now.getTime() + 30_000), 'replier-c'))).toEqual([]);
      const afterLease = mine(await claim(store, new Date(now.getTime() + 61_000), 'replier-c'));
      expect(afterLease).toEqual([first.commentId, second.commentId]);
    });

    it('writes each step with its counters under the lease; a lost lease writes nothing', async () => {
      const { store, owner, account } = await anOwnerWithAccount();
      const automation = anAutomation(owner.id, account.id);
      await store.automations.createAutomation(automation, []);
      const now = new Date('2032-01-01T00:00:00.000Z');
      const comment = aComment(account.platformAccountId, { receivedAt: now });
      await store.automations.recordComments([comment]);
      const [job] = (await claim(store, now, 'replier-1')).filter((j) => j.commentId === comment.commentId);
      expect(job).toMatchObject({ stage: 'new', automationId: null });
      const step = (over: Partial<CommentAdvance>): CommentAdvance => ({
        commentId: comment.commentId,
        leaseOwner: 'replier-1',
        at: now,
        stage: 'private_sending',
        automationId: automation.id,
        outcome: null,
        counters: [{ automationId: automation.id, counter: 'matched' }],
        ...over,
      });

      expect(await store.automations.advanceComment(step({ leaseOwner: 'intruder' }))).toBe(false);
      expect((await store.automations.getAutomation(automation.id))?.counts.matched).toBe(0);
      expect(await store.automations.advanceComment(step({}))).toBe(true);
      expect(await store.automations.privateRepliesSince(account.platformAccountId, now)).toBe(1);
      expect(await store.automations.privateRepliesSince(account.platformAccountId, at(10_000_000_000))).toBe(
        0,
      );
      expect(
        await store.automations.advanceComment(
          step({
            stage: 'done',
            outcome: 'replied',
            counters: [
              { automationId: automation.id, counter: 'private_replies' },
              { automationId: automation.id, counter: 'public_replies' },
            ],
          }),
        ),
      ).toBe(true);
      const counts = (await store.automations.getAutomation(automation.id))?.counts;
      expect(counts).toMatchObject({ matched: 1, private_replies: 1, public_replies: 1, failed: 0 });
      expect(await store.automations.getComment(comment.commentId)).toMatchObject({
        stage: 'done',
        outcome: 'replied',
        automationId: automation.id,
      });
      const later = new Date(now.getTime() + 3_600_000);
      expect((await claim(store, later, 'replier-2')).map((j) => j.commentId)).not.toContain(
        comment.commentId,
      );
      expect(await store.automations.advanceComment(step({ leaseOwner: 'replier-1' }))).toBe(false);
    });

    it('defers a comment after a fault: lease released, one more attempt, due again later', async () => {
      const store = getStore();
      const now = new Date('2033-01-01T00:00:00.000Z');
      const comment = aComment('ig-user-defer', { receivedAt: now });
      await store.automations.recordComments([comment]);
      await claim(store, now, 'replier-1');
      expect(await store.automations.deferComment(comment.commentId, 'intruder', now)).toBe(false);
      const until = new Date(now.getTime() + 120_000);
      expect(await store.automations.deferComment(comment.commentId, 'replier-1', until)).toBe(true);
      const ids = async (t: Date) => (await claim(store, t, 'replier-2')).map((j) => j.commentId);
      expect(await ids(new Date(now.getTime() + 60_000))).not.toContain(comment.commentId);
      const [job] = (await claim(store, until, 'replier-2')).filter((j) => j.commentId === comment.commentId);
      expect(job?.attempts).toBe(1);
    });
  });
}
