import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { expectJson, type GoogleAnswer } from './google-client.js';
import { failureFromAnswer, GoogleRequestError } from './google-failure.js';
import { videoSchema } from './youtube-api.js';
import { bearer, type YouTubeStepInput } from './youtube-step-input.js';

// A session lasts a week; more than a few means something keeps going wrong.
const MAX_SESSIONS = 5;
const RETRY_MS = 30_000;

/**
 * Creates a resumable upload session (platforms.md 3.2 step 1). It costs quota but creates
 * nothing on the channel, so a session whose answer was lost is simply replaced.
 */
export async function startUploadSession(input: YouTubeStepInput): Promise<PublishStep> {
  const { progress, upload } = input;
  if (progress.sessions >= MAX_SESSIONS) {
    return {
      kind: 'failed',
      reason: `YouTube ended ${progress.sessions} upload sessions before the video was complete; try again later.`,
    };
  }
  const total = await input.blobs.size(upload.blobKey);
  if (total === null || total === 0) {
    return { kind: 'failed', reason: 'The stored video is missing or empty; upload the media again.' };
  }
  const url = `${input.api}/upload/youtube/v3/videos`;
  const answer = await input.google.send({
    method: 'POST',
    url,
    searchParams: {
      uploadType: 'resumable',
      part: 'snippet,status',
      ...(upload.notifySubscribers === null ? {} : { notifySubscribers: String(upload.notifySubscribers) }),
    },
    headers: {
      ...bearer(input),
      'x-upload-content-length': String(total),
      'x-upload-content-type': upload.contentType,
    },
    json: upload.resource,
  });
  if (answer.status < 200 || answer.status > 299) {
    throw new GoogleRequestError(failureFromAnswer(answer.status, answer.body));
  }
  const location = headerOf(answer, 'location');
  if (location === undefined) {
    return {
      kind: 'retry',
      afterMs: RETRY_MS,
      reason: 'YouTube answered without an upload session; trying again.',
    };
  }
  return progressStep({
    ...input.progress,
    uploadUrl: new URL(location, url).toString(),
    totalBytes: total,
    uploadedBytes: 0,
    sessions: progress.sessions + 1,
  });
}

/** Where a session stands according to Google. */
type SessionState =
  | { readonly kind: 'complete'; readonly videoId: string }
  | { readonly kind: 'incomplete'; readonly received: number }
  | { readonly kind: 'gone' };

/**
 * Sends the next chunk (platforms.md 3.2 steps 2-3). It always asks Google first where the
 * session stands (`bytes *\/total`): the previous step may have crashed or lost its answer after
 * its bytes arrived, so the saved offset is never trusted. A complete session gives the video
 * (the final chunk had gone through), a gone one (404/410, expired) is replaced by a new session,
 * which is safe because nothing exists on the channel before the final byte. The offset saved
 * afterwards is the one Google answers, not the one computed here.
 */
export async function sendNextChunk(input: YouTubeStepInput, uploadUrl: string): Promise<PublishStep> {
  const { progress, upload } = input;
  const total = progress.totalBytes ?? (await input.blobs.size(upload.blobKey));
  if (total === null)
    return { kind: 'failed', reason: 'The stored video is missing; upload the media again.' };
  const probe = sessionState(
    await input.google.send({
      method: 'PUT',
      url: uploadUrl,
      headers: { ...bearer(input), 'content-range': `bytes */${total}` },
      body: new Uint8Array(0),
    }),
  );
  if (probe.kind !== 'incomplete') return afterSession(input, probe, total);
  const start = probe.received;
  const end = Math.min(start + input.chunkSizeBytes, total) - 1;
  const bytes = await readRange(input, start, end);
  if (bytes === null) {
    return {
      kind: 'failed',
      reason: 'The stored video is shorter than when the upload started; upload the media again.',
    };
  }
  const sent = sessionState(
    await input.google.send({
      method: 'PUT',
      url: uploadUrl,
      headers: {
        ...bearer(input),
        'content-type': upload.contentType,
        'content-range': `bytes ${start}-${end}/${total}`,
      },
      body: bytes,
      timeoutMs: input.chunkTimeoutMs,
    }),
  );
  if (sent.kind === 'incomplete' && sent.received <= start) {
    return { kind: 'retry', afterMs: RETRY_MS, reason: 'YouTube did not keep the last chunk of the upload.' };
  }
  return afterSession(input, sent, total);
}

function afterSession(input: YouTubeStepInput, state: SessionState, total: number): PublishStep {
  const { progress } = input;
  if (state.kind === 'complete')
    return progressStep({ ...progress, videoId: state.videoId, uploadedBytes: total });
  if (state.kind === 'gone')
    return progressStep({ ...progress, uploadUrl: undefined, uploadedBytes: undefined });
  return progressStep({ ...progress, uploadedBytes: state.received });
}

function sessionState(answer: GoogleAnswer): SessionState {
  if (answer.status === 308) {
    // `Range: bytes=0-<last>`; none while no byte has arrived.
    const range = /^bytes=0-(\d+)$/.exec(headerOf(answer, 'range') ?? '');
    return { kind: 'incomplete', received: range?.[1] === undefined ? 0 : Number(range[1]) + 1 };
  }
  if (answer.status === 404 || answer.status === 410) return { kind: 'gone' };
  return { kind: 'complete', videoId: expectJson(videoSchema, answer, 'the upload session').id };
}

function headerOf(answer: GoogleAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The stored bytes `[start, end]`, or null when the blob has fewer. */
async function readRange(input: YouTubeStepInput, start: number, end: number): Promise<Buffer | null> {
  const parts: Uint8Array[] = [];
  for await (const part of input.blobs.read(input.upload.blobKey, { start, end })) parts.push(part);
  const bytes = Buffer.concat(parts);
  return bytes.length === end - start + 1 ? bytes : null;
}
