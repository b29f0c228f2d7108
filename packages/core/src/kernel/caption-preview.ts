/** The longest caption preview, in characters (code points), ellipsis included. */
export const CAPTION_PREVIEW_LENGTH = 80;

/** A caption cut to the preview length on a code-point boundary, with `…` when cut. */
export function captionPreview(caption: string): string {
  const chars = Array.from(caption);
  return chars.length <= CAPTION_PREVIEW_LENGTH
    ? caption
    : `${chars.slice(0, CAPTION_PREVIEW_LENGTH - 1).join('')}…`;
}
