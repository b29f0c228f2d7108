import type { SandboxHttpError } from '../shared/graph-error.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import { googleError } from './google-error.js';
import { pacificDay } from './google-pacific-day.js';

/**
 * Unit costs of the calls the simulator serves against the project's shared daily pool (Google's
 * "Quota calculator", developers.google.com/youtube/v3/determine_quota_cost: thumbnails.set 50,
 * playlistItems.insert 50, list calls 1). `videos.insert` is not among them: it has a bucket of its own, counted in calls
 * (`checkInsertQuota`).
 */
export const YOUTUBE_QUOTA_COSTS = {
  thumbnailsSet: 50,
  playlistItemsInsert: 50,
  list: 1,
  commentInsert: 50,
} as const;

/** What the project used today (the Pacific day of the sandbox clock): pool units and insert calls. */
export function youtubeQuotaToday(ctx: SandboxContext): { readonly units: number; readonly inserts: number } {
  const quota = ctx.state.youtube.quota;
  return quota.day === pacificDay(nowOf(ctx))
    ? { units: quota.used, inserts: quota.inserts }
    : { units: 0, inserts: 0 };
}

/** The units of the shared pool the project used today. */
export function youtubeQuotaUsed(ctx: SandboxContext): number {
  return youtubeQuotaToday(ctx).units;
}

/**
 * Refuses with `quotaExceeded` (403, domain `youtube.quota`) when `units` more would pass the
 * project's daily pool (10,000 by default); nothing is charged then. The counter starts over at
 * Pacific midnight.
 */
export function checkQuota(ctx: SandboxContext, units: number): void {
  if (youtubeQuotaUsed(ctx) + units > ctx.state.settings.quotas.youtube) throw quotaExceeded();
}

/**
 * Refuses with `quotaExceeded` when the project already made its `videos.insert` calls of the day
 * (100 by default): that method has its own bucket, "a default daily limit of 100 per day", each
 * call costing 1, whatever the shared pool holds. A new resumable session is a new insert call.
 */
export function checkInsertQuota(ctx: SandboxContext): void {
  if (youtubeQuotaToday(ctx).inserts + 1 > ctx.state.settings.quotas.youtubeInserts) throw quotaExceeded();
}

/** 403 `quotaExceeded` (domain `youtube.quota`), in Google's words. */
export function quotaExceeded(): SandboxHttpError {
  return googleError(
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your ' +
      '<a href="/youtube/v3/getting-started#quota">quota</a>.',
    'youtube.quota',
  );
}

/** Charges `units` to today's pool (after `checkQuota` passed and the call succeeded). */
export function chargeQuota(ctx: SandboxContext, units: number): void {
  charge(ctx, units, 0);
}

/** Counts one `videos.insert` call in today's insert bucket (after `checkInsertQuota` passed). */
export function chargeInsert(ctx: SandboxContext): void {
  charge(ctx, 0, 1);
}

function charge(ctx: SandboxContext, units: number, inserts: number): void {
  const today = youtubeQuotaToday(ctx);
  ctx.state.youtube.quota = {
    day: pacificDay(nowOf(ctx)),
    used: today.units + units,
    inserts: today.inserts + inserts,
  };
}
