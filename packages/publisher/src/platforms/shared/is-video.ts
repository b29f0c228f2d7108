import type { PublishMedia } from '@svc/core';

const VIDEO_EXTENSION = /\.(mp4|mov|m4v|webm)$/i;

/** Whether a slide is a video: by its content type, or for outside links without one, by its name. */
export function isVideo(media: PublishMedia): boolean {
  if (media.contentType !== null) return media.contentType.startsWith('video/');
  try {
    return VIDEO_EXTENSION.test(new URL(media.url).pathname);
  } catch {
    return false;
  }
}
