import type { PostingOptionsAnswer } from '@svc/core';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { TIKTOK_PATHS, tiktokCreatorInfoSchema } from './tiktok-api.js';
import type { TikTokReadContext } from './tiktok-client.js';
import type { TikTokCredentials } from './tiktok-credentials.js';
import { TikTokRequestError } from './tiktok-failure.js';

// Refusals that say the creator cannot post now, rather than that the call failed.
const CANNOT_POST = /^(spam_risk|reached_active_user_cap$|unaudited_client_)/;

/**
 * The creator's live posting options from creator_info. Never rejects: an expired token, a
 * refused permission, a creator who cannot post and faults each come back as their own kind.
 */
export async function readTikTokPostingOptions(
  ctx: TikTokReadContext,
  credentials: TikTokCredentials,
): Promise<PostingOptionsAnswer> {
  try {
    const creator = await ctx.client.api(tiktokCreatorInfoSchema, {
      method: 'POST',
      url: `${ctx.api}${TIKTOK_PATHS.creatorInfo}`,
      accessToken: credentials.accessToken,
    });
    return {
      kind: 'options',
      options: {
        privacyLevels: creator.privacy_level_options,
        commentDisabled: creator.comment_disabled,
        duetDisabled: creator.duet_disabled,
        stitchDisabled: creator.stitch_disabled,
        maxVideoDurationSec: creator.max_video_post_duration_sec ?? null,
        creator: {
          username: creator.creator_username ?? null,
          nickname: creator.creator_nickname ?? null,
          avatarUrl: creator.creator_avatar_url || null,
        },
      },
    };
  } catch (error) {
    if (!(error instanceof TikTokRequestError)) {
      return { kind: 'unavailable', reason: 'TikTok could not be asked for the posting options.' };
    }
    const verdict = classifyTikTokFailure(error.failure, ctx.now());
    if (verdict.kind === 'token_expired' || verdict.kind === 'needs_reconnect') return verdict;
    if (error.failure.code !== null && CANNOT_POST.test(error.failure.code) && verdict.kind !== 'retry') {
      return { kind: 'cannot_post', reason: verdict.reason };
    }
    return {
      kind: 'unavailable',
      reason:
        verdict.kind === 'retry'
          ? verdict.reason
          : `TikTok did not give the posting options: ${verdict.reason}`,
    };
  }
}
