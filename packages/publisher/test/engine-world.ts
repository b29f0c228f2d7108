import type { ConnectedAccount, MediaRef, PlatformGateway, Post, Store } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import { aMediaAsset, aPost, aUser, createMemoryStore, seedMediaAsset } from '@svc/core/testing';
import type { SandboxPlatform } from '@svc/sandbox';
import {
  type Collector,
  type CollectorOptions,
  type CommentReplier,
  type CommentReplierOptions,
  type CommentReplyResult,
  createCollector,
  createCommentReplier,
  createPublisher,
  DEFAULT_COLLECTOR_OPTIONS,
  DEFAULT_COMMENT_REPLIER_OPTIONS,
  DEFAULT_PUBLISHER_OPTIONS,
  NO_PUBLISHER_OBSERVER,
  type Publisher,
} from '../src/index.js';
import { type SandboxAccount, type SandboxHarness, startSandbox } from './platforms/sandbox-harness.js';

const box = createAesGcmSecretBox('engine-sandbox-secret-of-32-characters');

/** What `startEngineWorld` needs: the platform, the account's handle and the adapter under test. */
export type EngineWorldOptions = {
  readonly platform: SandboxPlatform;
  /** The sandbox derives the account's ids and links from it, so tests can assert on them. */
  readonly handle: string;
  /** Builds the real adapter on the new harness; it is the publisher's only gateway. */
  readonly gateway: (h: SandboxHarness) => PlatformGateway;
  /** The scopes the account's tokens carry, as the platform writes them; default all. */
  readonly scopes?: string;
};

/** The real engine on a sandbox harness, with one connected account whose posts it publishes. */
export type EngineWorld = {
  readonly h: SandboxHarness;
  readonly store: Store;
  /** The account as stored, its credentials sealed. */
  readonly account: ConnectedAccount;
  /** The account and credentials as the sandbox minted them, to compare refreshed tokens against. */
  readonly minted: SandboxAccount;
  readonly publisher: Publisher;
  /** A metric collector on the same store, clock and adapter (a new one stands for another process). */
  collector(leaseOwner?: string, options?: Partial<CollectorOptions>): Collector;
  /** A comment replier on the same store, clock and adapter (a new one stands for another process). */
  replier(leaseOwner?: string, options?: Partial<CommentReplierOptions>): CommentReplier;
  /** Every automation reply the engine's observer heard, in order. */
  readonly replies: { reply: 'private' | 'public'; result: CommentReplyResult }[];
  /** Inserts a post to the account, due now; returns its id. */
  schedule(overrides: Partial<Post>): Promise<string>;
  /** Stores bytes as the service does at creation: a blob and an active asset the post refers to. */
  storeAsset(bytes: Uint8Array, shape: Parameters<SandboxHarness['stored']>[1]): Promise<MediaRef>;
  /** The post as stored now, without running the publisher. */
  outcome(id: string): Promise<Post>;
  /** Runs the publisher, moving the clock to each retry, until the post settles (or rounds run out). */
  publish(id: string, maxRounds?: number): Promise<Post>;
  /** The account's credentials as now stored, opened: refreshes must have sealed the new tokens. */
  storedCredentials(): Promise<Record<string, unknown>>;
};

// The harnesses of the running test: each listens on a port until `closeEngineWorlds` closes it.
const open: SandboxHarness[] = [];

/** Closes the harnesses of every world started so far; test files run it in `afterEach`. */
export async function closeEngineWorlds(): Promise<void> {
  for (const h of open.splice(0)) await h.close();
}

/** Starts a harness and an engine over `options.gateway`, with the account of `options.handle`. */
export async function startEngineWorld(options: EngineWorldOptions): Promise<EngineWorld> {
  const { platform } = options;
  const h = await startSandbox();
  open.push(h);
  const store = createMemoryStore();
  const owner = aUser();
  await store.users.insertUser(owner);
  const minted = h.account(
    platform,
    options.handle,
    options.scopes === undefined ? {} : { scopes: options.scopes },
  );
  const account = await store.accounts.saveAccount({
    ...minted.account,
    ownerId: owner.id,
    sealedCredentials: box.seal(JSON.stringify(minted.credentials)),
  });
  // Signed links of stored assets, as the server would hand out; an unknown id gets a dead link.
  const links = new Map<string, string>();
  const replies: EngineWorld['replies'] = [];
  const deps = {
    store,
    clock: h.clock,
    secretBox: box,
    gateways: { [platform]: options.gateway(h) },
    mediaUrl: (id: string) => links.get(id) ?? `${h.baseUrl}/missing/${id}`,
    logger: { info() {}, warn() {}, error() {} },
    // Waits and jitter cost no real time and are the same on every run.
    sleep: async (ms: number) => h.clock.advance(ms),
    random: () => 0,
    observer: {
      ...NO_PUBLISHER_OBSERVER,
      commentReplied: (reply: 'private' | 'public', result: CommentReplyResult) =>
        replies.push({ reply, result }),
    },
  };
  const publisher = createPublisher(deps, {
    ...DEFAULT_PUBLISHER_OPTIONS,
    leaseOwner: 'it',
    retryBaseMs: 1_000,
  });
  const outcome = async (id: string) => (await store.posts.getPost(id)) as Post;
  return {
    h,
    store,
    account,
    minted,
    publisher,
    collector: (leaseOwner = 'collector', options = {}) =>
      createCollector(deps, { ...DEFAULT_COLLECTOR_OPTIONS, leaseOwner, ...options }),
    replier: (leaseOwner = 'replier', options = {}) =>
      createCommentReplier(deps, { ...DEFAULT_COMMENT_REPLIER_OPTIONS, leaseOwner, ...options }),
    replies,
    async schedule(overrides) {
      const post = aPost(owner.id, account.id, {
        platforms: [platform],
        scheduledTime: h.clock.now(),
        dueAt: h.clock.now(),
        ...overrides,
      });
      await store.posts.insertPosts({
        ownerId: owner.id,
        at: h.clock.now(),
        posts: [post],
        idempotency: null,
        quota: { limit: 1000, windowStart: new Date(0) },
      });
      return post.id;
    },
    async storeAsset(bytes, shape) {
      const stored = await h.stored(bytes, shape);
      const asset = await seedMediaAsset(
        store.media,
        aMediaAsset(owner.id, { ...shape, sizeBytes: bytes.byteLength, blobKey: stored.blobKey }),
      );
      links.set(asset.id, stored.url);
      return { kind: 'asset', mediaId: asset.id };
    },
    outcome,
    async publish(id, maxRounds = 20) {
      for (let round = 0; round < maxRounds; round++) {
        await publisher.drain();
        const post = await outcome(id);
        if (post.status === 'posted' || post.status === 'failed') return post;
        if (post.dueAt !== null) h.clock.set(post.dueAt);
      }
      return outcome(id);
    },
    async storedCredentials() {
      return JSON.parse(box.open((await store.accounts.getAccount(account.id))?.sealedCredentials ?? ''));
    },
  };
}
