import { isImageType, isVideoType, type MediaAsset, PLATFORM_NAMES, type Platform } from '@svc/core';

/** What a post becomes on one platform. */
export type Publication = {
  readonly platform: Platform;
  /** A stable word for the format: reel, carousel, photo, photo_set, video, short, text. */
  readonly format: string;
  /** How many slides are published there. */
  readonly slides: number;
  readonly description: string;
};

/**
 * What will publish on a platform from the resolved slides (the same rules the publisher's
 * adapters apply): Instagram makes a reel, a photo or a carousel; TikTok a video or a photo set;
 * YouTube a Short; Threads and Facebook publish only slide 1.
 */
export function describePublication(platform: Platform, slides: readonly MediaAsset[]): Publication {
  const name = PLATFORM_NAMES[platform];
  const first = slides[0];
  const video = first !== undefined && isVideoType(first.contentType);
  const images = slides.filter((s) => isImageType(s.contentType)).length;
  const n = slides.length;
  const publication = (format: string, count: number, description: string): Publication => ({
    platform,
    format,
    slides: count,
    description,
  });
  switch (platform) {
    case 'instagram':
      // Several slides are always a carousel, whatever slide 1 is (as the adapter publishes them).
      if (n > 1) return publication('carousel', n, `a ${n}-slide Instagram carousel`);
      if (video) return publication('reel', 1, 'an Instagram reel');
      return publication('photo', n, 'an Instagram photo post');
    case 'tiktok':
      if (video) return publication('video', 1, 'a TikTok video');
      return publication('photo_set', images, `a ${images}-photo TikTok photo set`);
    case 'youtube':
      return publication('short', 1, 'a YouTube Short');
    case 'threads':
    case 'facebook': {
      const where = platform === 'facebook' ? 'a Facebook Page' : 'a Threads';
      if (first === undefined) return publication('text', 0, `${where} text post`);
      const format = video ? (platform === 'facebook' ? 'reel' : 'video') : 'photo';
      const kind = video ? (platform === 'facebook' ? 'reel' : 'video post') : 'photo post';
      const only = n > 1 ? ` (first slide only; ${name} leaves out the other ${n - 1})` : '';
      return publication(format, 1, `${where} ${kind}${only}`);
    }
  }
}
