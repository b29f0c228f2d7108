import type { PublishStep } from '@svc/core';
import { readableContainerError } from '../meta/graph-error-hints.js';
import { pollStep } from '../meta/poll-step.js';
import { progressStep } from '../shared/progress-step.js';
import {
  type FacebookVideoStatus,
  facebookReelStartSchema,
  facebookSuccessSchema,
  facebookVideoStatusSchema,
} from './facebook-api.js';
import { type FacebookStepInput, pageGet, pagePost } from './facebook-step-input.js';
import type { FacebookReelRequest } from './to-facebook-request.js';

/**
 * The next step of a reel (platforms.md §5.2): start an upload session, hand over the video by
 * link, record the start of publishing, finish with `video_state=PUBLISHED` unless the reel is
 * already publishing, then read its status until it is live.
 */
export function takeFacebookReelStep(
  input: FacebookStepInput,
  reel: FacebookReelRequest,
): Promise<PublishStep> {
  const { videoId, uploadUrl, uploaded, publishStartedAt, finishedAt } = input.progress;
  if (videoId === undefined || uploadUrl === undefined) return startUpload(input);
  if (uploaded !== true) return upload(input, uploadUrl, reel.videoUrl);
  // Saved before the finish call, so a lost answer is checked for instead of finishing twice.
  if (publishStartedAt === undefined) {
    return Promise.resolve(progressStep({ ...input.progress, publishStartedAt: input.now.toISOString() }));
  }
  if (finishedAt === undefined) return finish(input, videoId, reel.description);
  return awaitLive(input, videoId);
}

async function startUpload(input: FacebookStepInput): Promise<PublishStep> {
  const session = await pagePost(input, facebookReelStartSchema, `${input.pageId}/video_reels`, {
    upload_phase: 'start',
  });
  return progressStep({ ...input.progress, videoId: session.video_id, uploadUrl: session.upload_url });
}

// The upload URL is used as given; the video travels by link, so the body stays empty.
async function upload(input: FacebookStepInput, uploadUrl: string, videoUrl: string): Promise<PublishStep> {
  const headers = { authorization: `OAuth ${input.pageAccessToken}`, file_url: videoUrl };
  const answer = await input.graph.post(facebookSuccessSchema, uploadUrl, {}, headers);
  if (!answer.success)
    return { kind: 'retry', afterMs: 30_000, reason: 'Facebook did not accept the video upload.' };
  return progressStep({ ...input.progress, uploaded: true });
}

async function finish(input: FacebookStepInput, videoId: string, description: string): Promise<PublishStep> {
  const { status } = await pageGet(input, facebookVideoStatusSchema, videoId, { fields: 'status' });
  const publishing = status.publishing_phase?.status;
  // An earlier finish whose answer was lost has already started publishing: never finish twice.
  if (publishing !== 'complete' && publishing !== 'in_progress') {
    await pagePost(input, facebookSuccessSchema, `${input.pageId}/video_reels`, {
      upload_phase: 'finish',
      video_id: videoId,
      video_state: 'PUBLISHED',
      description,
    });
  }
  return progressStep({ ...input.progress, finishedAt: input.now.toISOString() });
}

async function awaitLive(input: FacebookStepInput, videoId: string): Promise<PublishStep> {
  const video = await pageGet(input, facebookVideoStatusSchema, videoId, { fields: 'status,permalink_url' });
  const problem = reelProblem(video.status);
  if (problem !== null) return { kind: 'failed', reason: readableContainerError('Facebook', problem) };
  if (video.status.video_status === 'ready' && video.status.publishing_phase?.status === 'complete') {
    return { kind: 'published', platformPostId: videoId, permalink: video.permalink_url ?? null };
  }
  return pollStep('Facebook', input.now, input.progress, input.polling);
}

// Facebook reports a failed reel either as video_status "error" or as a phase in error, with
// the phase's error messages.
function reelProblem(status: FacebookVideoStatus): string | null {
  const phases = [status.uploading_phase, status.processing_phase, status.publishing_phase];
  const failed = phases.filter((phase) => phase?.status === 'error');
  if (status.video_status !== 'error' && failed.length === 0) return null;
  const messages = failed.flatMap((phase) => (phase?.errors ?? []).map((error) => error.message ?? ''));
  return messages.filter((message) => message !== '').join('; ') || status.video_status;
}
