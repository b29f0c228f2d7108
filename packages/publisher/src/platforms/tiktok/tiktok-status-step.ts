import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { TIKTOK_PATHS, type TikTokStatus, tiktokStatusSchema } from './tiktok-api.js';
import { TikTokRequestError } from './tiktok-failure.js';
import { tiktokFailReason } from './tiktok-reasons.js';
import { type TikTokStepInput, tiktokPost } from './tiktok-step-input.js';

const FAST_POLL_MS = 5_000; // 12 reads a minute, well within status/fetch's 30
const SLOW_POLL_MS = 30_000;
const FAST_POLLING_MS = 2 * 60_000;
const MAX_PROCESSING_MS = 2 * 60 * 60_000;

/** Reads the publish's status once (status/fetch). */
export function fetchStatus(input: TikTokStepInput, publishId: string): Promise<TikTokStatus> {
  return tiktokPost(input, tiktokStatusSchema, TIKTOK_PATHS.status, { publish_id: publishId });
}

/**
 * One read of a sent publish's status until it settles: PUBLISH_COMPLETE is `published` with the
 * public post id. Without one, a public post is still in TikTok's moderation ("usually within one
 * minute", "in some cases a few hours", Get Post Status): it is `published` under the publish id
 * with `publicIdPending`, and the collector asks for the id later (`readTikTokPublicId`); a
 * SELF_ONLY post never gets one and stays under its publish id. FAILED is `failed` with TikTok's
 * reason. A transient error while reading is "still processing": the publish is never started
 * again once sent.
 */
export async function awaitPublished(
  input: TikTokStepInput,
  publishId: string,
  privacyLevel: string,
): Promise<PublishStep> {
  let status: TikTokStatus;
  try {
    status = await fetchStatus(input, publishId);
  } catch (error) {
    if (!(error instanceof TikTokRequestError)) throw error;
    const verdict = classifyTikTokFailure(error.failure, input.now);
    if (verdict.kind !== 'retry') return verdict;
    return waitAndPoll(input, Math.max(verdict.afterMs, SLOW_POLL_MS));
  }
  switch (status.status) {
    case 'PUBLISH_COMPLETE': {
      const postId = status.publicaly_available_post_id[0];
      if (postId !== undefined) {
        return { kind: 'published', platformPostId: postId, permalink: input.postUrl(input.handle, postId) };
      }
      return privacyLevel === 'SELF_ONLY'
        ? { kind: 'published', platformPostId: publishId, permalink: null }
        : { kind: 'published', platformPostId: publishId, permalink: null, publicIdPending: true };
    }
    case 'SEND_TO_USER_INBOX':
      return { kind: 'published', platformPostId: publishId, permalink: null };
    case 'FAILED':
      if (status.fail_reason === 'auth_removed') {
        return { kind: 'needs_reconnect', reason: tiktokFailReason(status.fail_reason) };
      }
      return { kind: 'failed', reason: tiktokFailReason(status.fail_reason) };
    default:
      return waitAndPoll(input, null);
  }
}

/** A progress step that waits before the next status read, failing after two hours of processing. */
export function waitAndPoll(input: TikTokStepInput, waitMs: number | null): PublishStep {
  const first = input.progress.firstPolledAt ?? input.now.toISOString();
  const elapsed = input.now.getTime() - Date.parse(first);
  if (elapsed >= MAX_PROCESSING_MS) {
    return {
      kind: 'failed',
      reason:
        'TikTok was still processing the post after two hours; check the TikTok app before scheduling it again.',
    };
  }
  const wait = waitMs ?? (elapsed < FAST_POLLING_MS ? FAST_POLL_MS : SLOW_POLL_MS);
  return progressStep({ ...input.progress, firstPolledAt: first }, wait);
}
