import { engagementOf } from '../../analytics/index.js';
import type { CoreDeps } from '../../deps/index.js';
import { limitsFor, quotaWindowStart } from '../../identity/index.js';
import { evergreenDue, isAboveMedian } from '../../queue/index.js';
import type { Post } from '../post.js';
import { postEvent } from '../post-events.js';
import { EVERGREEN_KEY_PREFIX } from '../post-request.js';
import { queueRequestFor } from './queue-request.js';

/** Evergreen posts read per page of the sweep. */
export const EVERGREEN_PAGE = 200;
/** How many of the account's latest posted posts the median is taken over. */
export const MEDIAN_SAMPLE = 50;
/** Fewest posts with figures (the post's own among them) for a median worth comparing with. */
export const MEDIAN_MIN_POSTS = 3;

type Deps = Pick<CoreDeps, 'store' | 'clock' | 'ids' | 'planLimits'>;

/** Why a period passed without a copy, as `post.recycle_skipped` says (`reason`). */
export type RecycleSkipReason =
  | 'no_posting_slots'
  | 'no_free_slot'
  | 'account_unavailable'
  | 'quota_exceeded'
  | 'no_figures'
  | 'not_above_median';

/** What one round of recycling did. */
export type RecycleOutcome = {
  /** Copies this process put in a queue. */
  readonly recycled: number;
  /** Periods this process skipped, with a `post.recycle_skipped` event each. */
  readonly skipped: number;
};

/**
 * The evergreen recycling sweep (docs/queue.md, "Evergreen recycling"). For each posted evergreen
 * post whose copy is due (`evergreenDue`), a new post with the same content enters its account's
 * queue through the insert script (next free slot, atomically), with `refuseRepeats: false`: a
 * recycled copy repeats its original on purpose. Exactly once per period, on any number of
 * processes and across a crash: the copy is made with the idempotency key
 * `evergreen:<original id>:<copy number>` and the stores hold (recycled_from, recycle_number)
 * unique, so a second attempt at copy k replays instead of inserting; and the copy is the only
 * bookkeeping (its row, key and events are one transaction), so nothing is left to lose between
 * the insert and a later step. A period that cannot make a copy (no slots, account gone, quota,
 * figures missing or not above the median) is skipped once: a compare-and-set on the original
 * records when (`recycleSkippedAt`) with a `post.recycle_skipped` event saying why.
 */
export async function recycleEvergreenPosts(deps: Deps, page = EVERGREEN_PAGE): Promise<RecycleOutcome> {
  let recycled = 0;
  let skipped = 0;
  let after: string | null = null;
  const limit = Math.max(1, Math.floor(page));
  for (;;) {
    const originals = await deps.store.posts.evergreenPosts(after, limit);
    for (const original of originals) {
      const done = await recycleOne(deps, original);
      if (done === 'recycled') recycled += 1;
      if (done === 'skipped') skipped += 1;
    }
    if (originals.length < limit) return { recycled, skipped };
    after = originals.at(-1)?.id ?? null;
  }
}

async function recycleOne(deps: Deps, original: Post): Promise<'recycled' | 'skipped' | 'none'> {
  const rule = original.evergreen;
  if (rule === null) return 'none';
  const now = deps.clock.now();
  const copies = await deps.store.posts.recycledCopiesOf(original.id);
  const decision = evergreenDue(rule, original, copies, now);
  if (decision.kind !== 'due') return 'none';
  const accountId = original.profileIds[0];
  const account = accountId === undefined ? null : await deps.store.accounts.getAccount(accountId);
  const user = await deps.store.users.getUser(original.ownerId);
  if (account === null || account.status !== 'active' || user === null)
    return skip(deps, original, 'account_unavailable', decision.copyNumber);
  if (rule.onlyAboveMedian) {
    const above = await aboveMedian(deps, original);
    if (above !== true)
      return skip(deps, original, above === null ? 'no_figures' : 'not_above_median', decision.copyNumber);
  }
  const queue = await queueRequestFor(deps, [account], now);
  if (queue.isErr()) return skip(deps, original, 'no_posting_slots', decision.copyNumber);
  const copy = copyOf(deps, original, decision.copyNumber, now);
  const outcome = await deps.store.posts.insertPosts({
    ownerId: original.ownerId,
    at: now,
    posts: [copy],
    idempotency: {
      externalId: `${EVERGREEN_KEY_PREFIX}${original.id}:${decision.copyNumber}`,
      fingerprint: `${EVERGREEN_KEY_PREFIX}${original.id}:${decision.copyNumber}`,
    },
    quota: { limit: limitsFor(user, now, deps.planLimits).postsPerMonth, windowStart: quotaWindowStart(now) },
    // A recycled copy repeats its original on purpose (docs/queue.md).
    refuseRepeats: false,
    queue: queue.value,
  });
  switch (outcome.kind) {
    case 'inserted':
      return 'recycled';
    case 'no_free_slot':
      return skip(deps, original, 'no_free_slot', decision.copyNumber);
    case 'quota_exceeded':
      return skip(deps, original, 'quota_exceeded', decision.copyNumber);
    default:
      // Replayed: another process (or this one before a crash) made this copy already.
      return 'none';
  }
}

/** The copy: the original's content and target, queued, linked to it by number. */
function copyOf(deps: Pick<Deps, 'ids'>, original: Post, copyNumber: number, now: Date): Post {
  return {
    ...original,
    id: deps.ids.id('post'),
    groupId: deps.ids.id('grp'),
    status: 'scheduled',
    // A placeholder: the insert's transaction gives the copy its slot.
    scheduledTime: now,
    dueAt: now,
    publishedAt: null,
    failedReason: null,
    externalId: null,
    permalink: null,
    createdAt: now,
    updatedAt: now,
    attempts: 0,
    leaseOwner: null,
    platformPostId: null,
    warning: null,
    publishProgress: null,
    deletedAt: null,
    // The rule stays with the original: copies are counted there.
    evergreen: null,
    recycledFrom: original.id,
    recycleNumber: copyNumber,
    recycleSkippedAt: null,
    queued: false,
    version: 0,
  };
}

/**
 * Records once that this period passed without a copy: a compare-and-set on the original, so of
 * several processes (or a retry after a crash) one writes it and the event, the others nothing.
 */
async function skip(
  deps: Deps,
  original: Post,
  reason: RecycleSkipReason,
  copyNumber: number,
): Promise<'skipped' | 'none'> {
  const now = deps.clock.now();
  const next: Post = { ...original, recycleSkippedAt: now, updatedAt: now };
  const event = postEvent('post.recycle_skipped', original, now, { reason, copyNumber });
  const written = await deps.store.posts.updatePost(next, original.version, [event], original);
  return written === null ? 'none' : 'skipped';
}

/**
 * Whether the post's engagement (its latest snapshot) is above the median of its account's latest
 * posted posts; null when the figures are missing (the post's own, or fewer than
 * MEDIAN_MIN_POSTS posts with any).
 */
async function aboveMedian(deps: Pick<Deps, 'store'>, original: Post): Promise<boolean | null> {
  const platform = original.platforms[0];
  const accountId = original.profileIds[0];
  if (platform === undefined || accountId === undefined) return null;
  const page = await deps.store.posts.listPosts({
    ownerId: original.ownerId,
    statuses: ['posted'],
    accountIds: null,
    profileId: accountId,
    limit: MEDIAN_SAMPLE,
    after: null,
  });
  const posts = page.posts.some((p) => p.id === original.id) ? page.posts : [...page.posts, original];
  const figures = new Map<string, number>();
  for (const post of posts) {
    const latest = (await deps.store.analytics.listSnapshots(post.id)).at(-1);
    const value = latest === undefined ? null : engagementOf(platform, latest.metrics);
    if (value !== null) figures.set(post.id, value);
  }
  const own = figures.get(original.id) ?? null;
  if (own === null || figures.size < MEDIAN_MIN_POSTS) return null;
  return isAboveMedian(own, [...figures.values()]);
}
