import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { aLink, anImage, aVideo } from '../shared/__fixtures__/publish-media.js';
import { toFacebookRequest } from './to-facebook-request.js';

const post = aPost('user_1', 'acct_1', { caption: 'Open today', platforms: ['facebook'] });

describe('toFacebookRequest', () => {
  it('maps a post without media to a feed post', () => {
    expect(toFacebookRequest(post, [])).toEqual({
      kind: 'post',
      edge: 'feed',
      params: { message: 'Open today' },
      text: 'Open today',
    });
  });

  it('maps a first image slide to a photo post with the caption; later slides are left out', () => {
    expect(toFacebookRequest(post, [anImage(), aVideo()])).toEqual({
      kind: 'post',
      edge: 'photos',
      params: { url: 'https://media.example/a.jpg', caption: 'Open today' },
      text: 'Open today',
    });
  });

  it('maps a first video slide (by type, or by name for outside links) to a reel', () => {
    expect(toFacebookRequest(post, [aVideo(), anImage()])).toEqual({
      kind: 'reel',
      videoUrl: 'https://media.example/v.mp4',
      description: 'Open today',
    });
    expect(toFacebookRequest(post, [aLink('https://cdn.example/clip.MP4?sig=1')])).toMatchObject({
      kind: 'reel',
    });
    expect(toFacebookRequest(post, [aLink('https://cdn.example/photo')])).toMatchObject({ kind: 'post' });
  });
});
