import { type MediaAsset, previewKindOf, type ThumbnailSize, thumbnailDimensions } from '@svc/core';
import { type Html, html } from '@svc/web';

/** What a preview needs of an asset (an asset, or a library item). */
export type PreviewedAsset = Pick<MediaAsset, 'id' | 'contentType' | 'width' | 'height'>;

/** The console's address of an asset's thumbnail (docs/console.md, "Thumbnails"). */
export function thumbnailUrl(asset: Pick<MediaAsset, 'id'>, size: ThumbnailSize): string {
  return `/app/media/${encodeURIComponent(asset.id)}/thumb/${size}`;
}

/**
 * How every console page shows a media asset: an image by its thumbnail (never the file itself,
 * which may weigh 20 MB), lazily loaded and sized to fit `box` CSS pixels so the page does not
 * jump as it arrives; a video or another file by an icon that names its type. `alt` is an image's
 * text ("Slide 2"), or empty where the row beside it says what it is.
 */
export function mediaPreview(
  asset: PreviewedAsset,
  options: { readonly box: number; readonly alt: string },
): Html {
  const { box, alt } = options;
  const kind = previewKindOf(asset.contentType);
  if (kind === 'image') {
    const { width, height } = thumbnailDimensions(asset, box);
    // 160 px covers boxes up to 96 CSS px even on a screen of density 1.6; larger boxes get 480.
    const size: ThumbnailSize = box <= 96 ? 160 : 480;
    return html`<img src="${thumbnailUrl(asset, size)}" alt="${alt}" width="${width}" height="${height}" loading="lazy" decoding="async" class="thumb">`;
  }
  // Named by its type only: Compose's script renumbers slides by their images' `alt`, and a
  // number in this name would go stale when a slide moves (the list's order says it anyway).
  const name = kind === 'video' ? 'Video' : 'File';
  // Drawn here rather than loaded: a placeholder costs no request.
  const mark =
    kind === 'video'
      ? html`<path d="M9 7.5v9l7.5-4.5z"/>`
      : html`<path d="M8 5h6l3 3v11H8z" fill="none" stroke="currentColor" stroke-width="1.5"/>`;
  return html`<svg class="thumb placeholder" width="${box}" height="${box}" viewBox="0 0 24 24" role="img" aria-label="${name}" fill="currentColor"><rect x="1" y="1" width="22" height="22" rx="3" fill="none" stroke="currentColor" stroke-width="1"/>${mark}</svg>`;
}
