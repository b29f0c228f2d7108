import { describe, expect, it } from 'vitest';
import { found } from './policy-test-support.js';
import type { PolicyInput, PolicyResult } from './policy-types.js';
import { validatePostPolicy } from './validate-post-policy.js';

function withThreads(threads: unknown, platforms: string[] = ['threads']): PolicyResult {
  return validatePostPolicy({
    caption: 'Root',
    platforms,
    media: [],
    platformMeta: { threads },
  } as PolicyInput);
}

const refusal = (code: string, field: string) => ({ code, severity: 'error', platform: 'threads', field });

describe('Threads reply chain and reply control', () => {
  it('accepts a chain of parts within Threads limits, and every documented reply control', () => {
    const thread = [
      { caption: 'x'.repeat(500) },
      {
        caption:
          'Five links https://a.example https://b.example https://c.example https://d.example https://e.example',
      },
      { caption: '', mediaIds: ['med_1'] },
      { caption: 'A carousel', mediaIds: Array.from({ length: 20 }, (_, i) => `med_${i}`) },
    ];
    for (const replyControl of [
      'everyone',
      'accounts_you_follow',
      'mentioned_only',
      'parent_post_author_only',
      'followers_only',
    ]) {
      expect(found(withThreads({ thread, replyControl }))).toEqual([]);
    }
    expect(found(withThreads({ thread: Array.from({ length: 20 }, () => ({ caption: 'p' })) }))).toEqual([]);
  });

  it('refuses each part over Threads limits, naming the part and the field', () => {
    const result = withThreads({
      thread: [
        { caption: 'fine' },
        { caption: 'y'.repeat(501) },
        { caption: Array.from({ length: 6 }, (_, i) => `https://l${i}.example`).join(' ') },
        { caption: 'many', mediaIds: Array.from({ length: 21 }, (_, i) => `med_${i}`) },
        { caption: '   ' },
        'not a part',
      ],
    });
    expect(found(result)).toEqual([
      refusal('caption_too_long', 'platformMeta.threads.thread[1].caption'),
      refusal('too_many_links', 'platformMeta.threads.thread[2].caption'),
      refusal('too_many_slides', 'platformMeta.threads.thread[3].mediaIds'),
      refusal('invalid_caption', 'platformMeta.threads.thread[4].caption'),
      refusal('invalid_threads_option', 'platformMeta.threads.thread[5]'),
    ]);
    expect(result.errors[0]?.message).toBe(
      'Part 2 is 501 characters as Threads counts them; Threads takes at most 500. Shorten it by 1.',
    );
  });

  it('counts an emoji as Threads does, by its UTF-8 bytes', () => {
    // 124 emoji of 4 bytes: 496 as Threads counts them, then 5 more characters.
    expect(found(withThreads({ thread: [{ caption: `${'😀'.repeat(124)}abcd` }] }))).toEqual([]);
    expect(found(withThreads({ thread: [{ caption: `${'😀'.repeat(124)}abcde` }] }))).toEqual([
      refusal('caption_too_long', 'platformMeta.threads.thread[0].caption'),
    ]);
  });

  it('refuses more than 20 parts, a chain that is not a list, and an unknown reply control', () => {
    expect(found(withThreads({ thread: Array.from({ length: 21 }, () => ({ caption: 'p' })) }))).toEqual([
      refusal('invalid_threads_option', 'platformMeta.threads.thread'),
    ]);
    expect(found(withThreads({ thread: { caption: 'one' } }))).toEqual([
      refusal('invalid_threads_option', 'platformMeta.threads.thread'),
    ]);
    const control = withThreads({ replyControl: 'friends' });
    expect(found(control)).toEqual([refusal('invalid_threads_option', 'platformMeta.threads.replyControl')]);
    expect(control.errors[0]?.message).toContain('accounts_you_follow');
  });

  it('leaves platformMeta.threads alone when the post does not target Threads', () => {
    expect(found(withThreads({ replyControl: 'friends' }, ['instagram']))).not.toContainEqual(
      expect.objectContaining({ platform: 'threads' }),
    );
  });
});
