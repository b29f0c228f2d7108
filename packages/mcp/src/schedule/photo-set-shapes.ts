import { isImageType, type MediaAsset } from '@svc/core';
import type { ToolRefusal } from '../tool-definition.js';

/**
 * Refuses a photo set whose photos differ in pixel size (spec 8: REST pads them, tools refuse):
 * an agent can re-export the photos, and padding would add bars the user never saw.
 */
export function checkPhotoSetShapes(slides: readonly MediaAsset[]): ToolRefusal | null {
  const photos = slides
    .map((asset, index) => ({ asset, slide: index + 1 }))
    .filter(({ asset }) => isImageType(asset.contentType) && asset.width !== null && asset.height !== null);
  const shapes = new Map<string, number[]>();
  for (const { asset, slide } of photos) {
    const key = `${asset.width}x${asset.height}`;
    shapes.set(key, [...(shapes.get(key) ?? []), slide]);
  }
  if (shapes.size < 2) return null;
  const list = [...shapes.entries()].map(([shape, at]) => `${shape} on slide ${at.join(', ')}`);
  return {
    code: 'mixed_image_sizes',
    message: `The photos have different shapes (${list.join('; ')}). Crop or export every photo at one size, e.g. 1080x1920 (9:16), 1080x1440 (3:4), 1080x1350 (4:5) or 1080x1080 (1:1), and call again.`,
    details: { field: 'media', shapes: Object.fromEntries(shapes) },
  };
}
