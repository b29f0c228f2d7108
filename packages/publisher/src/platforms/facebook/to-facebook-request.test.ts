import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { aLink, anImage, aVideo } from '../shared/__fixtures__/publish-media.js';
import { toFacebookRequest } from './to-facebook-request.js';

const post = aPost('user_1', 'acct_1', { caption: 'Open today', platforms: ['facebook'] });

// Every post fits Facebook: the outcome is always a request.
function requestFor(...args: Parameters<typeof toFacebookRequest>) {
  const outcome = toFacebookRequest(...args);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.request;
}

describe('toFacebookRequest', () => {
  it('maps a post without media to a feed post', () => {
    expect(requestFor(post, [])).toEqual({
      kind: 'post',
      edge: 'feed',
      params: { message: 'Open today' },
      text: 'Open today',
    });
  });

  it('sends platformMeta.facebook.link as the feed link, as Graph documents it for link posts', () => {
    // developers.facebook.com/docs/pages/publishing: POST /{page-id}/feed ?message=…&link=https://…
    const caption = 'Smart video calling to fit every family';
    const link = 'https://portal.facebook.com/products/';
    const linked = aPost('user_1', 'acct_1', {
      caption,
      platforms: ['facebook'],
      platformMeta: { facebook: { link } },
    });
    const request = requestFor(linked, []);
    expect(request.kind === 'post' ? [request.edge, request.params] : request.kind).toEqual([
      'feed',
      { message: caption, link },
    ]);
  });

  it('refuses a link with media rather than dropping it', () => {
    const linked = aPost('user_1', 'acct_1', {
      caption: 'Open today',
      platforms: ['facebook'],
      platformMeta: { facebook: { link: 'https://example.com/' } },
    });
    expect(toFacebookRequest(linked, [anImage()])).toEqual({
      ok: false,
      reason: expect.stringContaining('text posts only'),
    });
  });

  it('maps a first image slide to a photo post with the caption; later slides are left out', () => {
    expect(requestFor(post, [anImage(), aVideo()])).toEqual({
      kind: 'post',
      edge: 'photos',
      params: { url: 'https://media.example/a.jpg', caption: 'Open today' },
      text: 'Open today',
    });
  });

  it('maps a first video slide (by type, or by name for outside links) to a reel', () => {
    expect(requestFor(post, [aVideo(), anImage()])).toEqual({
      kind: 'reel',
      videoUrl: 'https://media.example/v.mp4',
      description: 'Open today',
    });
    expect(requestFor(post, [aLink('https://cdn.example/clip.MP4?sig=1')])).toMatchObject({
      kind: 'reel',
    });
    expect(requestFor(post, [aLink('https://cdn.example/photo')])).toMatchObject({ kind: 'post' });
  });
});
