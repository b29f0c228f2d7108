import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@svc/core';

/** Builds and checks the signed, expiring links media assets are served from. */
export type MediaLinks = {
  /** An absolute link to the asset, valid for the configured lifetime from now. */
  urlFor(mediaId: string): string;
  /** Whether `signature` is ours for this asset and expiry, and the expiry has not passed. */
  verify(mediaId: string, expires: string, signature: string): boolean;
};

/**
 * Links are `{baseUrl}/media/{id}?expires={unix seconds}&signature={HMAC-SHA256}`, keyed by a key
 * derived from the master secret. Platforms (Instagram, Threads) fetch media from them, so they
 * must work without any other credential, through the public base URL, for long enough.
 */
export function createMediaLinks(options: {
  readonly masterSecret: string;
  readonly baseUrl: string;
  readonly clock: Clock;
  readonly lifetimeSeconds: number;
}): MediaLinks {
  const key = Buffer.from(hkdfSync('sha256', options.masterSecret, 'svc', 'svc media links v1', 32));
  const sign = (mediaId: string, expires: string) =>
    createHmac('sha256', key).update(`${mediaId}\n${expires}`).digest('base64url');
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    urlFor(mediaId) {
      const expires = String(Math.floor(options.clock.now().getTime() / 1000) + options.lifetimeSeconds);
      return `${base}/media/${encodeURIComponent(mediaId)}?expires=${expires}&signature=${sign(mediaId, expires)}`;
    },
    verify(mediaId, expires, signature) {
      if (!/^\d{1,12}$/.test(expires)) return false;
      const expected = Buffer.from(sign(mediaId, expires));
      const given = Buffer.from(signature);
      const genuine = expected.length === given.length && timingSafeEqual(expected, given);
      return genuine && Number(expires) * 1000 > options.clock.now().getTime();
    },
  };
}
