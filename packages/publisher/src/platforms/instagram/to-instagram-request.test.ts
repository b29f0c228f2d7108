import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { aLink, anImage, aVideo } from '../shared/__fixtures__/publish-media.js';
import { toInstagramRequest } from './to-instagram-request.js';

const post = aPost('user_1', 'acct_1', { caption: 'Spring collection is live' });

describe('toInstagramRequest', () => {
  it('maps one image to an image container with the caption', () => {
    expect(toInstagramRequest(post, [anImage()])).toEqual({
      ok: true,
      request: {
        children: [],
        container: { image_url: 'https://media.example/a.jpg', caption: 'Spring collection is live' },
        text: 'Spring collection is live',
      },
    });
  });

  it('maps one video to a reel shared to the feed, with the cover from platformMeta', () => {
    const withCover = {
      ...post,
      platformMeta: { instagram: { coverUrl: 'https://media.example/cover.jpg' } },
    };
    const outcome = toInstagramRequest(withCover, [aVideo()]);
    expect(outcome.ok && outcome.request).toEqual({
      children: [],
      container: {
        media_type: 'REELS',
        video_url: 'https://media.example/v.mp4',
        caption: 'Spring collection is live',
        share_to_feed: 'true',
        cover_url: 'https://media.example/cover.jpg',
      },
      text: 'Spring collection is live',
    });
    expect(toInstagramRequest(post, [aVideo()])).not.toHaveProperty('request.container.cover_url');
  });

  it('maps 2–10 slides to carousel children and a parent without children ids yet', () => {
    const outcome = toInstagramRequest(post, [anImage(), aVideo(), aLink('https://cdn.example/c.mov')]);
    expect(outcome.ok && outcome.request).toEqual({
      children: [
        { is_carousel_item: 'true', image_url: 'https://media.example/a.jpg' },
        { is_carousel_item: 'true', media_type: 'VIDEO', video_url: 'https://media.example/v.mp4' },
        { is_carousel_item: 'true', media_type: 'VIDEO', video_url: 'https://cdn.example/c.mov' },
      ],
      container: { media_type: 'CAROUSEL', caption: 'Spring collection is live' },
      text: 'Spring collection is live',
    });
  });

  it('refuses posts without media and carousels over 10 slides', () => {
    expect(toInstagramRequest(post, [])).toEqual({
      ok: false,
      reason: expect.stringContaining('add at least one'),
    });
    const eleven = Array.from({ length: 11 }, () => anImage());
    expect(toInstagramRequest(post, eleven)).toEqual({
      ok: false,
      reason: expect.stringContaining('at most 10'),
    });
  });
});
