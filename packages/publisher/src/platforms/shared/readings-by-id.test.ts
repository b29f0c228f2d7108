import { describe, expect, it } from 'vitest';
import { definedCounts } from './defined-counts.js';
import { readingsById } from './readings-by-id.js';

describe('readingsById', () => {
  it('reads each target from its item, and a target the platform left out as not available', () => {
    const items = new Map([['v1', { plays: 10, likes: undefined }]]);
    const answer = readingsById(
      [
        { postId: 'p1', platformPostId: 'v1' },
        { postId: 'p2', platformPostId: 'v2' },
      ],
      items,
      (item) => ({ views: item.plays, likes: item.likes }),
    );
    expect(answer).toEqual({
      kind: 'read',
      readings: [
        { postId: 'p1', kind: 'metrics', metrics: { views: 10 } },
        { postId: 'p2', kind: 'not_available' },
      ],
    });
  });
});

describe('definedCounts', () => {
  it('leaves a hidden count out and keeps a zero', () => {
    expect(definedCounts({ views: 0, likes: undefined, comments: 3 })).toEqual({ views: 0, comments: 3 });
  });
});
