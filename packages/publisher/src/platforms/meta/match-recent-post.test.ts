import { describe, expect, it } from 'vitest';
import { matchRecentPost, parseGraphTime } from './match-recent-post.js';

const post = (id: string, text: string, createdAt: string) => ({
  id,
  text,
  createdAt,
  permalink: `https://x/${id}`,
});

describe('matchRecentPost', () => {
  const since = new Date('2026-01-15T12:00:00.000Z');

  it('picks the newest post with the same text made at most a minute before the start', () => {
    const posts = [
      post('4', 'Other', '2026-01-15T12:00:30+0000'),
      post('3', 'Hello ', '2026-01-15T12:00:20+0000'),
      post('2', 'Hello', '2026-01-15T11:59:30+0000'),
      post('1', 'Hello', '2026-01-15T11:50:00+0000'),
    ];
    expect(matchRecentPost(posts, 'Hello', since)?.id).toBe('3');
    expect(matchRecentPost(posts.slice(2), 'Hello', since)?.id).toBe('2');
    expect(matchRecentPost(posts.slice(3), 'Hello', since)).toBeNull();
  });

  it('reads Graph timestamps with and without a colon in the offset', () => {
    expect(parseGraphTime('2026-01-15T12:00:00+0000')).toBe(since.getTime());
    expect(parseGraphTime('2026-01-15T13:00:00+01:00')).toBe(since.getTime());
    expect(parseGraphTime('not a time')).toBeNaN();
  });
});
