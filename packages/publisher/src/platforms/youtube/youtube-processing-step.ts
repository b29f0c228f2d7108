import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { videoListSchema, type YouTubeVideo } from './youtube-api.js';
import { bearer, type YouTubeStepInput } from './youtube-step-input.js';

const POLL_MS = 5_000;
// Shorts usually process in a minute or two; a video still processing after this is left to
// the person, because it may yet go live.
const MAX_PROCESSING_MS = 30 * 60_000;

// `status.failureReason` and `status.rejectionReason` (videos resource) in words.
const FAILURES: Readonly<Record<string, string>> = {
  codec: 'its codec is not supported',
  conversion: 'it could not be converted',
  emptyFile: 'the file is empty',
  invalidFile: 'the file is not a video YouTube can read',
  tooSmall: 'the file is too small',
  uploadAborted: 'the upload was aborted',
};
const REJECTIONS: Readonly<Record<string, string>> = {
  claim: 'of a copyright claim',
  copyright: 'of copyright infringement',
  duplicate: 'it duplicates a video already uploaded',
  inappropriate: 'the content is inappropriate',
  legal: 'of a legal complaint',
  length: 'it is too long',
  termsOfUse: 'it violates the Terms of Service',
  trademark: 'of trademark infringement',
  uploaderAccountClosed: "the uploader's account is closed",
  uploaderAccountSuspended: "the uploader's account is suspended",
};

/**
 * Reads the video's status until YouTube has processed it (platforms.md 3.2 step 4). Processed:
 * the publish moves on (to the thumbnail, if any); failed, rejected or deleted: the post fails
 * with YouTube's reason in words; still uploading or processing: wait and read again.
 */
export async function awaitProcessing(input: YouTubeStepInput, videoId: string): Promise<PublishStep> {
  const list = await input.google.json(videoListSchema, {
    method: 'GET',
    url: `${input.api}/youtube/v3/videos`,
    searchParams: { part: 'status,processingDetails', id: videoId },
    headers: bearer(input),
  });
  const video = list.items?.find((item) => item.id === videoId);
  const problem = video === undefined ? null : problemOf(video);
  if (problem !== null) return { kind: 'failed', reason: problem };
  if (video?.status?.uploadStatus === 'processed') {
    return input.upload.thumbnailUrl === null
      ? publishedStep(input, videoId)
      : progressStep({ ...input.progress, processedAt: input.now.toISOString() });
  }
  const first = input.progress.firstPolledAt ?? input.now.toISOString();
  if (input.now.getTime() - Date.parse(first) >= MAX_PROCESSING_MS) {
    return {
      kind: 'failed',
      reason:
        `YouTube was still processing the video after 30 minutes. It may yet appear at ${input.videoUrl(videoId)}; ` +
        'check the channel before scheduling the post again.',
    };
  }
  return progressStep({ ...input.progress, firstPolledAt: first }, POLL_MS);
}

function problemOf(video: YouTubeVideo): string | null {
  const status = video.status;
  const words = (table: Readonly<Record<string, string>>, code: string | undefined) =>
    code === undefined ? 'YouTube gave no reason' : (table[code] ?? code);
  if (status?.uploadStatus === 'failed') {
    return `YouTube could not process the video: ${words(FAILURES, status.failureReason)}.`;
  }
  if (status?.uploadStatus === 'rejected') {
    return `YouTube rejected the video because ${words(REJECTIONS, status.rejectionReason)}. It stays on the channel as rejected.`;
  }
  if (status?.uploadStatus === 'deleted') return 'The video was deleted from YouTube before it went live.';
  return null;
}

/** The publish is done: the video's id and its public link. */
export function publishedStep(input: YouTubeStepInput, videoId: string): PublishStep {
  return { kind: 'published', platformPostId: videoId, permalink: input.videoUrl(videoId) };
}
