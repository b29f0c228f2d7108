import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { privacyWarning } from './privacy-warning.js';
import { processingPollDelay } from './processing-poll-delay.js';
import { videoListSchema, type YouTubeVideo } from './youtube-api.js';
import { youtubeData } from './youtube-data.js';
import type { YouTubeStepInput } from './youtube-step-input.js';

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
 * the publish moves on (to the thumbnail, if any), keeping the privacy YouTube gave the video,
 * which the post's warning compares with the one asked; failed, rejected or deleted: the post
 * fails with YouTube's reason in words; still uploading or processing: wait longer each time
 * (`processingPollDelay`) and read again.
 */
export async function awaitProcessing(input: YouTubeStepInput, videoId: string): Promise<PublishStep> {
  const list = await youtubeData(input, input.accessToken, videoListSchema, {
    method: 'GET',
    resource: 'videos',
    searchParams: { part: 'status,processingDetails', id: videoId },
  });
  const video = list.items?.find((item) => item.id === videoId);
  const problem = video === undefined ? null : problemOf(video);
  if (problem !== null) return { kind: 'failed', reason: problem };
  if (video?.status?.uploadStatus === 'processed') {
    const privacyStatus = video.status.privacyStatus;
    const more = input.upload.thumbnailUrl !== null || input.upload.playlistId !== null;
    return !more
      ? publishedStep(input, videoId, privacyStatus)
      : progressStep({ ...input.progress, processedAt: input.now.toISOString(), privacyStatus });
  }
  const first = input.progress.firstPolledAt ?? input.now.toISOString();
  const wait = processingPollDelay(input.progress.polls, input.now.getTime() - Date.parse(first));
  if (wait === null) {
    return {
      kind: 'failed',
      reason:
        `YouTube was still processing the video after 30 minutes. It may yet appear at ${input.videoUrl(videoId)}; ` +
        'check the channel before scheduling the post again.',
    };
  }
  return progressStep({ ...input.progress, firstPolledAt: first, polls: input.progress.polls + 1 }, wait);
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

/**
 * The publish is done: the video's id, its link, and a warning when YouTube gave the video another
 * privacy than the one asked (`privacyStatus`: what processing reported; by default, what the
 * progress kept of it for a publish that took further steps) or did not take it into the playlist.
 */
export function publishedStep(
  input: YouTubeStepInput,
  videoId: string,
  privacyStatus: string | undefined = input.progress.privacyStatus,
): PublishStep {
  const published = {
    kind: 'published',
    platformPostId: videoId,
    permalink: input.videoUrl(videoId),
  } as const;
  const warnings = [
    privacyWarning(input.upload.resource.status.privacyStatus, privacyStatus),
    input.progress.playlistError,
  ].filter((w): w is string => w !== undefined);
  return warnings.length === 0 ? published : { ...published, warning: warnings.join(' ') };
}
