import type { PostMetrics } from '../analytics/index.js';
import type { Store } from '../deps/index.js';
import { type Post, scheduledEvents, transition } from '../posts/index.js';

/** A post to publish at `publishedAt`, with the figures its first read found (null: not read). */
export type PublishedSeed = {
  readonly post: Post;
  readonly publishedAt: Date;
  readonly metrics: PostMetrics | null;
};

/**
 * Publishes each post through the stores as the publisher does, then starts its collection from
 * the journal and records its figures as a collector would at `now`: what analytics tests need
 * without running the publisher and the collector. Posts are published in the order given.
 */
export async function seedPublishedPosts(
  store: Store,
  now: Date,
  seeds: readonly PublishedSeed[],
): Promise<void> {
  for (const { post, publishedAt } of seeds) {
    const mine = await seedClaimedPost(store, post, publishedAt);
    const done = transition(mine, {
      type: 'succeed',
      at: publishedAt,
      leaseOwner: 'seed',
      platformPostId: `pp_${post.id}`,
      permalink: `https://example.test/${post.id}`,
    })._unsafeUnwrap();
    await store.posts.updatePost(done.post, mine.version, done.events);
  }
  while ((await store.analytics.followJournal(500)) > 0) {
    // Until the journal is read.
  }
  // Leased until `now` only, so a collection this claims and does not record is free again.
  await store.analytics.claimCollections({ now, leaseOwner: 'seed', leaseUntil: now, limit: 10_000 });
  for (const { post, metrics } of seeds) {
    if (metrics === null) continue;
    await store.analytics.recordCollection({
      postId: post.id,
      leaseOwner: 'seed',
      at: now,
      status: 'collected',
      slot: 3,
      metrics,
      nextAt: null,
    });
  }
}

/** How `seedClaimedPost` stores the post before claiming it. */
export type SeedClaimOptions = {
  /** When the post was stored (default: `at`). */
  readonly insertedAt?: Date;
  /** The quota window it counts in (default: the one starting `at`). */
  readonly windowStart?: Date;
  /** Whether the journal gets its `post.scheduled` event. */
  readonly journal?: boolean;
  readonly leaseOwner?: string;
};

/**
 * Stores `post` due at `at` and claims it as the publisher would: the post in `publishing`, ready
 * for the outcome a test gives it (`succeed`, `fail`).
 */
export async function seedClaimedPost(
  store: Store,
  post: Post,
  at: Date,
  options: SeedClaimOptions = {},
): Promise<Post> {
  const due = { ...post, scheduledTime: at, dueAt: at };
  await store.posts.insertPosts({
    ownerId: post.ownerId,
    at: options.insertedAt ?? at,
    posts: [due],
    idempotency: null,
    quota: { limit: 1_000_000, windowStart: options.windowStart ?? at },
    ...(options.journal === true ? { events: scheduledEvents([due], at) } : {}),
  });
  const leaseOwner = options.leaseOwner ?? 'seed';
  const leaseUntil = new Date(at.getTime() + 60_000);
  const mine = (await store.posts.claimDuePosts({ now: at, limit: 100, leaseOwner, leaseUntil })).find(
    (p) => p.id === post.id,
  );
  if (mine === undefined) throw new Error(`post ${post.id} was not claimed`);
  return mine;
}
