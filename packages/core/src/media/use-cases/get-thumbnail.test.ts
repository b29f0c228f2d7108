import { beforeEach, describe, expect, it } from 'vitest';
import type { Actor, Scope, User } from '../../identity/index.js';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { thumbnailDimensions, thumbnailSizeOf, thumbnailTag } from '../thumbnails.js';
import { getThumbnail } from './get-thumbnail.js';
import { uploadMedia } from './upload-media.js';

const bytes = (text: string) => new TextEncoder().encode(text);
async function* streamOf(chunk: Uint8Array) {
  yield chunk;
}

describe('thumbnails', () => {
  let t: TestDeps;
  let ann: User;
  let bob: User;
  const actorOf = (user: User, scopes: Scope[] = ['*']): Actor => ({
    user,
    credentialId: 'key_1',
    scopes,
    accountIds: null,
  });
  const upload = async (user: User, text: string, contentType: string) => {
    t.inspector.describe(bytes(text), { contentType, width: 4000, height: 3000 });
    return (await uploadMedia(t.deps, actorOf(user), streamOf(bytes(text))))._unsafeUnwrap();
  };

  beforeEach(async () => {
    t = createTestDeps();
    ann = aUser({ email: 'ann@example.com' });
    bob = aUser({ email: 'bob@example.com' });
    await t.store.users.insertUser(ann);
    await t.store.users.insertUser(bob);
  });

  it('makes an image thumbnail once per size and reads it back afterwards', async () => {
    const photo = await upload(ann, 'a photo', 'image/jpeg');
    const first = (await getThumbnail(t.deps, actorOf(ann), photo.id, 160))._unsafeUnwrap();
    const again = (await getThumbnail(t.deps, actorOf(ann), photo.id, 160))._unsafeUnwrap();
    const large = (await getThumbnail(t.deps, actorOf(ann), photo.id, 480))._unsafeUnwrap();
    expect(first.tag).toBe(thumbnailTag(photo.blobKey ?? '', 160));
    expect([first.thumbnail?.made, again.thumbnail?.made, large.thumbnail?.made]).toEqual([
      true,
      false,
      true,
    ]);
    expect(again.tag).toBe(first.tag);
    expect(large.tag).not.toBe(first.tag);
    expect(t.thumbnails.made).toHaveLength(2);
  });

  it('reads and makes nothing when the caller already holds the version', async () => {
    const photo = await upload(ann, 'a photo', 'image/png');
    const tag = thumbnailTag(photo.blobKey ?? '', 160);
    const answer = (await getThumbnail(t.deps, actorOf(ann), photo.id, 160, tag))._unsafeUnwrap();
    expect(answer).toEqual({ tag, thumbnail: null });
    expect(t.thumbnails.asked).toEqual([]);
  });

  it("answers media_asset_not_found for another user's image, a video and an unknown id", async () => {
    const photo = await upload(ann, 'a photo', 'image/jpeg');
    const clip = await upload(ann, 'a clip', 'video/mp4');
    const refusals = await Promise.all([
      getThumbnail(t.deps, actorOf(bob), photo.id, 160),
      getThumbnail(t.deps, actorOf(ann), clip.id, 160),
      getThumbnail(t.deps, actorOf(ann), 'media_01J0000000000000000000000', 160),
    ]);
    expect(refusals.map((r) => r._unsafeUnwrapErr().code)).toEqual([
      'media_asset_not_found',
      'media_asset_not_found',
      'media_asset_not_found',
    ]);
    expect(t.thumbnails.asked).toEqual([]);
  });

  it('needs post:read, like the library', async () => {
    const photo = await upload(ann, 'a photo', 'image/jpeg');
    const refused = await getThumbnail(t.deps, actorOf(ann, ['media:write']), photo.id, 160);
    expect(refused._unsafeUnwrapErr().code).toBe('insufficient_scope');
  });

  it('takes only the fixed sizes, and fits the long side without enlarging', () => {
    expect(['160', '480', '200', '160.5', ''].map(thumbnailSizeOf)).toEqual([160, 480, null, null, null]);
    expect(thumbnailDimensions({ width: 4000, height: 3000 }, 160)).toEqual({ width: 160, height: 120 });
    expect(thumbnailDimensions({ width: 1080, height: 1920 }, 480)).toEqual({ width: 270, height: 480 });
    expect(thumbnailDimensions({ width: 100, height: 50 }, 480)).toEqual({ width: 100, height: 50 });
    expect(thumbnailDimensions({ width: null, height: null }, 160)).toEqual({ width: 160, height: 160 });
  });
});
