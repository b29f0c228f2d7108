import { describe, expect, it } from 'vitest';
import { nextPageCursor } from '../meta/graph-api.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { refuses, without } from '../shared/__fixtures__/wire-checks.js';
import {
  commentRepliesSchema,
  privateReplySentSchema,
  publicReplyCreatedSchema,
  subscribedAppsSchema,
} from './instagram-comments-api.js';

const fixture = fixtureReader(import.meta.dirname);

describe('Instagram comment-reply wire format', () => {
  it('reads a subscription as success only when Meta says so', () => {
    expect(subscribedAppsSchema.parse(fixture('subscribed-apps.json'))).toEqual({ success: true });
    expect(refuses(subscribedAppsSchema, { success: false })).toBe(true);
    expect(refuses(subscribedAppsSchema, {})).toBe(true);
  });

  it("reads a private reply's message id as the reply id", () => {
    expect(privateReplySentSchema.parse(fixture('private-reply-sent.json'))).toEqual({
      replyId: expect.stringMatching(/^aWdfZAG1faXRlbTox/),
    });
    expect(refuses(privateReplySentSchema, without(fixture('private-reply-sent.json'), 'message_id'))).toBe(
      true,
    );
  });

  it("reads a public reply's comment id, string or number", () => {
    expect(publicReplyCreatedSchema.parse(fixture('public-reply-created.json'))).toEqual({
      replyId: '18063717136912345',
    });
    expect(publicReplyCreatedSchema.parse({ id: 17 })).toEqual({ replyId: '17' });
    expect(refuses(publicReplyCreatedSchema, {})).toBe(true);
  });

  it('reads the replies under a comment with their authors, and knows the last page', () => {
    const page = commentRepliesSchema.parse(fixture('comment-replies.json'));
    expect(page.data).toEqual([
      {
        id: '18063717136900001',
        from: { id: '6897152080310812', username: 'jess.makes' },
        username: 'jess.makes',
      },
      {
        id: '18063717136912345',
        from: { id: '17841400000000001', username: 'acme.studio' },
        username: 'acme.studio',
      },
    ]);
    // Graph leaves `next` out on the last page, cursors or not.
    expect(nextPageCursor(page)).toBeNull();
    expect(commentRepliesSchema.parse(fixture('comment-replies-no-from.json')).data[1]).toEqual({
      id: '18063717136912345',
      username: 'acme.studio',
    });
    expect(commentRepliesSchema.parse(fixture('comment-replies-empty.json')).data).toEqual([]);
    expect(commentRepliesSchema.parse({}).data).toEqual([]);
  });
});
