import { beforeEach, describe, expect, it } from 'vitest';
import type { ConnectedAccount } from '../../accounts/index.js';
import type { Actor } from '../../identity/index.js';
import type { Post } from '../../posts/index.js';
import { anAccount, aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { parseReviewLinkToken } from '../review-link.js';
import { createDraft } from './create-draft.js';
import { requestApproval } from './request-approval.js';
import { createReviewLink, listReviewLinks, revokeReviewLink } from './review-links.js';
import { decideThroughReviewLink, openReviewLink, reviewView } from './review-through-link.js';

const DAY = 24 * 60 * 60 * 1000;

describe('review links', () => {
  let t: TestDeps;
  const owner = aUser();
  const stranger = aUser();
  let threads: ConnectedAccount;
  let facebook: ConnectedAccount;
  let theirs: ConnectedAccount;
  const actor = (overrides: Partial<Actor> = {}): Actor => ({
    user: owner,
    credentialId: 'key_1',
    scopes: ['post:write', 'post:read', 'approval:request'],
    accountIds: null,
    ...overrides,
  });
  const strangerActor = (): Actor => ({ ...actor(), user: stranger, credentialId: 'key_2' });

  beforeEach(async () => {
    t = createTestDeps();
    await t.store.users.insertUser(owner);
    await t.store.users.insertUser(stranger);
    threads = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'threads' }));
    facebook = await t.store.accounts.saveAccount(anAccount(owner.id, { platform: 'facebook' }));
    theirs = await t.store.accounts.saveAccount(anAccount(stranger.id, { platform: 'threads' }));
  });

  const draftAt = async (when: string, account = threads, who = actor()): Promise<Post> =>
    (
      await createDraft(t.deps, who, {
        caption: `Post for ${when} on ${account.platform}`,
        scheduledTime: when,
        profileIds: [account.id],
      })
    )._unsafeUnwrap();
  /** A draft sent for approval. */
  const pending = async (when: string, account = threads, who = actor()): Promise<Post> => {
    const post = await draftAt(when, account, who);
    await requestApproval(t.deps, who, { postId: post.id });
    return (await t.store.posts.getPost(post.id)) as Post;
  };
  /** A post scheduled at its time (written as an approved draft would be). */
  const scheduled = async (when: string, account = threads): Promise<Post> => {
    const post = await draftAt(when, account);
    const time = new Date(when);
    return (await t.store.posts.updatePost(
      { ...post, status: 'scheduled', scheduledTime: time, dueAt: time },
      post.version,
    )) as Post;
  };

  it('covers explicit posts, shows its token once and stores only its hash, for 7 days by default', async () => {
    const a = await pending('2026-01-20T09:00:00Z');
    const b = await scheduled('2026-01-21T09:00:00Z');
    const { link, token } = (
      await createReviewLink(t.deps, actor(), { postIds: [a.id, b.id, a.id], label: ' Acme ' })
    )._unsafeUnwrap();
    expect(token).toMatch(/^svc_rev_[0-9A-Z]{26}\.[A-Za-z0-9_-]{43}$/);
    expect(parseReviewLinkToken(token)?.id).toBe(link.id);
    expect(link).toMatchObject({
      ownerId: owner.id,
      postIds: [a.id, b.id],
      label: 'Acme',
      createdBy: 'key_1',
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY),
      revokedAt: null,
    });
    expect(link.tokenHash).not.toContain(token.split('.')[1]);
    expect((await t.store.reviewLinks.getReviewLink(link.id))?.tokenHash).toBe(
      t.deps.keyHasher.hash(token.split('.')[1] as string),
    );
    expect((await listReviewLinks(t.deps, actor()))._unsafeUnwrap()).toEqual([link]);
    expect((await listReviewLinks(t.deps, strangerActor()))._unsafeUnwrap()).toEqual([]);
  });

  it('refuses a wrong scope, a post that is not the caller’s or not awaiting a decision, and a bad expiry', async () => {
    const a = await pending('2026-01-20T09:00:00Z');
    const code = async (who: Actor, input: Parameters<typeof createReviewLink>[2]) =>
      (await createReviewLink(t.deps, who, input))._unsafeUnwrapErr().code;
    expect(await code(actor({ scopes: ['post:read'] }), { postIds: [a.id] })).toBe('insufficient_scope');
    expect(await code(strangerActor(), { postIds: [a.id] })).toBe('post_not_found');
    expect(await code(actor({ accountIds: [facebook.id] }), { postIds: [a.id] })).toBe('post_not_found');
    const plainDraft = await draftAt('2026-01-22T09:00:00Z');
    expect(await code(actor(), { postIds: [plainDraft.id] })).toBe('invalid_post_state');
    expect(await code(actor(), { postIds: [] })).toBe('validation_failed');
    const range = { from: new Date('2026-01-19T00:00:00Z'), to: new Date('2026-01-26T00:00:00Z') };
    expect(await code(actor(), { postIds: [a.id], range })).toBe('validation_failed');
    const later = new Date(t.clock.now().getTime() + 31 * DAY);
    expect(await code(actor(), { postIds: [a.id], expiresAt: later })).toBe('validation_failed');
    expect(await code(actor(), { postIds: [a.id], expiresAt: t.clock.now() })).toBe('validation_failed');
    const max = new Date(t.clock.now().getTime() + 30 * DAY);
    expect(
      (await createReviewLink(t.deps, actor(), { postIds: [a.id], expiresAt: max }))._unsafeUnwrap().link
        .expiresAt,
    ).toEqual(max);
  });

  it("resolves a week's calendar when created: the owner's reviewable posts in range, on the accounts asked", async () => {
    const monday = await pending('2026-01-19T09:00:00Z');
    const tuesday = await scheduled('2026-01-20T09:00:00Z');
    const onFacebook = await scheduled('2026-01-21T09:00:00Z', facebook);
    await draftAt('2026-01-22T09:00:00Z'); // a plain draft is nobody's to decide yet
    await scheduled('2026-01-27T09:00:00Z'); // next week
    await pending('2026-01-20T10:00:00Z', theirs, strangerActor()); // another owner's
    const range = { from: new Date('2026-01-19T00:00:00Z'), to: new Date('2026-01-26T00:00:00Z') };
    const week = (await createReviewLink(t.deps, actor(), { range }))._unsafeUnwrap().link;
    expect(week.postIds).toEqual([monday.id, tuesday.id, onFacebook.id]);
    const threadsOnly = (
      await createReviewLink(t.deps, actor(), { range: { ...range, profileIds: [threads.id] } })
    )._unsafeUnwrap().link;
    expect(threadsOnly.postIds).toEqual([monday.id, tuesday.id]);
    const empty = await createReviewLink(t.deps, actor(), {
      range: { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-08T00:00:00Z') },
    });
    expect(empty._unsafeUnwrapErr().code).toBe('validation_failed');
  });

  it('opens with its token only while open, and journals each open', async () => {
    const a = await pending('2026-01-20T09:00:00Z');
    const { link, token } = (await createReviewLink(t.deps, actor(), { postIds: [a.id] }))._unsafeUnwrap();
    expect((await openReviewLink(t.deps, token))._unsafeUnwrap().id).toBe(link.id);
    const opened = (await t.store.events.listEvents(null, 500)).find((e) => e.type === 'review_link.opened');
    expect(opened?.actor).toEqual({ kind: 'review_link', id: link.id, label: `review link ${link.id}` });
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await openReviewLink(t.deps, forged))._unsafeUnwrapErr().code).toBe('review_link_not_found');
    expect((await openReviewLink(t.deps, 'svc_rev_nonsense'))._unsafeUnwrapErr().code).toBe(
      'review_link_not_found',
    );
    const events = await t.store.events.recentEventsOf(owner.id, 5);
    expect(events.filter((e) => e.type === 'review_link.opened').map((e) => e.subjectId)).toEqual([link.id]);

    t.clock.advance(7 * DAY);
    expect((await openReviewLink(t.deps, token))._unsafeUnwrapErr().code).toBe('review_link_expired');
    expect((await reviewView(t.deps, link.id))._unsafeUnwrapErr().code).toBe('review_link_expired');
    expect(
      (await decideThroughReviewLink(t.deps, link.id, { postId: a.id, approve: true }))._unsafeUnwrapErr()
        .code,
    ).toBe('review_link_expired');
  });

  it('stops working once revoked, by its owner only', async () => {
    const a = await pending('2026-01-20T09:00:00Z');
    const { link, token } = (await createReviewLink(t.deps, actor(), { postIds: [a.id] }))._unsafeUnwrap();
    expect((await revokeReviewLink(t.deps, strangerActor(), link.id))._unsafeUnwrapErr().code).toBe(
      'review_link_not_found',
    );
    expect(
      (await revokeReviewLink(t.deps, actor({ scopes: ['post:read'] }), link.id))._unsafeUnwrapErr().code,
    ).toBe('insufficient_scope');
    const revoked = (await revokeReviewLink(t.deps, actor(), link.id))._unsafeUnwrap();
    expect(revoked.revokedAt).toEqual(t.clock.now());
    expect((await openReviewLink(t.deps, token))._unsafeUnwrapErr().code).toBe('review_link_revoked');
    expect((await reviewView(t.deps, link.id))._unsafeUnwrapErr().code).toBe('review_link_revoked');
    expect(
      (await decideThroughReviewLink(t.deps, link.id, { postId: a.id, approve: true }))._unsafeUnwrapErr()
        .code,
    ).toBe('review_link_revoked');
    expect((await t.store.posts.getPost(a.id))?.status).toBe('pending_approval');
  });

  it('decides each post of the link once: the approval rule for drafts, back to draft for a rejected scheduled post', async () => {
    const draft = await pending('2026-01-20T09:00:00Z');
    const other = await pending('2026-01-20T11:00:00Z');
    const post = await scheduled('2026-01-21T09:00:00Z');
    const kept = await scheduled('2026-01-22T09:00:00Z');
    const outside = await pending('2026-01-23T09:00:00Z');
    const { link, token } = (
      await createReviewLink(t.deps, actor(), { postIds: [draft.id, other.id, post.id, kept.id] })
    )._unsafeUnwrap();

    const rejected = (
      await decideThroughReviewLink(t.deps, link.id, {
        postId: draft.id,
        approve: false,
        note: ' Wrong photo ',
        reviewerName: ' Cleo ',
      })
    )._unsafeUnwrap();
    expect(rejected).toMatchObject({ approved: false, note: 'Wrong photo', reviewerName: 'Cleo' });
    expect(await t.store.posts.getPost(draft.id)).toMatchObject({ status: 'draft' });
    expect(await t.store.approvals.getLatestForPost(draft.id)).toMatchObject({
      status: 'rejected',
      reviewerNote: 'Wrong photo',
    });

    (await decideThroughReviewLink(t.deps, link.id, { postId: other.id, approve: true }))._unsafeUnwrap();
    expect(await t.store.posts.getPost(other.id)).toMatchObject({
      status: 'scheduled',
      scheduledTime: new Date('2026-01-20T11:00:00Z'),
    });

    (
      await decideThroughReviewLink(t.deps, link.id, {
        postId: post.id,
        approve: false,
        note: 'Not this week',
      })
    )._unsafeUnwrap();
    expect(await t.store.posts.getPost(post.id)).toMatchObject({ status: 'draft', dueAt: null });

    const twice = await decideThroughReviewLink(t.deps, link.id, { postId: draft.id, approve: true });
    expect(twice._unsafeUnwrapErr().code).toBe('invalid_post_state');
    const notOfLink = await decideThroughReviewLink(t.deps, link.id, { postId: outside.id, approve: true });
    expect(notOfLink._unsafeUnwrapErr().code).toBe('post_not_found');
    expect((await t.store.posts.getPost(outside.id))?.status).toBe('pending_approval');

    const view = (await reviewView(t.deps, link.id))._unsafeUnwrap();
    expect(view.state).toBe('open');
    expect(view.items.map((i) => [i.post.id, i.decision?.approved ?? null])).toEqual([
      [draft.id, false],
      [other.id, true],
      [post.id, false],
      [kept.id, null],
    ]);

    (await decideThroughReviewLink(t.deps, link.id, { postId: kept.id, approve: true }))._unsafeUnwrap();
    expect(await t.store.posts.getPost(kept.id)).toMatchObject({
      status: 'scheduled',
      version: kept.version,
    });
    expect((await openReviewLink(t.deps, token))._unsafeUnwrapErr().code).toBe('review_link_used_up');
    expect((await reviewView(t.deps, link.id))._unsafeUnwrap().state).toBe('used_up');

    const journal = await t.store.events.recentEventsOf(owner.id, 50);
    const decided = journal.filter((e) => e.type === 'review_link.decided').reverse();
    expect(decided.map((e) => [e.subjectId, e.data.decision, e.data.decidedBy])).toEqual([
      [draft.id, 'rejected', `review link ${link.id} (Cleo)`],
      [other.id, 'approved', `review link ${link.id}`],
      [post.id, 'rejected', `review link ${link.id}`],
      [kept.id, 'approved', `review link ${link.id}`],
    ]);
    const rejectedEvents = journal.filter((e) => e.type === 'post.rejected');
    expect(rejectedEvents.map((e) => e.data.decidedBy)).toEqual([
      `review link ${link.id}`,
      `review link ${link.id} (Cleo)`,
    ]);
    const approved = journal.find((e) => e.type === 'post.approved' && e.subjectId === other.id);
    expect(approved?.data.decidedBy).toBe(`review link ${link.id}`);
    // The link is the actor of every event of its decisions, the post's own and the scheduling.
    const linkActor = (label: string) => ({ kind: 'review_link', id: link.id, label });
    expect(approved?.actor).toEqual(linkActor(`review link ${link.id}`));
    expect(rejectedEvents.map((e) => e.actor)).toEqual([
      linkActor(`review link ${link.id}`),
      linkActor(`review link ${link.id} (Cleo)`),
    ]);
    const approvedScheduling = journal.find((e) => e.type === 'post.scheduled' && e.subjectId === other.id);
    expect(approvedScheduling?.actor).toEqual(linkActor(`review link ${link.id}`));
    expect(decided.every((e) => e.actor?.kind === 'review_link')).toBe(true);
  });

  it("never shows a post that left its owner's hands or was deleted", async () => {
    const a = await pending('2026-01-20T09:00:00Z');
    const b = await scheduled('2026-01-21T09:00:00Z');
    const { link } = (await createReviewLink(t.deps, actor(), { postIds: [a.id, b.id] }))._unsafeUnwrap();
    await t.store.posts.updatePost({ ...b, deletedAt: t.clock.now() }, b.version);
    const view = (await reviewView(t.deps, link.id))._unsafeUnwrap();
    expect(view.items.map((i) => i.post.id)).toEqual([a.id]);
    expect(
      (await decideThroughReviewLink(t.deps, link.id, { postId: b.id, approve: false }))._unsafeUnwrapErr()
        .code,
    ).toBe('post_not_found');
  });
});
