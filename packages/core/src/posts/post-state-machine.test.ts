import { describe, expect, it } from 'vitest';
import { aPost } from '../testing/builders.js';
import type { Post } from './post.js';
import type { PostEvent, PostEventType, PostState } from './post-event.js';
import {
  can,
  POST_TRANSITIONS,
  type PostAction,
  RESTORE_WINDOW_MS,
  refusalOf,
  stateOf,
  transition,
} from './post-state-machine.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);

/** A post in `state` that satisfies every guard, so only the table decides. */
function postIn(state: PostState): Post {
  const base = aPost('user_1', 'acct_1', { scheduledTime: minutes(-1), dueAt: minutes(-1) });
  switch (state) {
    case 'deleted':
      return { ...base, deletedAt: minutes(-5) };
    case 'publishing':
      return { ...base, status: 'publishing', leaseOwner: 'pub-1', dueAt: minutes(-1), attempts: 1 };
    case 'draft':
    case 'pending_approval':
      return { ...base, status: state, scheduledTime: null, dueAt: null };
    case 'posted':
      return { ...base, status: 'posted', publishedAt: minutes(-2), dueAt: null };
    case 'failed':
      return { ...base, status: 'failed', failedReason: 'boom', dueAt: null };
    default:
      return { ...base, status: state };
  }
}

const EVENTS: Record<PostEventType, PostEvent> = {
  request_approval: { type: 'request_approval', at: NOW },
  approve: { type: 'approve', at: NOW, scheduledTime: minutes(30) },
  reject: { type: 'reject', at: NOW },
  edit: { type: 'edit', at: NOW, changes: { caption: 'new' } },
  revise: { type: 'revise', at: NOW, changes: { caption: 'new', scheduledTime: minutes(60) } },
  claim: { type: 'claim', at: NOW, leaseOwner: 'pub-1', leaseUntil: minutes(5) },
  succeed: {
    type: 'succeed',
    at: NOW,
    leaseOwner: 'pub-1',
    platformPostId: 'ig-1',
    permalink: 'https://ig/p/1',
  },
  reveal_public_id: {
    type: 'reveal_public_id',
    at: NOW,
    platformPostId: '7345678901234567891',
    permalink: 'https://www.tiktok.com/@bea/video/7345678901234567891',
  },
  record_progress: {
    type: 'record_progress',
    at: NOW,
    leaseOwner: 'pub-1',
    progress: { containerId: 'c-9' },
    leaseUntil: minutes(7),
  },
  fail: { type: 'fail', at: NOW, leaseOwner: 'pub-1', reason: 'Instagram refused the image.' },
  retry_later: { type: 'retry_later', at: NOW, leaseOwner: 'pub-1', retryAt: minutes(2) },
  delete: { type: 'delete', at: NOW },
  restore: { type: 'restore', at: NOW },
  retry: { type: 'retry', at: NOW, scheduledTime: minutes(10) },
};

const STATES: PostState[] = [
  'draft',
  'pending_approval',
  'scheduled',
  'publishing',
  'posted',
  'failed',
  'deleted',
];

const ALLOWED: Record<PostEventType, PostState[]> = {
  request_approval: ['draft'],
  approve: ['pending_approval'],
  reject: ['pending_approval', 'scheduled'],
  edit: ['scheduled'],
  revise: ['draft'],
  claim: ['scheduled', 'publishing'],
  record_progress: ['publishing'],
  succeed: ['publishing'],
  reveal_public_id: ['posted'],
  fail: ['publishing'],
  retry_later: ['publishing'],
  delete: ['draft', 'pending_approval', 'scheduled', 'failed'],
  restore: ['deleted'],
  retry: ['failed'],
};

const EXPECTED_STATE: Record<PostEventType, PostState | 'same'> = {
  request_approval: 'pending_approval',
  approve: 'scheduled',
  reject: 'draft',
  edit: 'scheduled',
  revise: 'draft',
  claim: 'publishing',
  record_progress: 'publishing',
  succeed: 'posted',
  reveal_public_id: 'posted',
  fail: 'failed',
  retry_later: 'scheduled',
  delete: 'deleted',
  restore: 'same',
  retry: 'scheduled',
};

describe('post state machine', () => {
  it('has exactly the transitions the lifecycle document describes', () => {
    for (const rule of POST_TRANSITIONS)
      expect([...rule.from].sort()).toEqual([...ALLOWED[rule.event]].sort());
    expect(POST_TRANSITIONS.map((r) => r.event).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  for (const state of STATES) {
    for (const type of Object.keys(EVENTS) as PostEventType[]) {
      const allowed = ALLOWED[type].includes(state);
      it(`${allowed ? 'allows' : 'refuses'} ${type} from ${state}`, () => {
        const post = postIn(state);
        const result = transition(post, EVENTS[type]);
        if (allowed) {
          expect(result.isOk()).toBe(true);
          const next = result._unsafeUnwrap().post;
          const expected = EXPECTED_STATE[type];
          expect(stateOf(next)).toBe(expected === 'same' ? post.status : expected);
          expect(next.updatedAt).toEqual(NOW);
          expect(next.version).toBe(post.version);
        } else {
          const error = result._unsafeUnwrapErr();
          expect(error.code).toBe('invalid_post_state');
          expect(error.details).toEqual({ postId: post.id, state, event: type });
          expect(error.message).toMatch(/^This post is /);
        }
      });
    }
  }

  describe('guards', () => {
    it('refuses to claim a scheduled post before it is due', () => {
      const post = { ...postIn('scheduled'), dueAt: minutes(1) };
      const error = transition(post, EVENTS.claim)._unsafeUnwrapErr();
      expect(error.code).toBe('invalid_post_state');
      expect(error.message).toContain('not due yet');
    });

    it('refuses to take over a lease that has not expired', () => {
      const post = { ...postIn('publishing'), dueAt: minutes(3) };
      expect(transition(post, EVENTS.claim)._unsafeUnwrapErr().message).toContain('lease has not expired');
    });

    it('claims exactly at the due time', () => {
      const post = { ...postIn('scheduled'), dueAt: NOW };
      expect(transition(post, EVENTS.claim).isOk()).toBe(true);
    });

    it('refuses outcomes from a publisher that lost the lease', () => {
      const post = { ...postIn('publishing'), leaseOwner: 'pub-2' };
      for (const type of ['record_progress', 'succeed', 'fail', 'retry_later'] as const) {
        expect(transition(post, EVENTS[type])._unsafeUnwrapErr().message).toContain(
          'no longer holds its lease',
        );
      }
    });

    it('restores within 30 days and refuses after', () => {
      const edge = { ...postIn('deleted'), deletedAt: new Date(NOW.getTime() - RESTORE_WINDOW_MS) };
      expect(transition(edge, EVENTS.restore).isOk()).toBe(true);
      const late = { ...postIn('deleted'), deletedAt: new Date(NOW.getTime() - RESTORE_WINDOW_MS - 1) };
      expect(transition(late, EVENTS.restore)._unsafeUnwrapErr().code).toBe('restore_window_expired');
    });
  });

  describe('effects', () => {
    it('claim leases the post and counts the attempt', () => {
      const next = transition(postIn('scheduled'), EVENTS.claim)._unsafeUnwrap().post;
      expect(next).toMatchObject({
        status: 'publishing',
        leaseOwner: 'pub-1',
        dueAt: minutes(5),
        attempts: 1,
      });
    });

    it('succeed records the publication and clears the lease', () => {
      const next = transition(postIn('publishing'), EVENTS.succeed)._unsafeUnwrap().post;
      expect(next).toMatchObject({
        status: 'posted',
        publishedAt: NOW,
        permalink: 'https://ig/p/1',
        platformPostId: 'ig-1',
        leaseOwner: null,
        dueAt: null,
        failedReason: null,
      });
    });

    it('succeed keeps what the platform did differently, in the post and its event; a retry clears it', () => {
      const warning = 'YouTube made the video private, not public as asked.';
      const change = transition(postIn('publishing'), { ...EVENTS.succeed, warning } as PostEvent);
      const { post, events } = change._unsafeUnwrap();
      expect(post.warning).toBe(warning);
      expect(events[0]?.data).toMatchObject({ platformPostId: 'ig-1', warning });
      expect(transition(postIn('publishing'), EVENTS.succeed)._unsafeUnwrap().post.warning).toBeNull();
      const failed = { ...postIn('failed'), warning };
      expect(transition(failed, EVENTS.retry)._unsafeUnwrap().post.warning).toBeNull();
      const scheduled = { ...postIn('scheduled'), warning };
      expect(transition(scheduled, EVENTS.edit)._unsafeUnwrap().post.warning).toBeNull();
    });

    it('fail records a reason a person can act on', () => {
      const next = transition(postIn('publishing'), EVENTS.fail)._unsafeUnwrap().post;
      expect(next).toMatchObject({
        status: 'failed',
        failedReason: 'Instagram refused the image.',
        dueAt: null,
      });
    });

    it('retry_later puts the post back in the queue at the retry time, keeping its progress', () => {
      const post = { ...postIn('publishing'), publishProgress: { containerId: 'c-1' } };
      const next = transition(post, EVENTS.retry_later)._unsafeUnwrap().post;
      expect(next).toMatchObject({ status: 'scheduled', dueAt: minutes(2), leaseOwner: null });
      expect(next.publishProgress).toEqual({ containerId: 'c-1' });
    });

    it('record_progress saves the step handles and renews the lease', () => {
      const next = transition(postIn('publishing'), EVENTS.record_progress)._unsafeUnwrap().post;
      expect(next).toMatchObject({ status: 'publishing', dueAt: minutes(7), leaseOwner: 'pub-1' });
      expect(next.publishProgress).toEqual({ containerId: 'c-9' });
    });

    it('record_progress with release hands the post back; claiming it again resumes without an attempt', () => {
      const post = { ...postIn('publishing'), attempts: 2 };
      const release = {
        type: 'record_progress',
        at: NOW,
        leaseOwner: 'pub-1',
        progress: { containerId: 'c-9' },
        leaseUntil: minutes(7),
        release: true,
      } as const;
      const released = transition(post, release)._unsafeUnwrap();
      expect(released.post).toMatchObject({ status: 'publishing', dueAt: minutes(7), leaseOwner: null });
      expect(released.events).toEqual([]);
      const claim = { type: 'claim', at: minutes(7), leaseOwner: 'pub-2', leaseUntil: minutes(9) } as const;
      expect(transition(released.post, { ...claim, at: minutes(6) }).isErr()).toBe(true);
      const resumed = transition(released.post, claim)._unsafeUnwrap();
      expect(resumed.post).toMatchObject({ status: 'publishing', attempts: 2, leaseOwner: 'pub-2' });
      expect(resumed.post.publishProgress).toEqual({ containerId: 'c-9' });
      // A new start is journaled; a resumed one is the same publish going on.
      expect(resumed.events).toEqual([]);
      // A lease that ran out under a live owner (a crashed publisher) still counts an attempt.
      expect(transition({ ...post, dueAt: minutes(-1) }, EVENTS.claim)._unsafeUnwrap().post.attempts).toBe(3);
    });

    it('a deferral that does not count gives the claim back', () => {
      const post = { ...postIn('publishing'), attempts: 3 };
      const counted = transition(post, EVENTS.retry_later)._unsafeUnwrap().post;
      const retry = { type: 'retry_later', at: NOW, leaseOwner: 'pub-1', retryAt: minutes(2) } as const;
      const deferred = transition(post, { ...retry, countsAsAttempt: false })._unsafeUnwrap().post;
      expect([counted.attempts, deferred.attempts]).toEqual([3, 2]);
    });

    it('approve schedules the post at the given time', () => {
      const next = transition(postIn('pending_approval'), EVENTS.approve)._unsafeUnwrap().post;
      expect(next).toMatchObject({ status: 'scheduled', scheduledTime: minutes(30), dueAt: minutes(30) });
    });

    it('edit replaces content, moves the due time and drops stale platform handles', () => {
      const post = { ...postIn('scheduled'), publishProgress: { containerId: 'old' } };
      const next = transition(post, {
        type: 'edit',
        at: NOW,
        changes: {
          scheduledTime: minutes(60),
          targets: { platforms: ['tiktok'], profileIds: ['acct_9'] },
          media: [{ kind: 'asset', mediaId: 'media_9' }],
        },
      })._unsafeUnwrap().post;
      expect(next).toMatchObject({
        caption: post.caption,
        scheduledTime: minutes(60),
        dueAt: minutes(60),
        platforms: ['tiktok'],
        profileIds: ['acct_9'],
        media: [{ kind: 'asset', mediaId: 'media_9' }],
        publishProgress: null,
      });
    });

    it('edit replaces or removes the title', () => {
      const post = { ...postIn('scheduled'), title: 'Old' };
      const edit = (title: string | null) =>
        transition(post, { type: 'edit', at: NOW, changes: { title } })._unsafeUnwrap().post.title;
      expect(edit('New')).toBe('New');
      expect(edit(null)).toBeNull();
      expect(transition(post, EVENTS.edit)._unsafeUnwrap().post.title).toBe('Old');
    });

    it("revise replaces a draft's content and may remove its time, leaving it a draft that is not due", () => {
      const draft = { ...postIn('draft'), title: 'Old', scheduledTime: minutes(30) };
      const next = transition(draft, {
        type: 'revise',
        at: NOW,
        changes: {
          caption: 'Revised',
          title: null,
          scheduledTime: null,
          targets: { platforms: ['threads'], profileIds: ['acct_9'] },
          media: [{ kind: 'asset', mediaId: 'media_9' }],
        },
      })._unsafeUnwrap().post;
      expect(next).toMatchObject({
        status: 'draft',
        caption: 'Revised',
        title: null,
        scheduledTime: null,
        dueAt: null,
        platforms: ['threads'],
        profileIds: ['acct_9'],
        media: [{ kind: 'asset', mediaId: 'media_9' }],
        updatedAt: NOW,
      });
      const timed = transition(draft, EVENTS.revise)._unsafeUnwrap().post;
      expect(timed).toMatchObject({ title: 'Old', scheduledTime: minutes(60), dueAt: null });
    });

    it('retry queues a failed post afresh: reason, attempts, lease and stale handles cleared', () => {
      const post = {
        ...postIn('failed'),
        failedReason: 'Instagram refused the image.',
        attempts: 3,
        publishProgress: { containerId: 'expired' },
      };
      const next = transition(post, EVENTS.retry)._unsafeUnwrap().post;
      expect(next).toMatchObject({
        status: 'scheduled',
        scheduledTime: minutes(10),
        dueAt: minutes(10),
        failedReason: null,
        attempts: 0,
        leaseOwner: null,
        publishProgress: null,
        updatedAt: NOW,
      });
      const refused = transition(postIn('posted'), EVENTS.retry)._unsafeUnwrapErr();
      expect(refused).toMatchObject({ code: 'invalid_post_state', details: { event: 'retry' } });
    });

    it('delete and restore keep the status underneath', () => {
      const deleted = transition(postIn('failed'), EVENTS.delete)._unsafeUnwrap().post;
      expect(deleted).toMatchObject({ status: 'failed', deletedAt: NOW });
      const restored = transition(deleted, { type: 'restore', at: minutes(1) })._unsafeUnwrap().post;
      expect(restored).toMatchObject({ status: 'failed', deletedAt: null });
    });

    it('a post posted before its public id came gets it once, with a post.permalink_ready event', () => {
      const pending = transition(postIn('publishing'), {
        ...EVENTS.succeed,
        platformPostId: 'v_pub_file~v2-1',
        permalink: null,
        publicIdPending: true,
      } as PostEvent)._unsafeUnwrap();
      expect(pending.post).toMatchObject({
        status: 'posted',
        platformPostId: 'v_pub_file~v2-1',
        permalink: null,
      });
      expect(pending.events[0]?.data).toMatchObject({ publicIdPending: true, permalink: null });
      const revealed = transition(pending.post, EVENTS.reveal_public_id)._unsafeUnwrap();
      expect(revealed.post).toMatchObject({
        status: 'posted',
        platformPostId: '7345678901234567891',
        permalink: 'https://www.tiktok.com/@bea/video/7345678901234567891',
        publishedAt: pending.post.publishedAt,
      });
      expect(revealed.events).toEqual([
        {
          type: 'post.permalink_ready',
          at: NOW,
          ownerId: revealed.post.ownerId,
          subjectId: revealed.post.id,
          data: {
            platform: revealed.post.platforms[0],
            profileId: revealed.post.profileIds[0],
            permalink: 'https://www.tiktok.com/@bea/video/7345678901234567891',
            platformPostId: '7345678901234567891',
          },
        },
      ]);
      // A second arrival (a collector that crashed after recording it) changes nothing.
      expect(transition(revealed.post, EVENTS.reveal_public_id)._unsafeUnwrapErr()).toMatchObject({
        code: 'invalid_post_state',
        details: { event: 'reveal_public_id' },
      });
    });

    it('never mutates its input', () => {
      const post = postIn('scheduled');
      const before = structuredClone(post);
      transition(post, EVENTS.claim);
      expect(post).toEqual(before);
    });
  });

  it('yields the journal events of each state change and edit, and none for progress', () => {
    const typesOf = (state: PostState, type: PostEventType) =>
      transition(postIn(state), EVENTS[type])
        ._unsafeUnwrap()
        .events.map((e) => e.type);
    expect(typesOf('draft', 'request_approval')).toEqual(['post.approval_requested']);
    expect(typesOf('pending_approval', 'approve')).toEqual(['post.approved', 'post.scheduled']);
    expect(typesOf('pending_approval', 'reject')).toEqual(['post.rejected']);
    expect(typesOf('scheduled', 'claim')).toEqual(['post.publishing']);
    expect(typesOf('publishing', 'succeed')).toEqual(['post.posted']);
    expect(typesOf('publishing', 'fail')).toEqual(['post.failed']);
    expect(typesOf('publishing', 'retry_later')).toEqual(['post.retrying']);
    expect(typesOf('scheduled', 'delete')).toEqual(['post.deleted']);
    expect(typesOf('deleted', 'restore')).toEqual(['post.restored']);
    expect(typesOf('failed', 'retry')).toEqual(['post.retry_requested']);
    expect(typesOf('scheduled', 'edit')).toEqual(['post.edited']);
    expect(typesOf('draft', 'revise')).toEqual(['post.edited']);
    expect(typesOf('publishing', 'record_progress')).toEqual([]);
    const posted = transition(postIn('publishing'), EVENTS.succeed)._unsafeUnwrap();
    expect(posted.events[0]).toEqual({
      type: 'post.posted',
      at: NOW,
      ownerId: posted.post.ownerId,
      subjectId: posted.post.id,
      data: {
        platform: posted.post.platforms[0],
        profileId: posted.post.profileIds[0],
        permalink: posted.post.permalink,
        platformPostId: posted.post.platformPostId,
        warning: null,
      },
    });
  });
});

describe('can', () => {
  const table: Record<PostState, PostAction[]> = {
    draft: ['edit', 'delete'],
    pending_approval: ['delete', 'approve'],
    scheduled: ['edit', 'move', 'delete'],
    publishing: [],
    posted: [],
    failed: ['delete', 'retry'],
    deleted: ['restore'],
  };
  const actions: PostAction[] = ['edit', 'move', 'delete', 'restore', 'retry', 'approve'];

  it('allows in each state exactly what the transition table allows', () => {
    for (const [state, allowed] of Object.entries(table) as [PostState, PostAction[]][]) {
      const post = postIn(state);
      expect(
        actions.filter((action) => can(post, action)),
        state,
      ).toEqual(allowed);
    }
  });
});

describe('refusalOf', () => {
  it('answers null exactly where can allows, and invalid_post_state elsewhere', () => {
    const states: PostState[] = [
      'draft',
      'pending_approval',
      'scheduled',
      'publishing',
      'posted',
      'failed',
      'deleted',
    ];
    for (const state of states) {
      for (const action of ['edit', 'move', 'delete', 'restore', 'retry', 'approve'] as PostAction[]) {
        const post = postIn(state);
        const refused = refusalOf(post, action);
        expect(refused === null, `${state} ${action}`).toBe(can(post, action));
        if (refused !== null) expect(refused.code).toBe('invalid_post_state');
      }
    }
  });

  it('asks to wait for a post being published to settle', () => {
    const post = postIn('publishing');
    expect(refusalOf(post, 'edit')?.message).toBe(
      `Post ${post.id} is being published right now and cannot be edited. Check its status in a minute: once it is posted or failed it settles.`,
    );
    expect(refusalOf(post, 'delete')?.message).toContain('cannot be deleted');
  });

  it('says what would make an edit possible', () => {
    expect(refusalOf(postIn('pending_approval'), 'edit')?.message).toBe(
      'This post is pending approval. Only drafts and scheduled posts can be edited: reject it to revise it.',
    );
    expect(refusalOf(postIn('posted'), 'edit')?.message).toBe(
      'This post is posted. Only drafts and scheduled posts can be edited (of a posted post, only its evergreen rule).',
    );
    expect(refusalOf(postIn('failed'), 'edit')?.details).toMatchObject({ state: 'failed', event: 'edit' });
  });
});
