import type { PublishStep } from '@svc/core';
import { progressStep } from '../shared/progress-step.js';
import { classifyGoogleFailure } from './classify-google-failure.js';
import { GoogleRequestError } from './google-failure.js';
import { thumbnailSetSchema } from './youtube-api.js';
import { bearer, type YouTubeStepInput } from './youtube-step-input.js';

/** thumbnails.set takes at most 2 MB (platforms.md 3.2 step 5). */
export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
const MAX_TRIES = 3;
const TRY_AGAIN_MS = 5_000;

/**
 * Sets `platformMeta.youtube.thumbnailUrl` as the video's thumbnail. The video is live by now, so
 * a thumbnail that cannot be set never fails the post: the failure is saved in the progress
 * (`thumbnailError`) and the publish completes. A refused token is still refreshed (the engine
 * takes the step again), and a temporary fault is tried a few times.
 */
export async function setThumbnail(
  input: YouTubeStepInput,
  videoId: string,
  url: string,
): Promise<PublishStep> {
  const failed = (why: string) =>
    progressStep({ ...input.progress, thumbnail: 'failed', thumbnailError: why });
  const image = await download(input, url);
  if (typeof image === 'string') return failed(image);
  try {
    await input.google.json(thumbnailSetSchema, {
      method: 'POST',
      url: `${input.api}/upload/youtube/v3/thumbnails/set`,
      searchParams: { videoId, uploadType: 'media' },
      headers: { ...bearer(input), 'content-type': image.contentType },
      body: image.bytes,
    });
  } catch (error) {
    if (!(error instanceof GoogleRequestError)) throw error;
    const verdict = classifyGoogleFailure(error.failure, input.now);
    if (verdict.kind === 'token_expired') return verdict;
    if (verdict.kind === 'retry' && input.progress.thumbnailTries + 1 < MAX_TRIES) {
      return progressStep(
        { ...input.progress, thumbnailTries: input.progress.thumbnailTries + 1 },
        TRY_AGAIN_MS,
      );
    }
    const said = error.failure.message ?? error.failure.reason ?? error.failure.detail;
    return failed(`YouTube did not take the thumbnail: ${said.replace(/\.$/, '')}.`);
  }
  return progressStep({ ...input.progress, thumbnail: 'set' });
}

/** The image at `url` (through the SSRF-safe fetcher) and its type, or why it could not be had. */
async function download(
  input: YouTubeStepInput,
  url: string,
): Promise<{ readonly bytes: Buffer; readonly contentType: string } | string> {
  const fetched = await input.fetcher.fetch(url, { maxBytes: MAX_THUMBNAIL_BYTES });
  if (!fetched.ok) return `The thumbnail could not be downloaded (${fetched.refusal.kind}).`;
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const part of fetched.file.body) {
      size += part.byteLength;
      if (size > MAX_THUMBNAIL_BYTES) return 'The thumbnail is larger than the 2 MB YouTube accepts.';
      parts.push(part);
    }
  } catch {
    return 'The thumbnail download broke off.';
  }
  const bytes = Buffer.concat(parts);
  return { bytes, contentType: imageTypeOf(bytes) };
}

// Typed from the bytes, not the link; anything else goes as octet-stream for YouTube to judge.
function imageTypeOf(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  return 'application/octet-stream';
}
