import { aPost } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { anImage, aVideo } from '../shared/__fixtures__/publish-media.js';
import { toThreadsRequest } from './to-threads-request.js';

const post = aPost('user_1', 'acct_1', { caption: 'Hello Threads', platforms: ['threads'] });
const planOf = (...args: Parameters<typeof toThreadsRequest>) => {
  const outcome = toThreadsRequest(...args);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.request;
};

describe('toThreadsRequest', () => {
  it('maps a post without media to a TEXT container', () => {
    expect(planOf(post, [], 'first_slide')).toEqual({
      children: [],
      container: { media_type: 'TEXT', text: 'Hello Threads' },
      text: 'Hello Threads',
    });
  });

  it('maps one image or video to an IMAGE or VIDEO container', () => {
    expect(planOf(post, [anImage()], 'carousel').container).toEqual({
      media_type: 'IMAGE',
      image_url: 'https://media.example/a.jpg',
      text: 'Hello Threads',
    });
    expect(planOf(post, [aVideo()], 'first_slide')).toMatchObject({
      container: { media_type: 'VIDEO', video_url: 'https://media.example/v.mp4', text: 'Hello Threads' },
    });
  });

  it('publishes only the first slide of several by default', () => {
    expect(planOf(post, [aVideo(), anImage()], 'first_slide')).toMatchObject({
      children: [],
      container: { media_type: 'VIDEO', video_url: 'https://media.example/v.mp4' },
    });
  });

  it('makes a carousel of several slides when asked to', () => {
    expect(planOf(post, [anImage(), aVideo()], 'carousel')).toEqual({
      children: [
        { media_type: 'IMAGE', image_url: 'https://media.example/a.jpg', is_carousel_item: 'true' },
        { media_type: 'VIDEO', video_url: 'https://media.example/v.mp4', is_carousel_item: 'true' },
      ],
      container: { media_type: 'CAROUSEL', text: 'Hello Threads' },
      text: 'Hello Threads',
    });
    const many = Array.from({ length: 21 }, () => anImage());
    expect(toThreadsRequest(post, many, 'carousel')).toEqual({
      ok: false,
      reason: expect.stringContaining('20'),
    });
  });

  // The documented request shape (developers.facebook.com/docs/threads/reply-management and
  // /docs/threads/retrieve-and-manage-replies/create-replies): a reply is a container with
  // `reply_to_id`, and `reply_control` is one of the five documented values on the container.
  it('sends reply_control on the post and reply_to_id on a part of a chain', () => {
    const controlled = aPost('user_1', 'acct_1', {
      caption: 'Part two',
      platforms: ['threads'],
      platformMeta: { threads: { replyControl: 'mentioned_only' } },
    });
    expect(planOf(controlled, [], 'first_slide').container).toEqual({
      media_type: 'TEXT',
      text: 'Part two',
      reply_control: 'mentioned_only',
    });
    expect(planOf(controlled, [anImage()], 'first_slide', '17890001').container).toEqual({
      media_type: 'IMAGE',
      image_url: 'https://media.example/a.jpg',
      text: 'Part two',
      reply_control: 'mentioned_only',
      reply_to_id: '17890001',
    });
  });

  it('puts reply_to_id on the carousel, not on its items', () => {
    const plan = planOf(post, [anImage(), aVideo()], 'carousel', '17890002');
    expect(plan.container).toEqual({
      media_type: 'CAROUSEL',
      text: 'Hello Threads',
      reply_to_id: '17890002',
    });
    expect(plan.children.every((child) => child.reply_to_id === undefined)).toBe(true);
  });
});
