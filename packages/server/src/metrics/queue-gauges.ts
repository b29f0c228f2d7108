import type { Clock, PostStore, QueueDepth } from '@svc/core';
import { Gauge, type Registry } from 'prom-client';

/** How long one count of the queue serves scrapes: several scrapers (or servers) cost one query. */
export const QUEUE_DEPTH_CACHE_MS = 5_000;

/**
 * `svc_posts_due` and `svc_posts_scheduled`, read at scrape time with one count of the
 * publisher's queue (an index walk, `PostStore.queueDepth`) and kept for `cacheMs`. When the
 * database cannot be read, both gauges read NaN rather than old figures or zero: comparisons in
 * alert rules then match nothing instead of showing a false calm.
 */
export function queueGauges(
  registry: Registry,
  deps: { readonly posts: Pick<PostStore, 'queueDepth'>; readonly clock: Clock },
  cacheMs = QUEUE_DEPTH_CACHE_MS,
): void {
  let cached: { readonly at: number; readonly depth: Promise<QueueDepth | null> } | null = null;
  const depth = (): Promise<QueueDepth | null> => {
    const now = deps.clock.now();
    if (cached === null || now.getTime() - cached.at >= cacheMs) {
      cached = { at: now.getTime(), depth: deps.posts.queueDepth(now).catch(() => null) };
    }
    return cached.depth;
  };
  const gauge = (name: string, help: string, pick: (d: QueueDepth) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const read = await depth();
        this.set(read === null ? Number.NaN : pick(read));
      },
    });
  gauge(
    'svc_posts_due',
    'Posts due now and not being published: waiting for a claim, or left by a publisher whose lease ran out.',
    (d) => d.due,
  );
  gauge(
    'svc_posts_scheduled',
    'Posts in the publisher’s queue that are not due yet (including those being published under a live lease).',
    (d) => d.upcoming,
  );
}
