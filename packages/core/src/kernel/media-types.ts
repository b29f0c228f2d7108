// Free of zod on purpose: the content policy imports these, and it runs in browsers too.

/** MIME types the service accepts (spec section 8): JPEG, PNG, WebP, GIF, MP4, MOV, WebM. */
export const ALLOWED_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'video/mp4',
  'video/quicktime',
  'video/webm',
] as const;

/** An allowed media MIME type. */
export type AllowedMediaType = (typeof ALLOWED_MEDIA_TYPES)[number];

/** Whether a MIME type names an image. */
export function isImageType(contentType: string): boolean {
  return contentType.startsWith('image/');
}

/** Whether a MIME type names a video. */
export function isVideoType(contentType: string): boolean {
  return contentType.startsWith('video/');
}
