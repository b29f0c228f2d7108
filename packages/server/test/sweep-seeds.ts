import type { MediaAsset, Post, Store } from '@svc/core';
import {
  aMediaAsset,
  anAccount,
  aPost,
  aUser,
  aWebhookDelivery,
  aWebhookMessage,
  aWebhookSubscription,
} from '@svc/core/testing';
import { mintSandboxAccount } from '@svc/sandbox';

// Rows for every maintenance sweep, dated relative to the real clock (the `svc sweep` processes
// use it), written through the store: what each sweep must remove, and rows beside them it must keep.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many rows of each kind a sweep must handle, and the rows that must survive it. */
export type SweepSeeds = {
  readonly expected: {
    readonly refreshed: number;
    readonly warned: number;
    readonly abandonedUploads: number;
    readonly purgedPosts: number;
    readonly purgedMediaAssets: number;
    readonly webhookMessages: number;
  };
  readonly ownerId: string;
  /** Accounts whose token must be refreshed, once each. */
  readonly refreshedAccountIds: readonly string[];
  /** Accounts whose owner must be warned exactly once each. */
  readonly warnedAccountIds: readonly string[];
  /** An account whose token lapses later than the warning window: no warning. */
  readonly laterAccountId: string;
  readonly purgedPostIds: readonly string[];
  readonly keptPostIds: readonly string[];
  readonly removedAssetIds: readonly string[];
  readonly keptAssetIds: readonly string[];
  readonly removedDeliveryIds: readonly string[];
  readonly keptDeliveryIds: readonly string[];
};

/** Sizes of the seed: large enough that each sweep runs several batches. */
export type SweepSeedSizes = {
  /** Instagram accounts of the sandbox at `sandbox.baseUrl` whose token the sweep refreshes. */
  readonly refreshable: number;
  readonly accounts: number;
  readonly uploads: number;
  readonly posts: number;
  readonly copies: number;
  readonly messages: number;
};

/** The sandbox the refreshable accounts belong to, and how their credentials are sealed. */
export type SweepSandbox = {
  readonly baseUrl: string;
  readonly secret: string;
  readonly seal: (text: string) => string;
};

/** Writes the rows of every sweep into `store`, as of `now`. */
export async function seedSweeps(
  store: Store,
  now: Date,
  sizes: SweepSeedSizes,
  sandbox: SweepSandbox,
): Promise<SweepSeeds> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const owner = aUser({ plan: { kind: 'paid' } });
  await store.users.insertUser(owner);

  // Tokens the service cannot refresh (no credentials): their owner is warned.
  const warned = Array.from({ length: sizes.accounts }, (_, i) =>
    anAccount(owner.id, {
      platform: i % 2 === 0 ? 'instagram' : 'threads',
      sealedCredentials: null,
      tokenExpiresAt: new Date(now.getTime() + 2 * DAY + i * 1000),
    }),
  );
  const later = anAccount(owner.id, {
    sealedCredentials: null,
    tokenExpiresAt: new Date(now.getTime() + 30 * DAY),
  });
  for (const account of [...warned, later]) await store.accounts.saveAccount(account);
  // Tokens the service refreshes (Instagram's long-lived ones, issued two days ago), lapsing soon.
  const refreshable = Array.from({ length: sizes.refreshable }, (_, i) => {
    const minted = mintSandboxAccount({
      platform: 'instagram',
      handle: `sweep_${i}`,
      secret: sandbox.secret,
      baseUrl: sandbox.baseUrl,
      now: ago(2 * DAY),
    });
    return anAccount(owner.id, {
      platformAccountId: minted.platformAccountId,
      handle: minted.handle,
      sealedCredentials: sandbox.seal(JSON.stringify(minted.credentials)),
      tokenExpiresAt: new Date(now.getTime() + 3 * DAY),
    });
  });
  for (const account of refreshable) await store.accounts.saveAccount(account);

  // Upload targets: abandoned two hours ago, and one issued just now.
  const abandoned = Array.from({ length: sizes.uploads }, () =>
    aMediaAsset(owner.id, { status: 'pending', blobKey: null, createdAt: ago(2 * HOUR) }),
  );
  const freshTarget = aMediaAsset(owner.id, { status: 'pending', blobKey: null, createdAt: now });
  for (const asset of [...abandoned, freshTarget]) await store.media.insertPendingAsset(asset);

  // Posts deleted 31 days ago, some with a copy the service made only for them; one shared copy
  // that a live post still uses; a post deleted 29 days ago (still restorable) and a live one.
  const made = ago(40 * DAY);
  const addCopy = async (asset: MediaAsset) => {
    await store.media.addMediaAsset(asset, { storageLimitBytes: 1e12, sourceUrl: null });
  };
  const original = aMediaAsset(owner.id, { createdAt: made });
  const copies = Array.from({ length: sizes.copies }, () => aMediaAsset(owner.id, { createdAt: made }));
  const shared = aMediaAsset(owner.id, { createdAt: made });
  for (const asset of [original, ...copies, shared]) await addCopy(asset);
  const copyOf = (asset: MediaAsset) => ({
    kind: 'asset' as const,
    mediaId: asset.id,
    derivedFrom: original.id,
  });
  const account = warned[0]?.id as string;
  const post = (deletedAt: Date | null, media: Post['media']) =>
    aPost(owner.id, account, {
      createdAt: made,
      updatedAt: made,
      deletedAt,
      media,
      status: 'failed',
      dueAt: null,
    });
  const purged = Array.from({ length: sizes.posts }, (_, i) => {
    const copy = copies[i];
    return post(ago(31 * DAY + i * 1000), copy === undefined ? [copyOf(shared)] : [copyOf(copy)]);
  });
  const restorable = post(ago(29 * DAY), [copyOf(shared)]);
  const live = post(null, [copyOf(shared)]);
  for (let i = 0; i < purged.length; i += 200) {
    await store.posts.insertPosts({
      ownerId: owner.id,
      at: made,
      posts: purged.slice(i, i + 200),
      idempotency: null,
      quota: { limit: 1e9, windowStart: made },
    });
  }
  await store.posts.insertPosts({
    ownerId: owner.id,
    at: made,
    posts: [restorable, live],
    idempotency: null,
    quota: { limit: 1e9, windowStart: made },
  });

  // Webhook messages delivered 31 days ago; one still pending and one delivered recently.
  const subscription = aWebhookSubscription(owner.id, { createdAt: made, updatedAt: made });
  await store.webhooks.createSubscription(subscription);
  const enqueue = async (createdAt: Date, delivery: Parameters<typeof aWebhookDelivery>[2]) => {
    const message = aWebhookMessage(owner.id, { createdAt });
    const stored = aWebhookDelivery(subscription, message, { createdAt, ...delivery });
    await store.webhooks.enqueue(message, [stored]);
    return stored.id;
  };
  const old = ago(31 * DAY);
  const removedDeliveryIds: string[] = [];
  for (let i = 0; i < sizes.messages; i += 20) {
    const chunk = Math.min(20, sizes.messages - i);
    removedDeliveryIds.push(
      ...(await Promise.all(
        Array.from({ length: chunk }, () =>
          enqueue(old, { status: 'delivered', updatedAt: old, deliveredAt: old, nextAttemptAt: null }),
        ),
      )),
    );
  }
  const keptDeliveryIds = [
    await enqueue(old, { status: 'pending', nextAttemptAt: new Date(now.getTime() + DAY) }),
    await enqueue(ago(DAY), {
      status: 'delivered',
      updatedAt: ago(DAY),
      deliveredAt: ago(DAY),
      nextAttemptAt: null,
    }),
  ];

  return {
    expected: {
      refreshed: refreshable.length,
      warned: warned.length,
      abandonedUploads: abandoned.length,
      purgedPosts: purged.length,
      purgedMediaAssets: Math.min(copies.length, purged.length),
      webhookMessages: sizes.messages,
    },
    ownerId: owner.id,
    refreshedAccountIds: refreshable.map((a) => a.id),
    warnedAccountIds: warned.map((a) => a.id),
    laterAccountId: later.id,
    purgedPostIds: purged.map((p) => p.id),
    keptPostIds: [restorable.id, live.id],
    removedAssetIds: [...abandoned, ...copies].map((a) => a.id),
    keptAssetIds: [freshTarget.id, original.id, shared.id],
    removedDeliveryIds,
    keptDeliveryIds,
  };
}
