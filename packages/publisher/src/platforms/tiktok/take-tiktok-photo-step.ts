import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { classifyTikTokFailure } from './classify-tiktok-failure.js';
import { TIKTOK_PATHS, tiktokInitSchema, tiktokVideoListSchema } from './tiktok-api.js';
import { checkCreatorStep, creatorCheckDue } from './tiktok-creator-step.js';
import { TikTokRequestError } from './tiktok-failure.js';
import { tiktokPhotoLinks } from './tiktok-photo-links.js';
import { awaitPublished } from './tiktok-status-step.js';
import { type TikTokStepInput, tiktokPost } from './tiktok-step-input.js';
import { photoPostInfo, type TikTokPhotoRequest } from './to-tiktok-request.js';

// How often the creator's posts are listed while a photo post whose start was saved is looked for.
const LOOK_AGAIN_MS = 30_000;
// TikTok's clock and ours may disagree a little.
const CLOCK_SKEW_MS = 60_000;

/**
 * The next step of a photo post (platforms.md 2.2 step 4): creator_info, the saved start of
 * publishing, `content/init` (TikTok pulls the photos from our links), then status reads.
 *
 * A photo publish has no handle before `content/init` answers, so a lost answer leaves nothing
 * to ask about. Once a start is saved and this gateway cannot tell that the send never happened,
 * it lists the creator's recent posts (video/list) and adopts one with the same title made since
 * the start. While none shows up, it looks again for up to 10 minutes after the start (processing
 * and listing take time; `photoResendAfterMs`, TIKTOK_PHOTO_RESEND_AFTER_MS); after that it sends again, with a new start. SELF_ONLY posts never
 * appear in that list, so a lost answer for one can still end as a private duplicate.
 */
export async function takeTikTokPhotoStep(
  input: TikTokStepInput,
  request: TikTokPhotoRequest,
): Promise<PublishStep> {
  const { progress, memory, postId } = input;
  if (progress.publishId !== undefined) {
    return awaitPublished(input, progress.publishId, request.settings.privacyLevel);
  }
  // Links TikTok may not pull are refused here, before anything is sent.
  const links = tiktokPhotoLinks(request.urls, input.photoSource);
  if (!links.ok) return { kind: 'failed', reason: links.reason };
  if (creatorCheckDue(input)) return checkCreatorStep(input, request.settings, null);
  if (progress.publishStartedAt === undefined) return markStart(input);
  if (memory.takeUnsent(postId)) return send(input, request, links.urls);
  return recover(input, request, new Date(progress.publishStartedAt));
}

function markStart(input: TikTokStepInput): PublishStep {
  input.memory.markUnsent(input.postId);
  return progressStep({ ...input.progress, publishStartedAt: input.now.toISOString(), lookups: 0 });
}

async function send(
  input: TikTokStepInput,
  request: TikTokPhotoRequest,
  urls: readonly string[],
): Promise<PublishStep> {
  try {
    const answer = await tiktokPost(input, tiktokInitSchema, TIKTOK_PATHS.contentInit, {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: photoPostInfo(request, input.progress.forceOff),
      source_info: { source: 'PULL_FROM_URL', photo_images: urls, photo_cover_index: 0 },
    });
    return progressStep({
      ...input.progress,
      publishId: answer.publish_id,
      lookups: 0,
      firstPolledAt: undefined,
    });
  } catch (error) {
    // A refusal with TikTok's answer in hand changed nothing, so the next attempt may send at
    // once; without an answer (network, 5xx) the post may exist and is looked for first.
    if (error instanceof TikTokRequestError) {
      const { status } = error.failure;
      if (status !== null && status >= 400 && status < 500) input.memory.markUnsent(input.postId);
    }
    throw error;
  }
}

async function recover(
  input: TikTokStepInput,
  request: TikTokPhotoRequest,
  since: Date,
): Promise<PublishStep> {
  const { progress, now } = input;
  const found = await findRecent(input, request.title, since);
  if (found === 'unlisted' || found === null) {
    const resendAfterMs = input.photoResendAfterMs;
    if (now.getTime() - since.getTime() < resendAfterMs) {
      // At least four looks within the wait, so a post listed late is still found before a resend.
      const lookAgainMs = Math.min(LOOK_AGAIN_MS, Math.max(1_000, Math.floor(resendAfterMs / 4)));
      return progressStep({ ...progress, lookups: progress.lookups + 1 }, lookAgainMs);
    }
    return markStart(input);
  }
  return { kind: 'published', platformPostId: found, permalink: input.postUrl(input.handle, found) };
}

/**
 * The id of the newest of the creator's listed posts titled `title` and made since `since`;
 * null when there is none, `unlisted` when the listing is not allowed (no `video.list` scope).
 */
async function findRecent(
  input: TikTokStepInput,
  title: string,
  since: Date,
): Promise<string | null | 'unlisted'> {
  let listing: Awaited<ReturnType<typeof listRecent>>;
  try {
    listing = await listRecent(input);
  } catch (error) {
    if (!(error instanceof TikTokRequestError)) throw error;
    if (classifyTikTokFailure(error.failure, input.now).kind === 'needs_reconnect') return 'unlisted';
    throw error;
  }
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  const match = listing.videos.find(
    (video) => (video.title ?? '').trim() === title.trim() && (video.create_time ?? 0) * 1000 >= earliest,
  );
  return match?.id ?? null;
}

function listRecent(input: TikTokStepInput) {
  return input.client.api(tiktokVideoListSchema, {
    method: 'POST',
    url: `${input.api}${TIKTOK_PATHS.videoList}`,
    accessToken: input.accessToken,
    query: { fields: 'id,title,create_time,share_url' },
    json: { max_count: 20 },
  });
}
