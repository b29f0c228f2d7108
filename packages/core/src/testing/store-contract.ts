import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../deps/index.js';
import { describeAccountDisconnectContract } from './account-disconnect-contract.js';
import { describeAccountExpiryContract } from './account-expiry-contract.js';
import { describeAccountStoreContract } from './account-store-contract.js';
import { describeAnalyticsContract } from './analytics-contract.js';
import { describeApiKeyStoreContract } from './api-key-store-contract.js';
import { describeAutomationContract } from './automation-contract.js';
import { describeBillingContract } from './billing-contract.js';
import { describeBlobRemovalContract } from './blob-removal-contract.js';
import { aMediaAsset, anApiKey, aUser } from './builders.js';
import { describeConnectionRequestContract } from './connection-request-contract.js';
import { describeEventJournalContract } from './event-journal-contract.js';
import { describeEvergreenContract } from './evergreen-contract.js';
import { describeMediaAssetContract } from './media-asset-contract.js';
import { describeMediaLibraryContract } from './media-library-contract.js';
import { describeNotificationStoreContract } from './notification-store-contract.js';
import { describeOAuthStoreContract } from './oauth-store-contract.js';
import { describePostClaimContract } from './post-claim-contract.js';
import { describePostGroupContract } from './post-group-contract.js';
import { describePostInsertContract } from './post-insert-contract.js';
import { describePostPurgeContract } from './post-purge-contract.js';
import { describePostQueryContract } from './post-query-contract.js';
import { describePostWriteContract } from './post-write-contract.js';
import { describeQueueContract } from './queue-contract.js';
import { describeReviewLinkStoreContract } from './review-link-store-contract.js';
import { describeSecondFactorStoreContract } from './second-factor-store-contract.js';
import { describeUserStoreContract } from './user-store-contract.js';
import { describeWakeupContract } from './wakeup-contract.js';
import { describeWorkspaceStoreContract } from './workspace-store-contract.js';

/**
 * The behaviour every Store implementation must have. Call it from a test file with a factory
 * that returns a fresh, empty, migrated store; the suite closes each store after its test.
 * Each port's part lives in its own `*-contract.ts`; this is the one entry point that runs them all.
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

    describeUserStoreContract(() => store);
    describeWorkspaceStoreContract(() => store);
    describeReviewLinkStoreContract(() => store);
    describeSecondFactorStoreContract(() => store);
    describeApiKeyStoreContract(() => store);
    describeAccountStoreContract(() => store);
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
    describeMediaAssetContract(() => store);
    describeWakeupContract(() => store);
    describeNotificationStoreContract(() => store);
    describeQueueContract(() => store);
    describeEvergreenContract(() => store);

    describe('posts', () => {
      describePostInsertContract(() => store);
      describePostClaimContract(() => store);
      describePostGroupContract(() => store);
      describePostWriteContract(() => store);
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
