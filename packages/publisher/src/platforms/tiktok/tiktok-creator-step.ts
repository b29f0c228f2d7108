import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { TIKTOK_PATHS, tiktokCreatorInfoSchema } from './tiktok-api.js';
import { type TikTokStepInput, tiktokPost } from './tiktok-step-input.js';
import type { TikTokPostSettings } from './to-tiktok-request.js';

// TikTok asks apps to read creator_info right before each post; a check this recent still counts.
const CHECK_FRESH_MS = 10 * 60_000;

/** Whether creator_info must be read (again) before the post is sent. */
export function creatorCheckDue(input: TikTokStepInput): boolean {
  const { checkedAt } = input.progress;
  return checkedAt === undefined || input.now.getTime() - Date.parse(checkedAt) >= CHECK_FRESH_MS;
}

/**
 * Reads creator_info and checks the post against it: the privacy level must be one the creator
 * may use now, and a video no longer than the creator's maximum. Saves the interactions the
 * creator turned off, which the post will send as disabled.
 */
export async function checkCreatorStep(
  input: TikTokStepInput,
  settings: TikTokPostSettings,
  videoDurationMs: number | null,
): Promise<PublishStep> {
  const creator = await tiktokPost(input, tiktokCreatorInfoSchema, TIKTOK_PATHS.creatorInfo);
  const levels = creator.privacy_level_options;
  if (!levels.includes(settings.privacyLevel)) {
    return {
      kind: 'failed',
      reason:
        `TikTok lets @${input.handle} post only as ${levels.join(', ') || '(no privacy level)'}; this post asks ` +
        `for ${settings.privacyLevel}. Set platformMeta.tiktok.privacyLevel to one of them and schedule it again.`,
    };
  }
  const maxSec = creator.max_video_post_duration_sec;
  if (videoDurationMs !== null && maxSec !== undefined && videoDurationMs > maxSec * 1000) {
    return {
      kind: 'failed',
      reason: `The video is ${Math.ceil(videoDurationMs / 1000)} seconds long; TikTok lets @${input.handle} post videos of at most ${maxSec} seconds.`,
    };
  }
  const forceOff = [
    ...(creator.comment_disabled ? ['comment'] : []),
    ...(creator.duet_disabled ? ['duet'] : []),
    ...(creator.stitch_disabled ? ['stitch'] : []),
  ];
  return progressStep({ ...input.progress, checkedAt: input.now.toISOString(), forceOff });
}
