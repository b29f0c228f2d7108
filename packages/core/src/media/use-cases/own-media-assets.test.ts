import { describe, expect, it } from 'vitest';
import { aMediaAsset, seedMediaAsset } from '../../testing/builders.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { ownMediaAssets } from './own-media-assets.js';

describe('ownMediaAssets', () => {
  it("answers the owner's assets in the order asked, leaving out others' and unknown ids", async () => {
    const t = createTestDeps();
    const a = aMediaAsset('user_1');
    const b = aMediaAsset('user_1');
    const theirs = aMediaAsset('user_2');
    for (const asset of [a, b, theirs]) await seedMediaAsset(t.store.media, asset);
    const own = await ownMediaAssets(t, 'user_1', [b.id, theirs.id, 'media_unknown', a.id]);
    expect(own.map((m) => m.id)).toEqual([b.id, a.id]);
  });
});
