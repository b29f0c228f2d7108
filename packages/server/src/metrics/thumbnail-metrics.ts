import type { Thumbnailer } from '@svc/core';
import type { Registry } from 'prom-client';
import { metricMaker } from './metric-maker.js';

/**
 * The thumbnailer, counting the thumbnails it makes and serves by size: made once per content hash
 * and size, so `made` stays at the number of distinct images previewed while `served` grows with
 * every page that shows one (and not at all while browsers keep them in their cache).
 */
export function thumbnailMetrics(registry: Registry, thumbnails: Thumbnailer): Thumbnailer {
  const make = metricMaker(registry);
  const made = make.counter(
    'svc_thumbnails_made_total',
    'Thumbnails made (once per image and size), by size.',
    ['size'],
  );
  const served = make.counter(
    'svc_thumbnails_served_total',
    'Thumbnails answered with their bytes (made or read back), by size.',
    ['size'],
  );
  return {
    async thumbnail(blobKey, size) {
      const thumbnail = await thumbnails.thumbnail(blobKey, size);
      if (thumbnail !== null) {
        served.inc({ size: String(size) });
        if (thumbnail.made) made.inc({ size: String(size) });
      }
      return thumbnail;
    },
  };
}
