import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import type { NewPostsBatch, Post } from '../posts/index.js';
import { describeAccountDisconnectContract } from './account-disconnect-contract.js';
import { describeAccountExpiryContract } from './account-expiry-contract.js';
import { describeAnalyticsContract } from './analytics-contract.js';
import { describeAutomationContract } from './automation-contract.js';
import { describeBillingContract } from './billing-contract.js';
import { describeBlobRemovalContract } from './blob-removal-contract.js';
import { aMediaAsset, anAccount, anApiKey, aPost, aUser } from './builders.js';
import { describeConnectionRequestContract } from './connection-request-contract.js';
import { describeEventJournalContract } from './event-journal-contract.js';
import { describeMediaLibraryContract } from './media-library-contract.js';
import { describeOAuthStoreContract } from './oauth-store-contract.js';
import { describePostPurgeContract } from './post-purge-contract.js';
import { describePostQueryContract } from './post-query-contract.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const WINDOW = new Date('2026-01-01T00:00:00.000Z');

/**
 * The behaviour every Store implementation must have. Call it from a test file with a factory
 * that returns a fresh, empty, migrated store; the suite closes each store after its test.
 */
export function describeStoreContract(name: string, openStore: () => Promise<Store>): void {
  describe(`${name} store contract`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await openStore();
    });
    afterEach(async () => {
      await store.close();
    });

    const batch = (ownerId: string, posts: Post[], extra: Partial<NewPostsBatch> = {}): NewPostsBatch => ({
      ownerId,
      at: T0,
      posts,
      idempotency: null,
      quota: { limit: 1000, windowStart: WINDOW },
      ...extra,
    });

    describe('users', () => {
      it('stores a user and finds it by id and by email', async () => {
        const user = aUser({ plan: { kind: 'trial', endsAt: at(60 * 24 * 14) }, betaTester: true });
        expect(await store.users.insertUser(user)).toBe('inserted');
        expect(await store.users.getUser(user.id)).toEqual(user);
        expect(await store.users.getUserByEmail(user.email)).toEqual(user);
        expect(await store.users.getUser('user_missing')).toBeNull();
        expect(await store.users.getUserByEmail('nobody@example.com')).toBeNull();
      });

      it('refuses a second user with the same email', async () => {
        const first = aUser({ email: 'same@example.com' });
        await store.users.insertUser(first);
        expect(await store.users.insertUser(aUser({ email: 'same@example.com' }))).toBe('email_taken');
        expect(await store.users.getUserByEmail('same@example.com')).toEqual(first);
      });

      it("keeps a user's time zone and changes it, also for the owner read with a key", async () => {
        const user = aUser({ timeZone: 'Europe/Paris' });
        await store.users.insertUser(user);
        expect((await store.users.getUser(user.id))?.timeZone).toBe('Europe/Paris');
        const key = anApiKey(user.id);
        await store.apiKeys.insertApiKey(key);
        // Read once before the change: a store that caches credentials must forget them.
        expect((await store.apiKeys.getApiKeyWithOwner(key.id))?.owner?.timeZone).toBe('Europe/Paris');
        expect(await store.users.setTimeZone(user.id, 'America/New_York', at(5))).toBe(true);
        const changed = { ...user, timeZone: 'America/New_York', updatedAt: at(5) };
        expect(await store.users.getUser(user.id)).toEqual(changed);
        expect(await store.users.getUserByEmail(user.email)).toEqual(changed);
        expect((await store.apiKeys.getApiKeyWithOwner(key.id))?.owner).toEqual(changed);
        expect(await store.users.setTimeZone('user_missing', 'UTC', at(5))).toBe(false);
      });

      it("changes a user's plan, also for the owner read with a key, and keeps the rest", async () => {
        const user = aUser({ plan: { kind: 'trial', endsAt: at(60) }, timeZone: 'Europe/Paris' });
        await store.users.insertUser(user);
        const key = anApiKey(user.id);
        await store.apiKeys.insertApiKey(key);
        // Read once before the change: a store that caches credentials must forget them.
        expect((await store.apiKeys.getApiKeyWithOwner(key.id))?.owner?.plan).toEqual(user.plan);
        expect(await store.users.setPlan(user.id, { kind: 'paid' }, at(5))).toBe(true);
        const paid = { ...user, plan: { kind: 'paid' as const }, updatedAt: at(5) };
        expect(await store.users.getUser(user.id)).toEqual(paid);
        expect(await store.users.getUserByEmail(user.email)).toEqual(paid);
        expect((await store.apiKeys.getApiKeyWithOwner(key.id))?.owner).toEqual(paid);
        // Back to a trial with its own end date, then expired: each kind round-trips.
        expect(await store.users.setPlan(user.id, { kind: 'trial', endsAt: at(90) }, at(6))).toBe(true);
        expect((await store.users.getUser(user.id))?.plan).toEqual({ kind: 'trial', endsAt: at(90) });
        expect(await store.users.setPlan(user.id, { kind: 'expired' }, at(7))).toBe(true);
        expect(await store.users.getUser(user.id)).toEqual({
          ...user,
          plan: { kind: 'expired' },
          updatedAt: at(7),
        });
        expect(await store.users.setPlan('user_missing', { kind: 'paid' }, at(8))).toBe(false);
      });
    });

    describe('api keys', () => {
      it('round-trips a key with scopes, account limits and dates', async () => {
        const owner = aUser();
        const key = anApiKey(owner.id, {
          name: 'ci',
          scopes: ['post:write', 'post:read'],
          accountIds: ['acct_1', 'acct_2'],
          expiresAt: at(60),
        });
        await store.apiKeys.insertApiKey(key);
        expect(await store.apiKeys.getApiKey(key.id)).toEqual(key);
        expect(await store.apiKeys.getApiKey('key_missing')).toBeNull();
      });

      it('reads a key together with its owner, or with null when the owner is gone', async () => {
        const owner = aUser({ plan: { kind: 'trial', endsAt: at(60) }, betaTester: true });
        await store.users.insertUser(owner);
        const key = anApiKey(owner.id, { scopes: ['post:read'], accountIds: ['acct_1'] });
        const orphan = anApiKey('user_gone');
        await store.apiKeys.insertApiKey(key);
        await store.apiKeys.insertApiKey(orphan);
        expect(await store.apiKeys.getApiKeyWithOwner(key.id)).toEqual({ key, owner });
        expect(await store.apiKeys.getApiKeyWithOwner(orphan.id)).toEqual({ key: orphan, owner: null });
        expect(await store.apiKeys.getApiKeyWithOwner('key_missing')).toBeNull();
      });

      it("lists only the owner's keys, oldest first", async () => {
        const [a, b] = [aUser(), aUser()];
        const newer = anApiKey(a.id, { createdAt: at(5) });
        const older = anApiKey(a.id, { createdAt: at(1) });
        await store.apiKeys.insertApiKey(newer);
        await store.apiKeys.insertApiKey(older);
        await store.apiKeys.insertApiKey(anApiKey(b.id));
        expect((await store.apiKeys.listApiKeys(a.id)).map((k) => k.id)).toEqual([older.id, newer.id]);
      });

      it('revokes once and keeps the first revocation time', async () => {
        const key = anApiKey(aUser().id);
        await store.apiKeys.insertApiKey(key);
        expect((await store.apiKeys.revokeApiKey(key.id, at(1)))?.revokedAt).toEqual(at(1));
        expect((await store.apiKeys.revokeApiKey(key.id, at(2)))?.revokedAt).toEqual(at(1));
        expect((await store.apiKeys.getApiKey(key.id))?.revokedAt).toEqual(at(1));
        expect(await store.apiKeys.revokeApiKey('key_missing', at(1))).toBeNull();
      });

      it('records a last use only when none is stored since the given time', async () => {
        const owner = aUser();
        await store.users.insertUser(owner);
        const key = anApiKey(owner.id);
        await store.apiKeys.insertApiKey(key);
        expect(await store.apiKeys.recordApiKeyUse(key.id, at(10), at(9))).toBe(true);
        // Another server already wrote this minute: nothing is written.
        expect(await store.apiKeys.recordApiKeyUse(key.id, at(11), at(10))).toBe(false);
        expect((await store.apiKeys.getApiKeyWithOwner(key.id))?.key.lastUsedAt).toEqual(at(10));
        expect(await store.apiKeys.recordApiKeyUse(key.id, at(20), at(11))).toBe(true);
        expect((await store.apiKeys.getApiKeyWithOwner(key.id))?.key.lastUsedAt).toEqual(at(20));
        expect((await store.apiKeys.listApiKeys(owner.id))[0]?.lastUsedAt).toEqual(at(20));
        expect(await store.apiKeys.recordApiKeyUse('key_missing', at(30), at(29))).toBe(false);
      });
    });

    describe('connected accounts', () => {
      it('round-trips an account', async () => {
        const account = anAccount(aUser().id, {
          followerCount: 42,
          tokenExpiresAt: at(90),
          profileImageUrl: 'https://x/y.png',
        });
        expect(await store.accounts.saveAccount(account)).toEqual(account);
        expect(await store.accounts.getAccount(account.id)).toEqual(account);
        expect(await store.accounts.getAccount('acct_missing')).toBeNull();
      });

      it('updates on reconnect, keeping id, connectedAt and stored credentials when none are given', async () => {
        const owner = aUser().id;
        const first = await store.accounts.saveAccount(
          anAccount(owner, { platformAccountId: 'ig-1', sealedCredentials: 'old' }),
        );
        const again = anAccount(owner, {
          platformAccountId: 'ig-1',
          handle: 'renamed',
          sealedCredentials: null,
          needsReconnect: false,
          connectedAt: at(10),
          updatedAt: at(10),
        });
        const stored = await store.accounts.saveAccount(again);
        expect(stored).toMatchObject({
          id: first.id,
          handle: 'renamed',
          connectedAt: first.connectedAt,
          sealedCredentials: 'old',
        });
        expect(stored.updatedAt).toEqual(at(10));
        expect(await store.accounts.listActiveAccounts(owner)).toHaveLength(1);

        const rotated = await store.accounts.saveAccount({ ...again, sealedCredentials: 'new' });
        expect(rotated.sealedCredentials).toBe('new');
      });

      it('keeps accounts of different owners apart even with the same platform account', async () => {
        const [a, b] = [aUser().id, aUser().id];
        const ofA = await store.accounts.saveAccount(anAccount(a, { platformAccountId: 'shared' }));
        const ofB = await store.accounts.saveAccount(anAccount(b, { platformAccountId: 'shared' }));
        expect(ofA.id).not.toBe(ofB.id);
      });

      it('finds an account by its platform account id, active or not', async () => {
        const owner = aUser().id;
        const account = await store.accounts.saveAccount(
          anAccount(owner, { platformAccountId: 'fb-9', status: 'inactive' }),
        );
        expect(await store.accounts.findAccount(owner, account.platform, 'fb-9')).toEqual(account);
        expect(await store.accounts.findAccount(owner, 'tiktok', 'fb-9')).toBeNull();
        expect(await store.accounts.findAccount(aUser().id, account.platform, 'fb-9')).toBeNull();
      });

      it("lists only the owner's active accounts, oldest connection first", async () => {
        const owner = aUser().id;
        const late = anAccount(owner, { platform: 'tiktok', connectedAt: at(5) });
        const early = anAccount(owner, { connectedAt: at(1) });
        await store.accounts.saveAccount(late);
        await store.accounts.saveAccount(early);
        await store.accounts.saveAccount(anAccount(owner, { status: 'inactive' }));
        await store.accounts.saveAccount(anAccount(aUser().id));
        expect((await store.accounts.listActiveAccounts(owner)).map((a) => a.id)).toEqual([
          early.id,
          late.id,
        ]);
      });
    });

    describeConnectionRequestContract(() => store);
    describePostQueryContract(() => store);
    describeEventJournalContract(() => store);
    describeBillingContract(() => store);
    describeAnalyticsContract(() => store);
    describeAutomationContract(() => store);
    describeOAuthStoreContract(() => store);
    describeMediaLibraryContract(() => store);
    describeBlobRemovalContract(() => store);
    describeAccountDisconnectContract(() => store);
    describeAccountExpiryContract(() => store);
    describePostPurgeContract(() => store);

    describe('media assets', () => {
      const LIMIT = { storageLimitBytes: 1_000_000, sourceUrl: null };

      it('adds assets and reads them back, alone or several at a time', async () => {
        const owner = aUser().id;
        const image = aMediaAsset(owner, { blobKey: 'a'.repeat(64) });
        const video = aMediaAsset(owner, {
          contentType: 'video/mp4',
          durationMs: 12_500,
          blobKey: 'b'.repeat(64),
        });
        expect(await store.media.addMediaAsset(image, LIMIT)).toEqual({ kind: 'added', asset: image });
        expect(await store.media.addMediaAsset(video, LIMIT)).toEqual({ kind: 'added', asset: video });
        expect(await store.media.getMediaAsset(video.id)).toEqual(video);
        expect(await store.media.getMediaAsset('media_missing')).toBeNull();
        const found = await store.media.getMediaAssets([video.id, 'media_missing', image.id, video.id]);
        expect([...found].sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
          [image, video].sort((x, y) => (x.id < y.id ? -1 : 1)),
        );
        expect(await store.media.getMediaAssets([])).toEqual([]);
        expect(await store.media.getStorageUsed(owner)).toBe(image.sizeBytes + video.sizeBytes);
      });

      it("returns the owner's asset with the same bytes instead of adding another", async () => {
        const owner = aUser().id;
        const first = aMediaAsset(owner, { blobKey: 'c'.repeat(64), sizeBytes: 100 });
        await store.media.addMediaAsset(first, LIMIT);
        const again = aMediaAsset(owner, { blobKey: 'c'.repeat(64), sizeBytes: 100 });
        expect(await store.media.addMediaAsset(again, LIMIT)).toEqual({ kind: 'existing', asset: first });
        expect(await store.media.getMediaAsset(again.id)).toBeNull();
        expect(await store.media.getStorageUsed(owner)).toBe(100);
        // Another owner with the same bytes gets an asset (and a usage) of their own.
        const other = aMediaAsset(aUser().id, { blobKey: 'c'.repeat(64), sizeBytes: 100 });
        expect((await store.media.addMediaAsset(other, LIMIT)).kind).toBe('added');
      });

      it('refuses an asset that would pass the storage quota, adding nothing', async () => {
        const owner = aUser().id;
        await store.media.addMediaAsset(
          aMediaAsset(owner, { blobKey: 'd'.repeat(64), sizeBytes: 600 }),
          LIMIT,
        );
        const big = aMediaAsset(owner, { blobKey: 'e'.repeat(64), sizeBytes: 401 });
        expect(
          await store.media.addMediaAsset(big, {
            storageLimitBytes: 1000,
            sourceUrl: 'https://x.example/big',
          }),
        ).toEqual({
          kind: 'storage_quota_exceeded',
          usedBytes: 600,
          limitBytes: 1000,
        });
        expect(await store.media.getMediaAsset(big.id)).toBeNull();
        expect(await store.media.findMediaBySource(owner, 'https://x.example/big')).toBeNull();
        const fits = aMediaAsset(owner, { blobKey: 'f'.repeat(64), sizeBytes: 400 });
        expect(
          (await store.media.addMediaAsset(fits, { storageLimitBytes: 1000, sourceUrl: null })).kind,
        ).toBe('added');
      });

      it('remembers the link an asset came from, per owner, also when the bytes were already there', async () => {
        const owner = aUser().id;
        const asset = aMediaAsset(owner, { blobKey: '1'.repeat(64), sourceUrl: 'https://x.example/a.jpg' });
        await store.media.addMediaAsset(asset, { ...LIMIT, sourceUrl: 'https://x.example/a.jpg' });
        expect(await store.media.findMediaBySource(owner, 'https://x.example/a.jpg')).toEqual(asset);
        expect(await store.media.findMediaBySource(aUser().id, 'https://x.example/a.jpg')).toBeNull();
        const sameBytes = aMediaAsset(owner, { blobKey: '1'.repeat(64) });
        await store.media.addMediaAsset(sameBytes, { ...LIMIT, sourceUrl: 'https://mirror.example/a.jpg' });
        expect(await store.media.findMediaBySource(owner, 'https://mirror.example/a.jpg')).toEqual(asset);
      });

      it('turns a pending upload target into an active asset, once, within the quota', async () => {
        const owner = aUser().id;
        const pending = aMediaAsset(owner, {
          status: 'pending',
          contentType: '',
          sizeBytes: 0,
          width: null,
          height: null,
          blobKey: null,
        });
        await store.media.insertPendingAsset(pending);
        expect(await store.media.getMediaAsset(pending.id)).toEqual(pending);
        const file = {
          contentType: 'image/png',
          sizeBytes: 700,
          width: 10,
          height: 20,
          durationMs: null,
          blobKey: '2'.repeat(64),
        };
        expect(await store.media.activatePendingAsset(pending.id, file, { storageLimitBytes: 500 })).toEqual({
          kind: 'storage_quota_exceeded',
          usedBytes: 0,
          limitBytes: 500,
        });
        expect((await store.media.getMediaAsset(pending.id))?.status).toBe('pending');
        const activated = await store.media.activatePendingAsset(pending.id, file, {
          storageLimitBytes: 1000,
        });
        expect(activated).toEqual({ kind: 'activated', asset: { ...pending, ...file, status: 'active' } });
        expect(await store.media.getMediaAsset(pending.id)).toEqual({
          ...pending,
          ...file,
          status: 'active',
        });
        expect(await store.media.activatePendingAsset(pending.id, file, { storageLimitBytes: 1000 })).toEqual(
          { kind: 'not_pending' },
        );
        expect(
          await store.media.activatePendingAsset('media_missing', file, { storageLimitBytes: 1000 }),
        ).toEqual({ kind: 'not_pending' });
        expect(await store.media.getStorageUsed(owner)).toBe(700);
      });

      it('tells whether any asset refers to a blob', async () => {
        await store.media.addMediaAsset(aMediaAsset(aUser().id, { blobKey: '3'.repeat(64) }), LIMIT);
        expect(await store.media.isBlobReferenced('3'.repeat(64))).toBe(true);
        expect(await store.media.isBlobReferenced('4'.repeat(64))).toBe(false);
      });
    });

    describe('posts', () => {
      it('inserts a batch and reads every field back', async () => {
        const owner = aUser().id;
        const rich = aPost(owner, 'acct_1', {
          title: 'T',
          media: [
            { kind: 'asset', mediaId: 'media_1' },
            { kind: 'asset', mediaId: 'media_2' },
          ],
          platformMeta: { tiktok: { privacyLevel: 'SELF_ONLY', disableDuet: true }, custom: { x: 1 } },
          externalId: 'ext-1',
          category: 'launch',
          publishProgress: null,
        });
        const plain = aPost(owner, 'acct_2');
        const outcome = await store.posts.insertPosts(batch(owner, [rich, plain]));
        expect(outcome).toEqual({ kind: 'inserted', posts: [rich, plain] });
        expect(await store.posts.getPost(rich.id)).toEqual(rich);
        expect(await store.posts.getPost(plain.id)).toEqual(plain);
        expect(await store.posts.getPost('post_missing')).toBeNull();
      });

      it('rejects a batch holding an id that already exists, writing none of it', async () => {
        const owner = aUser().id;
        const existing = aPost(owner, 'acct_1');
        await store.posts.insertPosts(batch(owner, [existing]));
        const fresh = aPost(owner, 'acct_1');
        const clash = { ...aPost(owner, 'acct_1'), id: existing.id, caption: 'clash' };
        await expect(
          store.posts.insertPosts(
            batch(owner, [fresh, clash], { idempotency: { externalId: 'd', fingerprint: 'F' } }),
          ),
        ).rejects.toThrow();
        expect(await store.posts.getPost(fresh.id)).toBeNull();
        expect(await store.posts.getPost(existing.id)).toEqual(existing);
        expect(await store.posts.findByExternalId(owner, 'd')).toBeNull();
      });

      it('replays a batch with the same idempotency key and fingerprint, writing nothing', async () => {
        const owner = aUser().id;
        const first = [aPost(owner, 'acct_1', { externalId: 'order-7' })];
        const idempotency = { externalId: 'order-7', fingerprint: '{"a":1}' };
        await store.posts.insertPosts(batch(owner, first, { idempotency }));
        const retry = [aPost(owner, 'acct_1', { externalId: 'order-7' })];
        const outcome = await store.posts.insertPosts(batch(owner, retry, { idempotency }));
        expect(outcome).toEqual({ kind: 'replayed', posts: first });
        expect(await store.posts.getPost(retry[0]?.id ?? '')).toBeNull();
        expect(await store.posts.findByExternalId(owner, 'order-7')).toEqual({
          fingerprint: '{"a":1}',
          posts: first,
        });
      });

      it('refuses the same idempotency key with another fingerprint', async () => {
        const owner = aUser().id;
        const first = aPost(owner, 'acct_1');
        await store.posts.insertPosts(
          batch(owner, [first], { idempotency: { externalId: 'k', fingerprint: 'A' } }),
        );
        const other = aPost(owner, 'acct_1');
        const outcome = await store.posts.insertPosts(
          batch(owner, [other], { idempotency: { externalId: 'k', fingerprint: 'B' } }),
        );
        expect(outcome).toEqual({ kind: 'idempotency_conflict', postIds: [first.id] });
        expect(await store.posts.getPost(other.id)).toBeNull();
      });

      it('scopes idempotency keys to their owner', async () => {
        const [a, b] = [aUser().id, aUser().id];
        const idempotency = { externalId: 'same', fingerprint: 'F' };
        await store.posts.insertPosts(batch(a, [aPost(a, 'acct_1')], { idempotency }));
        const outcome = await store.posts.insertPosts(batch(b, [aPost(b, 'acct_2')], { idempotency }));
        expect(outcome.kind).toBe('inserted');
        expect(await store.posts.findByExternalId(b, 'unknown')).toBeNull();
      });

      it('enforces the quota on the whole batch with a usage counter per owner and window', async () => {
        const owner = aUser().id;
        const quota = { limit: 3, windowStart: WINDOW };
        await store.posts.insertPosts(
          batch(owner, [aPost(owner, 'acct_1'), aPost(owner, 'acct_1')], { quota }),
        );
        // Other owners and other windows have counters of their own.
        await store.posts.insertPosts(
          batch(aUser().id, [aPost('x', 'acct_9'), aPost('x', 'acct_9')], { quota }),
        );
        const nextMonth = { limit: 3, windowStart: new Date('2026-02-01T00:00:00.000Z') };
        await store.posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota: nextMonth }));

        const tooMany = [aPost(owner, 'acct_1'), aPost(owner, 'acct_1')];
        const refused = await store.posts.insertPosts(
          batch(owner, tooMany, { quota, idempotency: { externalId: 'q', fingerprint: 'F' } }),
        );
        expect(refused).toEqual({ kind: 'quota_exceeded', used: 2, limit: 3 });
        expect(await store.posts.getPost(tooMany[0]?.id ?? '')).toBeNull();
        expect(await store.posts.findByExternalId(owner, 'q')).toBeNull();

        expect((await store.posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota }))).kind).toBe(
          'inserted',
        );
        expect(await store.posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota }))).toEqual({
          kind: 'quota_exceeded',
          used: 3,
          limit: 3,
        });
      });

      it('does not count a replay or a refused batch against the quota', async () => {
        const owner = aUser().id;
        const quota = { limit: 2, windowStart: WINDOW };
        const idempotency = { externalId: 'once', fingerprint: 'F' };
        await store.posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota, idempotency }));
        expect(
          (await store.posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota, idempotency })))
            .kind,
        ).toBe('replayed');
        await store.posts.insertPosts(batch(owner, [aPost(owner, 'a'), aPost(owner, 'a')], { quota }));
        expect((await store.posts.insertPosts(batch(owner, [aPost(owner, 'acct_1')], { quota }))).kind).toBe(
          'inserted',
        );
      });

      it('updates only when the expected version matches, bumping it', async () => {
        const owner = aUser().id;
        const post = aPost(owner, 'acct_1');
        await store.posts.insertPosts(batch(owner, [post]));
        const edited = {
          ...post,
          caption: 'edited',
          updatedAt: at(1),
          publishProgress: { containerId: 'c-1' },
        };
        const stored = await store.posts.updatePost(edited, 0);
        expect(stored).toEqual({ ...edited, version: 1 });
        expect(await store.posts.updatePost({ ...post, caption: 'stale' }, 0)).toBeNull();
        expect(await store.posts.getPost(post.id)).toEqual({ ...edited, version: 1 });
        expect(await store.posts.updatePost(aPost(owner, 'acct_1'), 0)).toBeNull();
      });

      it('claims due posts oldest first, up to the limit, and leases them', async () => {
        const owner = aUser().id;
        const p1 = aPost(owner, 'a', { scheduledTime: at(2), dueAt: at(2) });
        const p2 = aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1) });
        const p3 = aPost(owner, 'a', { scheduledTime: at(3), dueAt: at(3) });
        const future = aPost(owner, 'a', { scheduledTime: at(30), dueAt: at(30) });
        const deleted = aPost(owner, 'a', { scheduledTime: at(0), dueAt: at(0), deletedAt: at(0) });
        const posted = aPost(owner, 'a', { status: 'posted', scheduledTime: at(0), dueAt: null });
        await store.posts.insertPosts(batch(owner, [p1, p2, p3, future, deleted, posted]));

        const claimed = await store.posts.claimDuePosts({
          now: at(10),
          limit: 2,
          leaseOwner: 'pub-1',
          leaseUntil: at(15),
        });
        expect(claimed.map((p) => p.id)).toEqual([p2.id, p1.id]);
        for (const post of claimed) {
          expect(post).toMatchObject({
            status: 'publishing',
            leaseOwner: 'pub-1',
            dueAt: at(15),
            attempts: 1,
            version: 1,
          });
          expect(post.updatedAt).toEqual(at(10));
          expect(await store.posts.getPost(post.id)).toEqual(post);
        }
        const rest = await store.posts.claimDuePosts({
          now: at(10),
          limit: 10,
          leaseOwner: 'pub-2',
          leaseUntil: at(15),
        });
        expect(rest.map((p) => p.id)).toEqual([p3.id]);
        expect(
          await store.posts.claimDuePosts({
            now: at(10),
            limit: 10,
            leaseOwner: 'pub-3',
            leaseUntil: at(15),
          }),
        ).toEqual([]);
      });

      it('passes over posts of accounts the claimer already holds its limit of, leaving them queued', async () => {
        const owner = aUser().id;
        // Oldest first: three for account a, then b, a, c.
        const a1 = aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1) });
        const a2 = aPost(owner, 'a', { scheduledTime: at(2), dueAt: at(2) });
        const a3 = aPost(owner, 'a', { scheduledTime: at(3), dueAt: at(3) });
        const b1 = aPost(owner, 'b', { scheduledTime: at(4), dueAt: at(4) });
        const a4 = aPost(owner, 'a', { scheduledTime: at(5), dueAt: at(5) });
        const c1 = aPost(owner, 'c', { scheduledTime: at(6), dueAt: at(6) });
        await store.posts.insertPosts(batch(owner, [a1, a2, a3, b1, a4, c1]));
        const claim = (leaseOwner: string, limit: number, accountsInFlight: Map<string, number>) =>
          store.posts.claimDuePosts({
            now: at(10),
            limit,
            leaseOwner,
            leaseUntil: at(15),
            perAccountLimit: 1,
            accountsInFlight,
          });

        // One per account, and none for c, which this claimer already publishes for.
        const first = await claim('pub-1', 3, new Map([['c', 1]]));
        expect(first.map((p) => p.id)).toEqual([a1.id, b1.id]);
        // What it passed over is still there for another publisher, oldest first.
        const second = await claim('pub-2', 2, new Map());
        expect(second.map((p) => p.id)).toEqual([a2.id, c1.id]);
        expect(await store.posts.getPost(a3.id)).toMatchObject({ status: 'scheduled', version: 0 });
        // Without per-account limits a claim takes the oldest whatever their account.
        const rest = await store.posts.claimDuePosts({
          now: at(10),
          limit: 5,
          leaseOwner: 'pub-3',
          leaseUntil: at(15),
        });
        expect(rest.map((p) => p.id)).toEqual([a3.id, a4.id]);
      });

      it('takes over a post whose lease expired, but not one still leased', async () => {
        const owner = aUser().id;
        const post = aPost(owner, 'a', { scheduledTime: at(0), dueAt: at(0) });
        await store.posts.insertPosts(batch(owner, [post]));
        await store.posts.claimDuePosts({ now: at(1), limit: 1, leaseOwner: 'pub-1', leaseUntil: at(6) });
        expect(
          await store.posts.claimDuePosts({ now: at(5), limit: 1, leaseOwner: 'pub-2', leaseUntil: at(10) }),
        ).toEqual([]);
        const [taken] = await store.posts.claimDuePosts({
          now: at(6),
          limit: 1,
          leaseOwner: 'pub-2',
          leaseUntil: at(11),
        });
        expect(taken).toMatchObject({
          id: post.id,
          leaseOwner: 'pub-2',
          attempts: 2,
          dueAt: at(11),
          version: 2,
        });
      });

      it('never hands the same post to two concurrent claims', async () => {
        const owner = aUser().id;
        const posts = Array.from({ length: 20 }, (_, i) =>
          aPost(owner, 'a', { scheduledTime: at(i), dueAt: at(i) }),
        );
        await store.posts.insertPosts(batch(owner, posts));
        const claims = await Promise.all(
          ['p1', 'p2', 'p3', 'p4'].map((leaseOwner) =>
            store.posts.claimDuePosts({ now: at(60), limit: 7, leaseOwner, leaseUntil: at(65) }),
          ),
        );
        const ids = claims.flat().map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.sort()).toEqual(posts.map((p) => p.id).sort());
      });

      it('reports the earliest time the publisher has work', async () => {
        const owner = aUser().id;
        expect(await store.posts.nextDueAt()).toBeNull();
        await store.posts.insertPosts(
          batch(owner, [
            aPost(owner, 'a', { scheduledTime: at(9), dueAt: at(9) }),
            aPost(owner, 'a', { scheduledTime: at(4), dueAt: at(4) }),
            aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1), deletedAt: at(0) }),
            aPost(owner, 'a', { status: 'draft', scheduledTime: null, dueAt: null }),
          ]),
        );
        expect(await store.posts.nextDueAt()).toEqual(at(4));
      });

      it('counts the queue due by a time and due later, leases included, drafts and deleted posts not', async () => {
        const owner = aUser().id;
        expect(await store.posts.queueDepth(at(5))).toEqual({ due: 0, upcoming: 0 });
        await store.posts.insertPosts(
          batch(owner, [
            aPost(owner, 'a', { scheduledTime: at(1), dueAt: at(1) }),
            aPost(owner, 'b', { scheduledTime: at(2), dueAt: at(2) }),
            aPost(owner, 'c', { scheduledTime: at(3), dueAt: at(3) }),
            aPost(owner, 'd', { scheduledTime: at(9), dueAt: at(9) }),
            aPost(owner, 'e', { scheduledTime: at(1), dueAt: at(1), deletedAt: at(0) }),
            aPost(owner, 'f', { status: 'draft', scheduledTime: null, dueAt: null }),
          ]),
        );
        // One publisher holds a post well past the time asked; another's lease ends before it.
        await store.posts.claimDuePosts({ now: at(1), limit: 1, leaseOwner: 'pub-1', leaseUntil: at(30) });
        await store.posts.claimDuePosts({ now: at(2), limit: 1, leaseOwner: 'pub-2', leaseUntil: at(4) });
        expect(await store.posts.queueDepth(at(0))).toEqual({ due: 0, upcoming: 4 });
        expect(await store.posts.queueDepth(at(3))).toEqual({ due: 1, upcoming: 3 });
        expect(await store.posts.queueDepth(at(5))).toEqual({ due: 2, upcoming: 2 });
        expect(await store.posts.queueDepth(at(30))).toEqual({ due: 4, upcoming: 0 });
      });
    });

    it('rejects records whose id already exists', async () => {
      const owner = aUser();
      await store.users.insertUser(owner);
      await expect(store.users.insertUser({ ...owner, email: 'other@example.com' })).rejects.toThrow();
      const key = anApiKey(owner.id);
      await store.apiKeys.insertApiKey(key);
      await expect(store.apiKeys.insertApiKey(key)).rejects.toThrow();
      const asset = aMediaAsset(owner.id, { status: 'pending', blobKey: null });
      await store.media.insertPendingAsset(asset);
      await expect(store.media.insertPendingAsset(asset)).rejects.toThrow();
      const active = aMediaAsset(owner.id, { blobKey: '9'.repeat(64) });
      await store.media.addMediaAsset(active, { storageLimitBytes: 1e9, sourceUrl: null });
      await expect(
        store.media.addMediaAsset(
          { ...active, blobKey: '8'.repeat(64) },
          { storageLimitBytes: 1e9, sourceUrl: null },
        ),
      ).rejects.toThrow();
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
