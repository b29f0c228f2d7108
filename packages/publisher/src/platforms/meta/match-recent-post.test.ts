import { describe, expect, it } from 'vitest';
import { findRecentPost, matchRecentPost, parseGraphTime } from './match-recent-post.js';

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

  it('reads further pages until it reaches posts older than the start, and no further', async () => {
    // 250 posts since the start, ours the oldest of them; then posts from before the start.
    const listing = [
      ...Array.from({ length: 250 }, (_, i) => post(`n${i}`, `Other ${i}`, '2026-01-15T12:05:00+0000')),
      post('ours', 'Hello', '2026-01-15T12:00:01+0000'),
      ...Array.from({ length: 300 }, (_, i) => post(`o${i}`, 'Old', '2026-01-15T10:00:00+0000')),
    ];
    const reads: Array<string | null> = [];
    const readPage = async (after: string | null) => {
      reads.push(after);
      const start = after === null ? 0 : Number(after);
      const end = start + 100;
      return { posts: listing.slice(start, end), after: end < listing.length ? String(end) : null };
    };
    expect((await findRecentPost(readPage, 'Hello', since))?.id).toBe('ours');
    expect(reads).toEqual([null, '100', '200']);

    reads.length = 0;
    expect(await findRecentPost(readPage, 'Missing', since)).toBeNull();
    // The third page ends among posts from before the start: nothing older can be ours.
    expect(reads).toEqual([null, '100', '200']);
  });
});
