import type { SandboxHttpError } from '../shared/graph-error.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import { googleError } from './google-error.js';
import { pacificDay } from './google-pacific-day.js';

/**
 * Quota costs of the calls the simulator serves (platforms.md 3.3, the historic price list:
 * videos.insert 1600, thumbnails.set 50, list calls 1).
 */
export const YOUTUBE_QUOTA_COSTS = { insert: 1600, thumbnailsSet: 50, list: 1 } as const;

/** The units the project used today (the Pacific day of the sandbox clock). */
export function youtubeQuotaUsed(ctx: SandboxContext): number {
  const quota = ctx.state.youtube.quota;
  return quota.day === pacificDay(nowOf(ctx)) ? quota.used : 0;
}

/**
 * Refuses with `quotaExceeded` (403, domain `youtube.quota`) when `units` more would pass the
 * project's daily quota; nothing is charged then. The counter starts over at Pacific midnight.
 */
export function checkQuota(ctx: SandboxContext, units: number): void {
  if (youtubeQuotaUsed(ctx) + units > ctx.state.settings.quotas.youtube) throw quotaExceeded();
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

/** Charges `units` to today's counter (after `checkQuota` passed and the call succeeded). */
export function chargeQuota(ctx: SandboxContext, units: number): void {
  const day = pacificDay(nowOf(ctx));
  const quota = ctx.state.youtube.quota;
  ctx.state.youtube.quota = { day, used: (quota.day === day ? quota.used : 0) + units };
}
