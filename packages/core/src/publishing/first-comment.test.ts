import { describe, expect, it } from 'vitest';
import { firstCommentView } from '../posts/index.js';
import { aPost } from '../testing/builders.js';
import {
  afterFirstComment,
  FIRST_COMMENT_MAX_TRIES,
  firstCommentMark,
  markFirstComment,
  savedPublishOf,
  withPublished,
} from './first-comment.js';

const live = { kind: 'published', platformPostId: '1801', permalink: 'https://x.example/p/1' } as const;
const saved = { platformPostId: '1801', permalink: 'https://x.example/p/1', warning: null };

describe('first comment steps', () => {
  it('saves the live post, keeping the handles of the publish', () => {
    const step = withPublished({ containerId: 'c1' }, live);
    expect(step).toEqual({ kind: 'progress', progress: { containerId: 'c1', published: saved } });
    expect(savedPublishOf(step.kind === 'progress' ? step.progress : null)).toEqual(saved);
    expect(savedPublishOf({ containerId: 'c1' })).toBeNull();
  });

  it('marks the comment before it is sent', () => {
    const now = new Date('2026-01-15T12:00:00.000Z');
    const step = markFirstComment({ published: saved }, now);
    expect(firstCommentMark(step.kind === 'progress' ? step.progress : null)).toBe(now.toISOString());
  });

  it('ends the publish with the outcome: posted, failed or skipped, the post published each time', () => {
    expect(afterFirstComment(null, saved, { kind: 'posted', commentId: 'c9' })).toEqual({
      ...live,
      firstComment: { status: 'posted', id: 'c9', error: null },
    });
    expect(afterFirstComment(null, saved, { kind: 'failed', reason: 'No.' })).toMatchObject({
      kind: 'published',
      firstComment: { status: 'failed', id: null, error: 'No.' },
    });
    expect(afterFirstComment(null, saved, { kind: 'skipped', reason: 'Scope.' })).toMatchObject({
      kind: 'published',
      firstComment: { status: 'skipped', error: 'Scope.' },
    });
  });

  it('tries a passing failure again after the wait, then gives the comment up, never the post', () => {
    let progress: Record<string, unknown> = { published: saved, firstCommentStartedAt: 'x' };
    for (let tries = 1; tries < FIRST_COMMENT_MAX_TRIES; tries++) {
      const step = afterFirstComment(progress as never, saved, {
        kind: 'retry',
        afterMs: 60_000,
        reason: 'busy',
      });
      expect(step).toEqual({
        kind: 'progress',
        progress: { ...progress, firstCommentTries: tries },
        waitMs: 60_000,
      });
      progress = step.kind === 'progress' ? step.progress : {};
    }
    expect(
      afterFirstComment(progress as never, saved, { kind: 'retry', afterMs: 0, reason: 'busy' }),
    ).toMatchObject({
      kind: 'published',
      firstComment: { status: 'failed', error: `busy (gave up after ${FIRST_COMMENT_MAX_TRIES} tries)` },
    });
  });

  it('shows pending before the post is published and skipped when it failed', () => {
    const meta = { instagram: { firstComment: 'Hi' } };
    const post = aPost('u', 'a', { platforms: ['instagram'], platformMeta: meta });
    expect(firstCommentView(post)).toEqual({ status: 'pending', id: null, error: null });
    expect(firstCommentView({ ...post, status: 'failed' })).toMatchObject({ status: 'skipped' });
    expect(firstCommentView({ ...post, platformMeta: null })).toBeNull();
    // A TikTok post carries none, whatever its platformMeta says.
    expect(
      firstCommentView({ ...post, platforms: ['tiktok'], platformMeta: { tiktok: { firstComment: 'x' } } }),
    ).toBeNull();
  });
});
