import type { PublicIdAnswer, PublicIdTarget } from '@svc/core';
import { metricsAnswerOf } from '../shared/metrics-answer-of.js';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { TIKTOK_PATHS, tiktokStatusSchema } from './tiktok-api.js';
import type { TikTokReadContext } from './tiktok-client.js';
import type { TikTokCredentials } from './tiktok-credentials.js';
import { TikTokRequestError } from './tiktok-failure.js';
import { tiktokFailReason } from './tiktok-reasons.js';

/**
 * Asks status/fetch whether moderation let a publish's public id out: PUBLISH_COMPLETE with
 * `publicaly_available_post_id` is the id and its link; complete without one, or still processing,
 * is pending; FAILED (or a publish that went to the inbox, or that TikTok no longer knows) will
 * never have one. Refusals read as metrics reads do: a refused token, a reconnect, a fault.
 */
export async function readTikTokPublicId(
  ctx: TikTokReadContext,
  credentials: TikTokCredentials,
  target: PublicIdTarget,
  postUrl: (username: string, postId: string) => string,
): Promise<PublicIdAnswer> {
  let status: Awaited<ReturnType<typeof fetchStatus>>;
  try {
    status = await fetchStatus(ctx, credentials, target.platformPostId);
  } catch (error) {
    if (!(error instanceof TikTokRequestError)) throw error;
    if (error.failure.code === 'invalid_params') {
      return {
        kind: 'never',
        reason: `TikTok no longer knows the publish (${error.failure.message ?? 'invalid_params'}).`,
      };
    }
    const answer = metricsAnswerOf(classifyTikTokFailure(error.failure, ctx.now()), ctx.now());
    // A missing scope would need a reconnect here too (status/fetch needs video.publish).
    return answer.kind === 'scope_missing' ? { kind: 'needs_reconnect', reason: answer.reason } : answer;
  }
  switch (status.status) {
    case 'PUBLISH_COMPLETE': {
      const id = status.publicaly_available_post_id[0];
      return id === undefined
        ? { kind: 'pending' }
        : { kind: 'public', platformPostId: id, permalink: postUrl(target.handle, id) };
    }
    case 'FAILED':
      return { kind: 'never', reason: tiktokFailReason(status.fail_reason) };
    case 'SEND_TO_USER_INBOX':
      return { kind: 'never', reason: "The post went to the creator's TikTok inbox instead." };
    default:
      return { kind: 'pending' };
  }
}

function fetchStatus(ctx: TikTokReadContext, credentials: TikTokCredentials, publishId: string) {
  return ctx.client.api(tiktokStatusSchema, {
    method: 'POST',
    url: `${ctx.api}${TIKTOK_PATHS.status}`,
    accessToken: credentials.accessToken,
    json: { publish_id: publishId },
  });
}
