import { describe, expect, it } from 'vitest';
import { type PublishProgress, threadView } from '../posts/index.js';
import { aPost } from '../testing/builders.js';
import type { PublishStep } from './publish-step.js';
import { afterThreadPartStep, nextThreadPart, THREAD_PART_MAX_TRIES } from './thread-chain.js';

const NOW = new Date('2026-01-15T12:00:00.000Z');
const published = { platformPostId: 'root', permalink: 'https://t.example/root', warning: null };
const progressOf = (step: PublishStep): PublishProgress => {
  if (step.kind !== 'progress') throw new Error(`expected progress, got ${step.kind}`);
  return step.progress;
};
// Takes part `index`'s step and returns the post's saved progress after it.
const take = (progress: PublishProgress, index: number, step: PublishStep) =>
  progressOf(afterThreadPartStep(progress, 3, index, step, NOW));
const postWith = (progress: PublishProgress | null, status: 'posted' | 'failed' | 'publishing' = 'posted') =>
  aPost('user_1', 'acct_1', {
    platforms: ['threads'],
    status,
    publishProgress: progress,
    platformMeta: { threads: { thread: [{ caption: 'a' }, { caption: 'b' }, { caption: 'c' }] } },
  });

describe('Threads reply chain steps', () => {
  it('goes part by part, each replying to the one before, its own handles kept apart', () => {
    let progress: PublishProgress = { published };
    expect(nextThreadPart(progress, 3, 'root')).toEqual({ index: 0, replyToId: 'root', progress: {} });
    progress = take(progress, 0, { kind: 'progress', progress: { containerId: 'c1' } });
    expect(nextThreadPart(progress, 3, 'root')).toEqual({
      index: 0,
      replyToId: 'root',
      progress: { containerId: 'c1' },
    });
    expect(progress.published).toEqual(published);
    progress = take(progress, 0, {
      kind: 'published',
      platformPostId: 'p1',
      permalink: 'https://t.example/p1',
    });
    expect(nextThreadPart(progress, 3, 'root')).toMatchObject({ index: 1, replyToId: 'p1', progress: {} });
    progress = take(progress, 1, { kind: 'published', platformPostId: 'p2', permalink: null });
    progress = take(progress, 2, { kind: 'published', platformPostId: 'p3', permalink: null });
    expect(nextThreadPart(progress, 3, 'root')).toBeNull();
    expect(threadView(postWith(progress))?.map((p) => [p.status, p.id])).toEqual([
      ['posted', 'p1'],
      ['posted', 'p2'],
      ['posted', 'p3'],
    ]);
  });

  it('a part refused for good fails alone and the parts after it are skipped', () => {
    const progress = take({ published }, 0, { kind: 'failed', reason: 'Too long.' });
    expect(nextThreadPart(progress, 3, 'root')).toBeNull();
    expect(threadView(postWith(progress))).toEqual([
      { status: 'failed', id: null, permalink: null, error: 'Too long.' },
      {
        status: 'skipped',
        id: null,
        permalink: null,
        error: 'Part 1 was not published, so the chain stops there.',
      },
      {
        status: 'skipped',
        id: null,
        permalink: null,
        error: 'Part 1 was not published, so the chain stops there.',
      },
    ]);
  });

  it(`tries a part again after a passing failure, up to ${THREAD_PART_MAX_TRIES} times, then fails it`, () => {
    let progress: PublishProgress = { published };
    for (let tries = 1; tries < THREAD_PART_MAX_TRIES; tries += 1) {
      const step = afterThreadPartStep(
        progress,
        3,
        0,
        { kind: 'retry', afterMs: 5_000, reason: 'Busy.' },
        NOW,
      );
      expect(step).toMatchObject({ kind: 'progress', waitMs: 5_000 });
      progress = progressOf(step);
      expect(nextThreadPart(progress, 3, 'root')?.index).toBe(0);
    }
    const until = new Date(NOW.getTime() + 60_000);
    progress = take(progress, 0, { kind: 'defer', until, reason: 'Limit reached.' });
    expect(threadView(postWith(progress))?.[0]).toMatchObject({
      status: 'failed',
      error: `Limit reached. (gave up after ${THREAD_PART_MAX_TRIES} tries)`,
    });
  });

  it('shows the chain pending before the post is live, and skipped when the post failed', () => {
    expect(threadView(postWith(null, 'publishing'))?.map((p) => p.status)).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(threadView(postWith(null, 'failed'))?.[2]).toEqual({
      status: 'skipped',
      id: null,
      permalink: null,
      error: 'The post was not published.',
    });
    expect(threadView(aPost('user_1', 'acct_1', { platforms: ['threads'] }))).toBeNull();
  });
});
