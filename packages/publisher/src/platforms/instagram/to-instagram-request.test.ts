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

  it('sends collaborators, user tags and the location on an image as Graph documents them', () => {
    const tagged = {
      ...post,
      platformMeta: {
        instagram: {
          collaborators: ['ana.b', 'studio_9'],
          userTags: [{ username: 'ana.b', x: 0.25, y: 0.75 }],
          locationId: '110843418940484',
        },
      },
    };
    const outcome = toInstagramRequest(tagged, [anImage()]);
    expect(outcome.ok && outcome.request.container).toEqual({
      image_url: 'https://media.example/a.jpg',
      caption: 'Spring collection is live',
      user_tags: '[{"username":"ana.b","x":0.25,"y":0.75}]',
      collaborators: '["ana.b","studio_9"]',
      location_id: '110843418940484',
    });
  });

  it('tags people on each image child of a carousel, collaborators and location on the parent only', () => {
    const carousel = {
      ...post,
      platformMeta: {
        instagram: {
          collaborators: ['ana.b'],
          locationId: '42',
          userTags: [
            { username: 'ana.b', x: 0.1, y: 0.2 },
            { username: 'bo', x: 0.3, y: 0.4, mediaIndex: 2 },
            { username: 'cy', x: 0.5, y: 0.6, mediaIndex: 2 },
          ],
        },
      },
    };
    const outcome = toInstagramRequest(carousel, [anImage(), aVideo(), anImage()]);
    expect(outcome.ok && outcome.request).toEqual({
      children: [
        {
          is_carousel_item: 'true',
          image_url: 'https://media.example/a.jpg',
          user_tags: '[{"username":"ana.b","x":0.1,"y":0.2}]',
        },
        { is_carousel_item: 'true', media_type: 'VIDEO', video_url: 'https://media.example/v.mp4' },
        {
          is_carousel_item: 'true',
          image_url: 'https://media.example/a.jpg',
          user_tags: '[{"username":"bo","x":0.3,"y":0.4},{"username":"cy","x":0.5,"y":0.6}]',
        },
      ],
      container: {
        media_type: 'CAROUSEL',
        caption: 'Spring collection is live',
        collaborators: '["ana.b"]',
        location_id: '42',
      },
      text: 'Spring collection is live',
    });
  });

  it('sends a reel kept off the feed with its cover frame and collaborators', () => {
    const reel = {
      ...post,
      platformMeta: { instagram: { shareToFeed: false, thumbOffset: 2500, collaborators: ['ana.b'] } },
    };
    const outcome = toInstagramRequest(reel, [aVideo()]);
    expect(outcome.ok && outcome.request.container).toEqual({
      media_type: 'REELS',
      video_url: 'https://media.example/v.mp4',
      caption: 'Spring collection is live',
      share_to_feed: 'false',
      thumb_offset: '2500',
      collaborators: '["ana.b"]',
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
