import type { PublishStep } from '@svc/core';
import { addToPlaylist } from './youtube-playlist-step.js';
import { awaitProcessing, publishedStep } from './youtube-processing-step.js';
import type { YouTubeStepInput } from './youtube-step-input.js';
import { setThumbnail } from './youtube-thumbnail-step.js';
import { sendNextChunk, startUploadSession } from './youtube-upload-steps.js';

/**
 * The next step of a Short (platforms.md 3.2): create an upload session, send the video one
 * chunk per step, wait until YouTube processed it, set the thumbnail if the post has one, add the
 * video to the post's playlist if it names one, done.
 */
export function takeYouTubeStep(input: YouTubeStepInput): Promise<PublishStep> {
  const { uploadUrl, videoId, processedAt, thumbnail, playlist } = input.progress;
  if (videoId === undefined) {
    return uploadUrl === undefined ? startUploadSession(input) : sendNextChunk(input, uploadUrl);
  }
  if (processedAt === undefined) return awaitProcessing(input, videoId);
  const thumbnailUrl = input.upload.thumbnailUrl;
  if (thumbnailUrl !== null && thumbnail === undefined) return setThumbnail(input, videoId, thumbnailUrl);
  const playlistId = input.upload.playlistId;
  if (playlistId !== null && playlist === undefined) return addToPlaylist(input, videoId, playlistId);
  return Promise.resolve(publishedStep(input, videoId));
}
