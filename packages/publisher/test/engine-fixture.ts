import type { PlatformGateway, Post, Store } from '@svc/core';
import { createAesGcmSecretBox } from '@svc/core/node';
import {
  anAccount,
  aPost,
  aUser,
  createFakeClock,
  createMemoryStore,
  type FakeClock,
} from '@svc/core/testing';
import {
  createPublisher,
  DEFAULT_PUBLISHER_OPTIONS,
  type Publisher,
  type PublisherObserver,
  type PublisherOptions,
} from '../src/index.js';

/** A memory store, a fake clock and a publisher over the given gateways, with one account. */
export type EngineFixture = {
  readonly store: Store;
  readonly clock: FakeClock;
  readonly publisher: Publisher;
  readonly ownerId: string;
  readonly accountId: string;
  /** Every log line the publisher wrote, as JSON. */
  readonly logs: string[];
  /** Inserts scheduled posts due now to the fixture's account (or `accountId`). */
  schedule(count: number, overrides?: Partial<Post>): Promise<Post[]>;
  /** Adds another account of the owner on the same platform. */
  addAccount(): Promise<string>;
  post(id: string): Promise<Post>;
};

const SECRET_BOX = createAesGcmSecretBox('engine-test-secret-of-32-characters!!');

/** Builds the fixture; `sleep` advances the fake clock, so waits cost no real time. */
export async function engineFixture(
  gateway: PlatformGateway,
  options: Partial<PublisherOptions> = {},
  observer?: PublisherObserver,
): Promise<EngineFixture> {
  const store = createMemoryStore();
  const clock = createFakeClock('2026-03-01T09:00:00.000Z');
  const owner = aUser();
  await store.users.insertUser(owner);
  const addAccount = async () => {
    const account = anAccount(owner.id, {
      platform: gateway.platform,
      sealedCredentials: SECRET_BOX.seal(JSON.stringify({ accessToken: 'token-1' })),
    });
    return (await store.accounts.saveAccount(account)).id;
  };
  const accountId = await addAccount();
  const logs: string[] = [];
  const log = (fields: Record<string, unknown>, message: string) => {
    logs.push(JSON.stringify({ ...fields, message }));
  };
  const publisher = createPublisher(
    {
      store,
      clock,
      secretBox: SECRET_BOX,
      gateways: { [gateway.platform]: gateway },
      mediaUrl: (id) => `https://media.example/${id}`,
      logger: { info: log, warn: log, error: log },
      sleep: async (ms) => clock.advance(ms),
      random: () => 0,
      ...(observer === undefined ? {} : { observer }),
    },
    { ...DEFAULT_PUBLISHER_OPTIONS, leaseOwner: 'pub-test', ...options },
  );
  return {
    store,
    clock,
    publisher,
    ownerId: owner.id,
    accountId,
    logs,
    addAccount,
    async schedule(count, overrides = {}) {
      const posts = Array.from({ length: count }, () =>
        aPost(owner.id, overrides.profileIds?.[0] ?? accountId, {
          platforms: [gateway.platform],
          scheduledTime: clock.now(),
          dueAt: clock.now(),
          ...overrides,
        }),
      );
      await store.posts.insertPosts({
        ownerId: owner.id,
        at: clock.now(),
        posts,
        idempotency: null,
        quota: { limit: 1_000_000, windowStart: new Date(0) },
      });
      return posts;
    },
    async post(id) {
      const post = await store.posts.getPost(id);
      if (post === null) throw new Error(`no post ${id}`);
      return post;
    },
  };
}
