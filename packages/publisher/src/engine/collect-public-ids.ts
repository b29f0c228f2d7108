import { type CollectionJob, decidePublicIdCheck, type PublicIdDecision, transition } from '@svc/core';
import { openCollectionAccount } from './open-collection-account.js';
import type { PublisherDeps } from './publisher-deps.js';

// A post changed by someone else meanwhile (a version conflict) is asked about again soon.
const CONFLICT_RETRY_MS = 60_000;

/**
 * Asks the platform for the held-back public ids of one account's leased `awaiting_id`
 * collections and records what core's `decidePublicIdCheck` says. A public id that came is written
 * to the post first (its `reveal_public_id` transition, with the `post.permalink_ready` event, in
 * one transaction), then to the collection, which starts reading metrics. Crash-safe: until the
 * collection is settled its lease runs out and it is asked about again; a post already holding
 * its link is not changed twice, so the event is written once. Answers how many were settled.
 */
export async function collectPublicIds(
  deps: PublisherDeps,
  leaseOwner: string,
  jobs: readonly CollectionJob[],
): Promise<number> {
  const opened = await openCollectionAccount(deps, leaseOwner, jobs, (g) => g.readPublicId?.bind(g));
  if (opened === null) return 0;
  const { account, read, tokens } = opened;
  const { clock } = deps;
  let settled = 0;
  for (const job of jobs) {
    const target = { postId: job.postId, platformPostId: job.platformPostId, handle: account.handle };
    let decision = decidePublicIdCheck(job, await read(tokens.credentials(), target), clock.now(), false);
    if (decision.kind === 'refresh_tokens') {
      const again = (await tokens.refresh())
        ? await read(tokens.credentials(), target)
        : ({ kind: 'token_expired' } as const);
      decision = decidePublicIdCheck(job, again, clock.now(), true);
    }
    if (await record(deps, leaseOwner, job, decision)) settled += 1;
  }
  return settled;
}

async function record(
  deps: PublisherDeps,
  leaseOwner: string,
  job: CollectionJob,
  decision: PublicIdDecision,
): Promise<boolean> {
  const { store, clock, logger } = deps;
  const at = clock.now();
  switch (decision.kind) {
    case 'defer':
      await store.analytics.deferCollection(job.postId, leaseOwner, decision.until);
      return false;
    case 'give_up':
      logger.warn(
        { postId: job.postId, platform: job.platform, reason: decision.reason },
        'public id never came; the post stays without its link and metrics',
      );
      return store.analytics.settleAwaitedId({
        postId: job.postId,
        leaseOwner,
        at,
        outcome: { kind: 'gave_up' },
      });
    case 'reveal': {
      const revealed = await revealOnPost(deps, job.postId, decision);
      if (revealed === null) {
        await store.analytics.deferCollection(
          job.postId,
          leaseOwner,
          new Date(at.getTime() + CONFLICT_RETRY_MS),
        );
        return false;
      }
      logger.info({ postId: job.postId, platform: job.platform }, 'public id arrived');
      return store.analytics.settleAwaitedId({
        postId: job.postId,
        leaseOwner,
        at,
        outcome:
          revealed === 'gone'
            ? { kind: 'gave_up' }
            : { kind: 'found', platformPostId: revealed, nextAt: decision.nextAt },
      });
    }
    case 'refresh_tokens':
      throw new Error('decidePublicIdCheck asked for a second refresh');
  }
}

/**
 * Writes the public id to the post: its id, or the one it already holds (an earlier collector got
 * this far and crashed); `gone` when the post is no longer there to change; null on a version
 * conflict (try again).
 */
async function revealOnPost(
  deps: PublisherDeps,
  postId: string,
  found: Extract<PublicIdDecision, { kind: 'reveal' }>,
): Promise<string | 'gone' | null> {
  const post = await deps.store.posts.getPost(postId);
  if (post === null) return 'gone';
  const change = transition(post, {
    type: 'reveal_public_id',
    at: deps.clock.now(),
    platformPostId: found.platformPostId,
    permalink: found.permalink,
  });
  if (change.isErr()) {
    // Refused only when the post already has its link (or is not posted at all).
    return post.permalink !== null && post.platformPostId !== null ? post.platformPostId : 'gone';
  }
  const stored = await deps.store.posts.updatePost(
    change.value.post,
    post.version,
    change.value.events,
    post,
  );
  return stored === null ? null : found.platformPostId;
}
