import type { ConnectedAccount } from '../accounts/index.js';
import { type Automation, zeroCounts } from '../automations/index.js';
import type { ApiKey, User } from '../identity/index.js';
import type { MediaAsset, MediaStore } from '../media/index.js';
import type { Post } from '../posts/index.js';
import type { WebhookDelivery, WebhookMessage, WebhookSubscription } from '../webhooks/index.js';

const T0 = new Date('2026-01-15T12:00:00.000Z');
let serial = 0;
/** A unique id in the real format, for builders. */
function nextId(prefix: string): string {
  serial += 1;
  return `${prefix}_${String(serial).padStart(26, '0')}`;
}

/** A paid, enabled user; override any field. */
export function aUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? nextId('user');
  return {
    id,
    email: `${id.toLowerCase()}@example.com`,
    plan: { kind: 'paid' },
    betaTester: false,
    apiAccessDisabled: false,
    timeZone: 'UTC',
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/** An active Instagram account of `ownerId`; override any field. */
export function anAccount(ownerId: string, overrides: Partial<ConnectedAccount> = {}): ConnectedAccount {
  const id = overrides.id ?? nextId('acct');
  const platform = overrides.platform ?? 'instagram';
  return {
    id,
    ownerId,
    platform,
    platformAccountId: `pa-${id}`,
    handle: `handle_${serial}`,
    profileUrl: `https://${platform}.example/handle_${serial}`,
    profileImageUrl: null,
    followerCount: null,
    status: 'active',
    needsReconnect: false,
    sealedCredentials: 'sealed',
    tokenExpiresAt: null,
    connectedAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/** An active 1080x1350 JPEG of `ownerId`; override any field. */
export function aMediaAsset(ownerId: string, overrides: Partial<MediaAsset> = {}): MediaAsset {
  const id = overrides.id ?? nextId('media');
  return {
    id,
    ownerId,
    status: 'active',
    contentType: 'image/jpeg',
    sizeBytes: 250_000,
    width: 1080,
    height: 1350,
    durationMs: null,
    // Distinct bytes per asset unless a test says otherwise.
    blobKey: String(serial).padStart(64, '0'),
    sourceUrl: null,
    createdAt: T0,
    ...overrides,
  };
}

/** A scheduled Instagram post of `ownerId` to `accountId`, due at `scheduledTime`; override any field. */
export function aPost(ownerId: string, accountId: string, overrides: Partial<Post> = {}): Post {
  const scheduledTime = overrides.scheduledTime ?? new Date(T0.getTime() + 3_600_000);
  return {
    id: overrides.id ?? nextId('post'),
    ownerId,
    groupId: null,
    status: 'scheduled',
    caption: 'Hello',
    title: null,
    platforms: ['instagram'],
    profileIds: [accountId],
    media: [{ kind: 'link', url: 'https://cdn.example/a.jpg' }],
    scheduledTime,
    publishedAt: null,
    failedReason: null,
    externalId: null,
    permalink: null,
    platformMeta: null,
    category: null,
    name: null,
    createdAt: T0,
    updatedAt: T0,
    attempts: 0,
    dueAt: scheduledTime,
    leaseOwner: null,
    platformPostId: null,
    warning: null,
    publishProgress: null,
    deletedAt: null,
    evergreen: null,
    recycledFrom: null,
    recycleNumber: null,
    recycleSkippedAt: null,
    queued: false,
    version: 0,
    ...overrides,
  };
}

/** A key of `ownerId` with every scope and no account limit; override any field. */
export function anApiKey(ownerId: string, overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: overrides.id ?? nextId('key'),
    ownerId,
    name: null,
    secretHash: 'f'.repeat(64),
    scopes: ['*'],
    accountIds: null,
    createdAt: T0,
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

/** Stores an asset as it is (pending or active), outside any quota, for tests that need one. */
export async function seedMediaAsset(media: MediaStore, asset: MediaAsset): Promise<MediaAsset> {
  if (asset.status === 'pending') {
    await media.insertPendingAsset(asset);
    return asset;
  }
  const outcome = await media.addMediaAsset(asset, {
    storageLimitBytes: Number.MAX_SAFE_INTEGER,
    sourceUrl: null,
  });
  if (outcome.kind === 'storage_quota_exceeded' || outcome.kind === 'blob_being_removed')
    throw new Error(`cannot seed the asset: ${outcome.kind}`);
  return outcome.asset;
}

/** A live keyword automation of `ownerId` on `accountId`, watching media `ig-media-1`; override any field. */
export function anAutomation(
  ownerId: string,
  accountId: string,
  overrides: Partial<Automation> = {},
): Automation {
  return {
    id: overrides.id ?? nextId('auto'),
    ownerId,
    accountId,
    template: {
      svcTemplate: 1,
      name: 'Price in DM',
      trigger: 'keyword',
      keywords: ['price'],
      match: 'word',
      message: 'Hi! The price is in your inbox.',
      publicReply: 'Sent you a DM!',
      excludeKeywords: [],
    },
    state: 'live',
    postId: 'post_watched',
    mediaId: 'ig-media-1',
    liveSince: T0,
    createdAt: T0,
    updatedAt: T0,
    counts: zeroCounts(),
    ...overrides,
  };
}

/** An enabled subscription of `ownerId` to scheduled, published and failed posts of every account; override any field. */
export function aWebhookSubscription(
  ownerId: string,
  overrides: Partial<WebhookSubscription> = {},
): WebhookSubscription {
  const id = overrides.id ?? nextId('whk');
  return {
    id,
    ownerId,
    url: `https://hooks.example/${id}`,
    events: ['post.scheduled', 'post.published', 'post.failed'],
    description: null,
    accountIds: null,
    sealedSecret: `sealed-secret-of-${id}`,
    previousSealedSecret: null,
    previousSecretUntil: null,
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    failingSince: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/** A `post.published` message of `ownerId`; override any field. */
export function aWebhookMessage(ownerId: string, overrides: Partial<WebhookMessage> = {}): WebhookMessage {
  const id = overrides.id ?? nextId('msg');
  return {
    id,
    ownerId,
    eventType: 'post.published',
    sourcePosition: String(serial),
    payload: JSON.stringify({ type: 'post.published', timestamp: T0.toISOString(), data: { id } }),
    createdAt: T0,
    ...overrides,
  };
}

/** A pending delivery of `message` to `subscription`, due at T0; override any field. */
export function aWebhookDelivery(
  subscription: WebhookSubscription,
  message: WebhookMessage,
  overrides: Partial<WebhookDelivery> = {},
): WebhookDelivery {
  return {
    id: overrides.id ?? nextId('dlv'),
    subscriptionId: subscription.id,
    messageId: message.id,
    ownerId: subscription.ownerId,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: T0,
    leaseOwner: null,
    leaseUntil: null,
    createdAt: T0,
    updatedAt: T0,
    deliveredAt: null,
    ...overrides,
  };
}
