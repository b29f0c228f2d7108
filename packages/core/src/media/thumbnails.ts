import { isImageType, isVideoType } from '../kernel/index.js';

/**
 * The thumbnail sizes, in pixels on the long side: 160 for lists and slide strips (up to 96 CSS
 * pixels on a screen of density 1.6), 480 for a large preview. A fixed set, so each asset has at
 * most two thumbnails to make and store, and no page can ask for an arbitrary size.
 */
export const THUMBNAIL_SIZES = [160, 480] as const;

/** One of THUMBNAIL_SIZES. */
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/** The size a path segment names, or null when it is not one of THUMBNAIL_SIZES. */
export function thumbnailSizeOf(text: string): ThumbnailSize | null {
  return THUMBNAIL_SIZES.find((size) => String(size) === text) ?? null;
}

/**
 * How an asset is previewed: `image` by a thumbnail of it; `video` and `file` by a placeholder
 * that names the type (no poster frame is extracted from videos, and a page never loads the file
 * itself to show a preview).
 */
export function previewKindOf(contentType: string): 'image' | 'video' | 'file' {
  return isImageType(contentType) ? 'image' : isVideoType(contentType) ? 'video' : 'file';
}

/**
 * The pixel size of an image scaled to fit `size` on its long side, never enlarged: a thumbnail's
 * size, or the box a page shows it in. Unknown dimensions are taken as square.
 */
export function thumbnailDimensions(
  image: { readonly width: number | null; readonly height: number | null },
  size: number,
): { readonly width: number; readonly height: number } {
  const width = image.width ?? size;
  const height = image.height ?? size;
  const scale = Math.min(1, size / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The version tag (an HTTP entity tag's value) of a thumbnail. Thumbnails are derived data: the
 * same bytes (content hash) at the same size always give the same thumbnail, so the tag is known
 * without making or reading it. `v1` names the encoding; a change of encoding changes it.
 */
export function thumbnailTag(blobKey: string, size: ThumbnailSize): string {
  return `${blobKey}-${size}-v1`;
}
