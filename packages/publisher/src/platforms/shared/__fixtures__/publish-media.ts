import type { PublishMedia } from '@svc/core';

const SLIDES = {
  image: { contentType: 'image/jpeg', sizeBytes: 250_000, width: 1080, height: 1350, durationMs: null },
  video: { contentType: 'video/mp4', sizeBytes: 4_000_000, width: 1080, height: 1920, durationMs: 12_000 },
} as const;

/** A stored 1080x1350 JPEG slide, as the engine hands it to adapters. */
export function anImage(url = 'https://media.example/a.jpg'): PublishMedia {
  return { ...SLIDES.image, url, blobKey: 'a'.repeat(64) };
}

/** A stored 1080x1920 MP4 slide of 12 s. */
export function aVideo(url = 'https://media.example/v.mp4'): PublishMedia {
  return { ...SLIDES.video, url, blobKey: 'b'.repeat(64) };
}

/** An outside link we know nothing about but its address. */
export function aLink(url: string): PublishMedia {
  const unknown = { contentType: null, sizeBytes: null, width: null, height: null, durationMs: null };
  return { ...unknown, url, blobKey: null };
}
