import { describe, expect, it } from 'vitest';
import { readCommentWebhook } from './comment-webhook.js';

const RECEIVED = new Date('2026-05-04T10:00:00.000Z');
const comment = (id: string, from: string, extra: Record<string, unknown> = {}) => ({
  field: 'comments',
  value: {
    id,
    text: 'Price?',
    from: { id: from, username: `u${from}` },
    media: { id: 'm1', media_product_type: 'FEED' },
    ...extra,
  },
});

describe('readCommentWebhook', () => {
  it('reads comments under entry[].changes[], with time, parent and commenter', () => {
    const delivery = readCommentWebhook(
      {
        object: 'instagram',
        entry: [{ id: '1784', time: 1_758_700_000, changes: [comment('c1', 'v1', { parent_id: 'c0' })] }],
      },
      RECEIVED,
    );
    expect(delivery).toEqual({
      comments: [
        {
          commentId: 'c1',
          igUserId: '1784',
          mediaId: 'm1',
          parentId: 'c0',
          fromId: 'v1',
          fromUsername: 'uv1',
          text: 'Price?',
          commentedAt: new Date(1_758_700_000_000),
          receivedAt: RECEIVED,
        },
      ],
      ownComments: 0,
      ignored: 0,
    });
  });

  it('reads the Business Login shape with field and value in the entry itself', () => {
    const delivery = readCommentWebhook(
      { object: 'instagram', entry: [{ id: '1784', ...comment('c2', 'v2') }] },
      RECEIVED,
    );
    expect(delivery?.comments.map((c) => [c.commentId, c.commentedAt])).toEqual([['c2', RECEIVED]]);
  });

  it("leaves out the account's own comments and whatever is not a readable comment", () => {
    const delivery = readCommentWebhook(
      {
        object: 'instagram',
        entry: [
          {
            id: '1784',
            changes: [comment('own', '1784'), { field: 'mentions', value: {} }, comment('c3', 'v3')],
          },
          { id: '1784', messaging: [{ sender: { id: 'x' } }] },
          'nonsense',
          { id: '1784', changes: [{ field: 'comments', value: { id: 'broken' } }] },
        ],
      },
      RECEIVED,
    );
    expect(delivery?.comments.map((c) => c.commentId)).toEqual(['c3']);
    expect(delivery?.ownComments).toBe(1);
    expect(delivery?.ignored).toBe(3);
  });

  it('answers null for a body that is not an Instagram delivery', () => {
    expect(readCommentWebhook({ object: 'page', entry: [] }, RECEIVED)).toBeNull();
    expect(readCommentWebhook([1, 2], RECEIVED)).toBeNull();
    expect(readCommentWebhook('text', RECEIVED)).toBeNull();
  });
});
