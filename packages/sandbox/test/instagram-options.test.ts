import { describe, expect, it } from 'vitest';
import { graphOf, instagramAccount } from './instagram-helpers.js';
import { useSandbox } from './sandbox-harness.js';

const h = useSandbox();

// The container parameters of issue 37 as Graph documents them on POST /{ig-user-id}/media:
// refused the way Graph refuses them, stored with the container, and readable on the post.
function account() {
  const { token, userId } = instagramAccount(h, 'bea_shop');
  const graph = graphOf(h);
  const create = (params: Record<string, string>) =>
    h.post(`${graph}/${userId}/media`, { ...params, access_token: token });
  const publish = async (params: Record<string, string>) => {
    const created = await create(params);
    expect(created.status, created.text).toBe(200);
    h.clock.advance(5_000);
    const published = await h.post(`${graph}/${userId}/media_publish`, {
      creation_id: created.body.id,
      access_token: token,
    });
    expect(published.status, published.text).toBe(200);
    return h.sandbox.control.published('instagram').find((p) => p.id === published.body.id);
  };
  return { create, publish };
}

describe('Instagram container options', () => {
  it('stores collaborators, user tags and the location of an image', async () => {
    const ig = account();
    const post = await ig.publish({
      image_url: h.media.jpeg,
      caption: 'Tagged',
      collaborators: '["ana.b","studio_9"]',
      user_tags: '[{"username":"ana.b","x":0.25,"y":0.75}]',
      location_id: '110843418940484',
    });
    expect(post?.instagram).toEqual({
      options: {
        collaborators: ['ana.b', 'studio_9'],
        userTags: [{ username: 'ana.b', x: 0.25, y: 0.75 }],
        locationId: '110843418940484',
      },
      children: [],
    });
  });

  it('stores the tags of each carousel item and the collaborators of the parent', async () => {
    const ig = account();
    const first = await ig.create({
      is_carousel_item: 'true',
      image_url: h.media.jpeg,
      user_tags: '[{"username":"bo","x":0,"y":1}]',
    });
    const second = await ig.create({ is_carousel_item: 'true', image_url: h.media.jpeg });
    const post = await ig.publish({
      media_type: 'CAROUSEL',
      caption: 'Two',
      children: `${first.body.id},${second.body.id}`,
      collaborators: '["ana.b"]',
    });
    expect(post?.instagram).toEqual({
      options: { collaborators: ['ana.b'] },
      children: [{ userTags: [{ username: 'bo', x: 0, y: 1 }] }, {}],
    });
  });

  it('stores a reel kept off the feed with its cover frame', async () => {
    const ig = account();
    const post = await ig.publish({
      media_type: 'REELS',
      video_url: h.media.video,
      share_to_feed: 'false',
      thumb_offset: '2500',
    });
    expect(post?.instagram?.options).toEqual({ shareToFeed: false, thumbOffset: 2500 });
  });

  it.each([
    [{ collaborators: '["a","b","c","d"]' }, 'at most 3'],
    [{ collaborators: 'ana' }, 'must be an array'],
    [{ collaborators: '["ana b"]' }, 'collaborators[0]'],
    [
      { user_tags: '[{"username":"ana","x":1.2,"y":0}]' },
      "user_tags[0]['x'] must be a number less than or equal to 1",
    ],
    [{ user_tags: '[{"username":"ana","x":0.5}]' }, "user_tags[0]['y'] must be a number"],
    [{ location_id: 'Paris' }, 'location_id'],
    [{ share_to_feed: 'false' }, 'only supported for media_type=REELS'],
    [{ thumb_offset: '100' }, 'only supported for media_type=REELS'],
  ])('refuses %j on an image with code 100', async (params, message) => {
    const created = await account().create({ image_url: h.media.jpeg, ...params });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ code: 100, message: expect.stringContaining(message) });
  });

  it('refuses collaborators on a carousel item, tags on a carousel parent and a bad frame offset', async () => {
    const ig = account();
    const item = await ig.create({
      is_carousel_item: 'true',
      image_url: h.media.jpeg,
      collaborators: '["ana"]',
    });
    expect(item.body.error.message).toContain('not allowed for carousel items');
    const a = await ig.create({ is_carousel_item: 'true', image_url: h.media.jpeg });
    const b = await ig.create({ is_carousel_item: 'true', image_url: h.media.jpeg });
    const parent = await ig.create({
      media_type: 'CAROUSEL',
      children: `${a.body.id},${b.body.id}`,
      user_tags: '[{"username":"ana","x":0.5,"y":0.5}]',
    });
    expect(parent.body.error.message).toContain('tag each image item');
    const reel = await ig.create({ media_type: 'REELS', video_url: h.media.video, thumb_offset: '-5' });
    expect(reel.body.error).toMatchObject({ code: 100, error_subcode: 2207057 });
  });
});
