import { beforeEach, describe, expect, it } from 'vitest';
import { type Actor, DEFAULT_PLAN_LIMITS, type Scope, type User } from '../../identity/index.js';
import { aUser } from '../../testing/builders.js';
import { createTestDeps, type TestDeps } from '../../testing/test-deps.js';
import { importMediaFromUrl } from './import-media-from-url.js';
import { uploadMedia } from './upload-media.js';
import { completeUpload, createUploadTarget } from './upload-targets.js';

const MB = 1024 * 1024;
const bytes = (text: string) => new TextEncoder().encode(text);
async function* streamOf(...chunks: Uint8Array[]) {
  for (const chunk of chunks) yield chunk;
}
async function* failingStream() {
  yield bytes('half a file');
  throw new Error('client went away');
}

describe('media library', () => {
  let t: TestDeps;
  let user: User;
  const actorFor = (overrides: Partial<Actor> = {}): Actor => ({
    user,
    credentialId: 'key_1',
    scopes: ['media:write'] as Scope[],
    accountIds: null,
    ...overrides,
  });
  const jpeg = (text: string) =>
    t.inspector.describe(bytes(text), { contentType: 'image/jpeg', width: 1080, height: 1350 });

  /** How many stored blobs an asset refers to. */
  const referencedBlobs = async () => {
    const referenced = await Promise.all(t.blobs.keys().map((key) => t.store.media.isBlobReferenced(key)));
    return referenced.filter(Boolean).length;
  };

  beforeEach(async () => {
    t = createTestDeps({
      planLimits: { ...DEFAULT_PLAN_LIMITS, paid: { postsPerMonth: 100, storageBytes: 1000 } },
    });
    user = aUser();
    await t.store.users.insertUser(user);
  });

  describe('uploadMedia', () => {
    it('stores an accepted file with what its bytes say, and counts it against storage', async () => {
      const asset = (await uploadMedia(t.deps, actorFor(), streamOf(jpeg('a photo'))))._unsafeUnwrap();
      expect(asset).toMatchObject({
        ownerId: user.id,
        status: 'active',
        contentType: 'image/jpeg',
        width: 1080,
        height: 1350,
        sizeBytes: 7,
      });
      expect(await t.store.media.getMediaAsset(asset.id)).toEqual(asset);
      expect(await t.store.media.getStorageUsed(user.id)).toBe(7);
    });

    it('gives back the asset already holding the same bytes, using no more storage', async () => {
      const first = (await uploadMedia(t.deps, actorFor(), streamOf(jpeg('same'))))._unsafeUnwrap();
      const again = (
        await uploadMedia(t.deps, actorFor(), streamOf(bytes('sa'), bytes('me')))
      )._unsafeUnwrap();
      expect(again.id).toBe(first.id);
      expect(t.blobs.keys()).toHaveLength(1);
      expect(await t.store.media.getStorageUsed(user.id)).toBe(4);
    });

    it('refuses files over 50 MB while they stream, keeping nothing', async () => {
      const big = new Uint8Array(50 * MB + 1);
      const result = await uploadMedia(
        { ...t.deps, planLimits: DEFAULT_PLAN_LIMITS },
        actorFor(),
        streamOf(big),
      );
      expect(result._unsafeUnwrapErr()).toMatchObject({
        code: 'file_too_large',
        details: { maxBytes: 50 * MB },
      });
      expect(t.blobs.keys()).toEqual([]);
    });

    it('keeps nothing of an upload that broke off', async () => {
      expect((await uploadMedia(t.deps, actorFor(), failingStream()))._unsafeUnwrapErr().code).toBe(
        'upload_incomplete',
      );
      expect(t.blobs.keys()).toEqual([]);
    });

    it('refuses bytes that are not media, and AVIF or HEIC with re-export instructions', async () => {
      const text = await uploadMedia(t.deps, actorFor(), streamOf(bytes('just text')));
      expect(text._unsafeUnwrapErr()).toMatchObject({ code: 'unsupported_media_type' });
      const html = t.inspector.describe(bytes('<html>'), { contentType: 'text/html' });
      expect((await uploadMedia(t.deps, actorFor(), streamOf(html)))._unsafeUnwrapErr().message).toContain(
        'it is text/html',
      );
      const heic = t.inspector.describe(bytes('heic bytes'), { contentType: 'image/heic' });
      const refused = (await uploadMedia(t.deps, actorFor(), streamOf(heic)))._unsafeUnwrapErr();
      expect(refused.code).toBe('unsupported_media_type');
      expect(refused.message).toMatch(/JPEG/);
      // Refused bytes stay for the orphan sweep (deleting them could race an upload of the same bytes).
      expect(await referencedBlobs()).toBe(0);
    });

    it('refuses past the storage quota, before reading a byte when it is already full', async () => {
      const big = t.inspector.describe(new Uint8Array(900).fill(1), {
        contentType: 'image/png',
        width: 1,
        height: 1,
      });
      (await uploadMedia(t.deps, actorFor(), streamOf(big)))._unsafeUnwrap();
      const more = t.inspector.describe(new Uint8Array(200).fill(2), {
        contentType: 'image/png',
        width: 1,
        height: 1,
      });
      expect((await uploadMedia(t.deps, actorFor(), streamOf(more)))._unsafeUnwrapErr()).toMatchObject({
        code: 'storage_quota_exceeded',
        details: { usedBytes: 900, limitBytes: 1000 },
      });
      expect(await referencedBlobs()).toBe(1);
      const filler = t.inspector.describe(new Uint8Array(100).fill(3), {
        contentType: 'image/png',
        width: 1,
        height: 1,
      });
      (await uploadMedia(t.deps, actorFor(), streamOf(filler)))._unsafeUnwrap();
      let read = false;
      const watched = (async function* () {
        read = true;
        yield bytes('x');
      })();
      expect((await uploadMedia(t.deps, actorFor(), watched))._unsafeUnwrapErr().code).toBe(
        'storage_quota_exceeded',
      );
      expect(read).toBe(false);
    });

    it('needs media:write and a plan that allows uploads', async () => {
      expect(
        (
          await uploadMedia(t.deps, actorFor({ scopes: ['post:write'] }), streamOf(jpeg('x')))
        )._unsafeUnwrapErr().code,
      ).toBe('insufficient_scope');
      user = { ...user, plan: { kind: 'expired' } };
      expect((await uploadMedia(t.deps, actorFor(), streamOf(jpeg('x'))))._unsafeUnwrapErr().code).toBe(
        'upload_plan_required',
      );
    });
  });

  describe('importMediaFromUrl', () => {
    const url = 'https://cdn.example.com/photo.jpg';

    it('downloads, inspects and stores a link; importing it again returns the same asset without downloading', async () => {
      t.fetcher.serve(url, jpeg('remote photo'));
      const first = (await importMediaFromUrl(t.deps, actorFor(), url, 'refuse'))._unsafeUnwrap();
      expect(first).toMatchObject({
        reused: false,
        asset: { contentType: 'image/jpeg', sourceUrl: url, sizeBytes: 12 },
      });
      const again = (await importMediaFromUrl(t.deps, actorFor(), url, 'refuse'))._unsafeUnwrap();
      expect(again).toEqual({ asset: first.asset, reused: true });
      expect(t.fetcher.fetched).toEqual([url]);
    });

    it('stores identical bytes from another link once', async () => {
      t.fetcher.serve(url, jpeg('same bytes'));
      t.fetcher.serve('https://mirror.example.com/p.jpg', bytes('same bytes'));
      const a = (await importMediaFromUrl(t.deps, actorFor(), url, 'refuse'))._unsafeUnwrap();
      const b = (
        await importMediaFromUrl(t.deps, actorFor(), 'https://mirror.example.com/p.jpg', 'refuse')
      )._unsafeUnwrap();
      expect(b.asset.id).toBe(a.asset.id);
      expect(await t.store.media.getStorageUsed(user.id)).toBe(10);
    });

    it('refuses a share page with its direct link, or converts it', async () => {
      const share = 'https://www.dropbox.com/s/abc123/clip.jpg?dl=0';
      const refused = (await importMediaFromUrl(t.deps, actorFor(), share, 'refuse'))._unsafeUnwrapErr();
      expect(refused).toMatchObject({
        code: 'media_url_share_page',
        details: { directUrl: 'https://www.dropbox.com/s/abc123/clip.jpg?dl=1' },
      });
      expect(refused.message).toContain('https://www.dropbox.com/s/abc123/clip.jpg?dl=1');
      t.fetcher.serve('https://www.dropbox.com/s/abc123/clip.jpg?dl=1', jpeg('dropbox file'));
      expect(
        (await importMediaFromUrl(t.deps, actorFor(), share, 'convert'))._unsafeUnwrap().asset.sourceUrl,
      ).toBe(share);
    });

    it.each([
      [{ kind: 'blocked_address', detail: '127.0.0.1' } as const, 'media_url_blocked'],
      [{ kind: 'not_https', url: 'http://x.example/a' } as const, 'media_url_blocked'],
      [{ kind: 'http_status', status: 404 } as const, 'media_url_unreachable'],
      [{ kind: 'too_many_redirects', limit: 5 } as const, 'media_url_unreachable'],
      [{ kind: 'unreachable', detail: 'timeout' } as const, 'media_url_unreachable'],
      [{ kind: 'too_large', maxBytes: 50 * MB } as const, 'media_url_too_large'],
    ])('maps the refusal %j to %s', async (refusal, code) => {
      t.fetcher.serve(url, refusal);
      expect((await importMediaFromUrl(t.deps, actorFor(), url, 'refuse'))._unsafeUnwrapErr().code).toBe(
        code,
      );
    });

    it('refuses a page that is not a file and an unaccepted type, keeping nothing', async () => {
      t.fetcher.serve(url, t.inspector.describe(bytes('<html>hi</html>'), { contentType: 'text/html' }));
      expect((await importMediaFromUrl(t.deps, actorFor(), url, 'refuse'))._unsafeUnwrapErr().code).toBe(
        'media_url_not_a_file',
      );
      t.fetcher.serve(
        'https://x.example/a.avif',
        t.inspector.describe(bytes('avif'), { contentType: 'image/avif' }),
      );
      const avif = (
        await importMediaFromUrl(t.deps, actorFor(), 'https://x.example/a.avif', 'refuse')
      )._unsafeUnwrapErr();
      expect(avif.code).toBe('media_url_unsupported_type');
      // Refused bytes stay for the orphan sweep (deleting them could race an upload of the same bytes).
      expect(await referencedBlobs()).toBe(0);
    });

    it('refuses links that are not https links', async () => {
      for (const bad of ['ftp://x.example/a.jpg', 'not a link', 42, undefined]) {
        expect((await importMediaFromUrl(t.deps, actorFor(), bad, 'refuse'))._unsafeUnwrapErr().code).toBe(
          'validation_failed',
        );
      }
    });
  });

  describe('upload targets', () => {
    it('reserves a media id that becomes the uploaded file', async () => {
      const target = (await createUploadTarget(t.deps, actorFor()))._unsafeUnwrap();
      expect(target.asset).toMatchObject({ status: 'pending', ownerId: user.id });
      expect(target.expiresAt).toEqual(new Date('2026-01-15T12:15:00Z'));
      const asset = (
        await completeUpload(t.deps, target.asset.id, streamOf(jpeg('uploaded later')))
      )._unsafeUnwrap();
      expect(asset).toMatchObject({
        id: target.asset.id,
        status: 'active',
        contentType: 'image/jpeg',
        sizeBytes: 14,
      });
      expect(
        (await completeUpload(t.deps, target.asset.id, streamOf(jpeg('again'))))._unsafeUnwrapErr().code,
      ).toBe('upload_not_pending');
      expect(
        (await completeUpload(t.deps, 'media_unknown', streamOf(jpeg('x'))))._unsafeUnwrapErr().code,
      ).toBe('upload_not_pending');
    });

    it('applies the upload checks to the bytes, leaving the target open after a refusal', async () => {
      const target = (await createUploadTarget(t.deps, actorFor()))._unsafeUnwrap();
      expect(
        (await completeUpload(t.deps, target.asset.id, streamOf(bytes('text'))))._unsafeUnwrapErr().code,
      ).toBe('unsupported_media_type');
      expect((await completeUpload(t.deps, target.asset.id, failingStream()))._unsafeUnwrapErr().code).toBe(
        'upload_incomplete',
      );
      const big = t.inspector.describe(new Uint8Array(1001), {
        contentType: 'image/png',
        width: 1,
        height: 1,
      });
      expect((await completeUpload(t.deps, target.asset.id, streamOf(big)))._unsafeUnwrapErr().code).toBe(
        'storage_quota_exceeded',
      );
      // Refused bytes stay for the orphan sweep (deleting them could race an upload of the same bytes).
      expect(await referencedBlobs()).toBe(0);
      expect(
        (await completeUpload(t.deps, target.asset.id, streamOf(jpeg('fine'))))._unsafeUnwrap().status,
      ).toBe('active');
    });

    it('needs media:write and a plan that allows uploads, also when the bytes arrive', async () => {
      expect(
        (await createUploadTarget(t.deps, actorFor({ scopes: ['post:read'] })))._unsafeUnwrapErr().code,
      ).toBe('insufficient_scope');
      const target = (await createUploadTarget(t.deps, actorFor()))._unsafeUnwrap();
      const lapsed = { ...user, plan: { kind: 'expired' as const } };
      const store = { ...t.store, users: { ...t.store.users, getUser: async () => lapsed } };
      expect(
        (await completeUpload({ ...t.deps, store }, target.asset.id, streamOf(jpeg('x'))))._unsafeUnwrapErr()
          .code,
      ).toBe('upload_plan_required');
    });
  });
});
