import { describe, expect, it } from 'vitest';
import { operatorActor } from '../../identity/index.js';
import { aUser } from '../../testing/builders.js';
import { createTestDeps } from '../../testing/test-deps.js';
import { ABANDONED_UPLOAD_GRACE_MS, sweepAbandonedUploads } from './sweep-abandoned-uploads.js';
import { createUploadTarget, UPLOAD_TARGET_LIFETIME_MS } from './upload-targets.js';

describe('sweepAbandonedUploads', () => {
  it('removes upload targets only once their link expired and the grace passed, in batches', async () => {
    const t = createTestDeps();
    const user = aUser({ plan: { kind: 'paid' } });
    await t.store.users.insertUser(user);
    const targets = [];
    for (let i = 0; i < 5; i++)
      targets.push((await createUploadTarget(t.deps, operatorActor(user)))._unsafeUnwrap());
    t.clock.advance(UPLOAD_TARGET_LIFETIME_MS + ABANDONED_UPLOAD_GRACE_MS - 1);
    expect(await sweepAbandonedUploads(t.deps, 2)).toBe(0);
    const late = (await createUploadTarget(t.deps, operatorActor(user)))._unsafeUnwrap();
    t.clock.advance(2);
    expect(await sweepAbandonedUploads(t.deps, 2)).toBe(5);
    for (const target of targets) expect(await t.store.media.getMediaAsset(target.asset.id)).toBeNull();
    expect((await t.store.media.getMediaAsset(late.asset.id))?.status).toBe('pending');
  });
});
