import type { EvergreenRule } from './evergreen-rule.js';

const DAY_MS = 86_400_000;

/** What the due rule reads of an evergreen post and of each of its copies. */
export type RecycleStep = {
  readonly status: string;
  readonly publishedAt: Date | null;
  readonly deletedAt: Date | null;
  /** A copy's number (1 for the first); null on the original. */
  readonly recycleNumber: number | null;
  /** On the original: when a period was last skipped without a copy; the next counts from it. */
  readonly recycleSkippedAt?: Date | null;
};

/** Whether an evergreen post should be copied into its queue now. */
export type EvergreenDecision =
  /** Make copy number `copyNumber` now. */
  | { readonly kind: 'due'; readonly copyNumber: number }
  /** Not yet: the period has not passed (`until`), or a copy is still waiting to go out (`until` null). */
  | { readonly kind: 'waiting'; readonly until: Date | null }
  /** Never again: `maxTimes` copies made, or the original is deleted or was never posted. */
  | { readonly kind: 'finished' };

/**
 * The evergreen due rule (docs/queue.md). A copy is due when the original is posted and not
 * deleted, fewer than `maxTimes` copies were made (deleted and failed copies count: they were
 * made), no copy is still on its way out (waiting for approval, scheduled, being published), and
 * `everyDays` days have passed since the latest publication of the original or of a copy, or
 * since a period was last skipped. The
 * copy's number is one more than the highest made, so "copy k of post X" names one copy ever.
 */
export function evergreenDue(
  rule: EvergreenRule,
  original: RecycleStep,
  copies: readonly RecycleStep[],
  now: Date,
): EvergreenDecision {
  if (original.deletedAt !== null || original.status !== 'posted' || original.publishedAt === null)
    return { kind: 'finished' };
  if (copies.length >= rule.maxTimes) return { kind: 'finished' };
  const live = copies.filter((copy) => copy.deletedAt === null);
  if (live.some((copy) => copy.status !== 'posted' && copy.status !== 'failed'))
    return { kind: 'waiting', until: null };
  let last = Math.max(original.publishedAt.getTime(), original.recycleSkippedAt?.getTime() ?? 0);
  for (const copy of live) {
    if (copy.status === 'posted' && copy.publishedAt !== null)
      last = Math.max(last, copy.publishedAt.getTime());
  }
  const dueAt = last + rule.everyDays * DAY_MS;
  if (now.getTime() < dueAt) return { kind: 'waiting', until: new Date(dueAt) };
  const highest = copies.reduce((max, copy) => Math.max(max, copy.recycleNumber ?? 0), 0);
  return { kind: 'due', copyNumber: highest + 1 };
}

/**
 * Whether `value` is strictly above the median of `values` (the account's posts, `value`'s post
 * among them); null when there is no figure to compare with.
 */
export function isAboveMedian(value: number | null, values: readonly number[]): boolean | null {
  if (value === null || values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return value > median;
}
