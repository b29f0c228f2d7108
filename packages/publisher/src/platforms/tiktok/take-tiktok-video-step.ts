import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { TIKTOK_PATHS, tiktokInitSchema } from './tiktok-api.js';
import { chunkRange, planChunks, type TikTokChunkPlan } from './tiktok-chunk-plan.js';
import { checkCreatorStep, creatorCheckDue } from './tiktok-creator-step.js';
import { awaitPublished, fetchStatus } from './tiktok-status-step.js';
import { type TikTokStepInput, tiktokPost } from './tiktok-step-input.js';
import { type TikTokVideoRequest, videoPostInfo } from './to-tiktok-request.js';

// upload_url lives about an hour (platforms.md 2.2 step 2); stop using it a little before.
const UPLOAD_URL_LIFE_MS = 55 * 60_000;
const MAX_RESTARTS = 3;
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

/**
 * The next step of a video post (platforms.md 2.2): creator_info, `video/init` with a chunk plan,
 * one chunk per step (the start of publishing is saved before the final chunk, which is what
 * makes the post go out), then status reads until it is published.
 *
 * Resuming: a publish id is never given up for a new init unless its upload can no longer
 * complete: the upload URL expired before the final chunk was sent. Whenever the upload position
 * is not known first-hand (a restart, another publisher, a chunk whose answer was lost),
 * status/fetch's `uploaded_bytes` says where to continue, or that the upload is already complete.
 */
export async function takeTikTokVideoStep(
  input: TikTokStepInput,
  request: TikTokVideoRequest,
  chunkSizeBytes: number,
): Promise<PublishStep> {
  const { progress } = input;
  if (progress.publishId === undefined) {
    if (creatorCheckDue(input)) return checkCreatorStep(input, request.settings, request.video.durationMs);
    return init(input, request, chunkSizeBytes);
  }
  if (progress.uploaded === true) {
    return awaitPublished(input, progress.publishId, request.settings.privacyLevel);
  }
  const plan = planOf(input);
  if (plan === null || progress.uploadUrl === undefined) {
    return {
      kind: 'failed',
      reason: 'The saved TikTok upload progress is incomplete; schedule the post again.',
    };
  }
  if (!input.memory.uploadConfirmed(progress.publishId, progress.nextByte)) {
    return verifyUpload(input, progress.publishId, plan);
  }
  if (urlExpired(input)) return restart(input);
  const last = chunkRange(plan, plan.chunkCount - 1);
  if (progress.nextByte >= last.start && progress.publishStartedAt === undefined) {
    // Saved before the final chunk: from then on a lost answer is checked with TikTok, never re-sent blindly.
    return progressStep({ ...progress, publishStartedAt: input.now.toISOString() });
  }
  return sendChunk(input, request, progress.publishId, progress.uploadUrl, plan);
}

async function init(
  input: TikTokStepInput,
  request: TikTokVideoRequest,
  chunkSizeBytes: number,
): Promise<PublishStep> {
  const size = request.video.sizeBytes ?? (await input.blobs.size(request.video.blobKey));
  if (size === null || size <= 0) {
    return { kind: 'failed', reason: 'The stored video is missing or empty; upload it again.' };
  }
  const plan = planChunks(size, chunkSizeBytes);
  const answer = await tiktokPost(input, tiktokInitSchema, TIKTOK_PATHS.videoInit, {
    post_info: videoPostInfo(request, input.progress.forceOff),
    source_info: {
      source: 'FILE_UPLOAD',
      video_size: plan.videoSize,
      chunk_size: plan.chunkSize,
      total_chunk_count: plan.chunkCount,
    },
  });
  if (answer.upload_url === undefined) {
    return { kind: 'retry', afterMs: 30_000, reason: 'TikTok started the upload without an upload URL.' };
  }
  input.memory.confirmUpload(answer.publish_id, 0);
  return progressStep({
    ...input.progress,
    publishId: answer.publish_id,
    uploadUrl: answer.upload_url,
    initAt: input.now.toISOString(),
    ...plan,
    nextByte: 0,
    uploaded: undefined,
    publishStartedAt: undefined,
    firstPolledAt: undefined,
    lookups: 0,
  });
}

function planOf(input: TikTokStepInput): TikTokChunkPlan | null {
  const { videoSize, chunkSize, chunkCount } = input.progress;
  if (videoSize === undefined || chunkSize === undefined || chunkCount === undefined) return null;
  return { videoSize, chunkSize, chunkCount };
}

function urlExpired(input: TikTokStepInput): boolean {
  const { initAt } = input.progress;
  return initAt === undefined || input.now.getTime() - Date.parse(initAt) >= UPLOAD_URL_LIFE_MS;
}

/** Asks TikTok how far the upload got, and continues from there. */
async function verifyUpload(
  input: TikTokStepInput,
  publishId: string,
  plan: TikTokChunkPlan,
): Promise<PublishStep> {
  const status = await fetchStatus(input, publishId);
  const received = status.uploaded_bytes ?? 0;
  if (status.status !== 'PROCESSING_UPLOAD' || received >= plan.videoSize) {
    // Complete (or already failed, which the status reads report): only polling is left.
    return progressStep({ ...input.progress, nextByte: plan.videoSize, uploaded: true });
  }
  // The final chunk never arrived, so an expired URL means this publish can never go out.
  if (urlExpired(input)) return restart(input);
  const nextByte = Math.floor(received / plan.chunkSize) * plan.chunkSize;
  input.memory.confirmUpload(publishId, nextByte);
  return progressStep({ ...input.progress, nextByte });
}

function restart(input: TikTokStepInput): PublishStep {
  const { progress } = input;
  if (progress.publishId !== undefined) input.memory.forgetUpload(progress.publishId);
  if (progress.restarts >= MAX_RESTARTS) {
    return {
      kind: 'failed',
      reason: `The TikTok upload URL expired ${progress.restarts + 1} times before the video was sent; try again later.`,
    };
  }
  return progressStep({ forceOff: progress.forceOff, restarts: progress.restarts + 1 });
}

async function sendChunk(
  input: TikTokStepInput,
  request: TikTokVideoRequest,
  publishId: string,
  uploadUrl: string,
  plan: TikTokChunkPlan,
): Promise<PublishStep> {
  const { progress } = input;
  const index = Math.floor(progress.nextByte / plan.chunkSize);
  const { start, end } = chunkRange(plan, index);
  let bytes: Buffer;
  try {
    bytes = await readRange(input, request.video.blobKey, start, end);
  } catch {
    return { kind: 'failed', reason: 'The stored video could not be read; upload it again.' };
  }
  if (bytes.length !== end - start + 1) {
    return {
      kind: 'failed',
      reason: 'The stored video changed size since the upload began; upload it again.',
    };
  }
  const type = request.video.contentType ?? '';
  input.memory.forgetUpload(publishId);
  const status = await input.client.putChunk(uploadUrl, bytes, {
    'content-type': VIDEO_TYPES.has(type) ? type : 'video/mp4',
    'content-range': `bytes ${start}-${end}/${plan.videoSize}`,
  });
  const nextByte = end + 1;
  if (status === 201 || nextByte >= plan.videoSize) {
    return progressStep({ ...progress, nextByte: plan.videoSize, uploaded: true });
  }
  input.memory.confirmUpload(publishId, nextByte);
  return progressStep({ ...progress, nextByte });
}

async function readRange(input: TikTokStepInput, key: string, start: number, end: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of input.blobs.read(key, { start, end })) parts.push(part);
  return Buffer.concat(parts);
}
