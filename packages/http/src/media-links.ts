import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@svc/core';

/** What a signed link lets its holder do. */
export type MediaLinkPurpose = 'serve' | 'upload';

/** Builds and checks the signed, expiring links media is served from and uploaded to. */
export type MediaLinks = {
  /** An absolute link serving the asset, valid for the configured lifetime from now. */
  urlFor(mediaId: string): string;
  /** An absolute link accepting the bytes of an upload target until `expiresAt`. */
  uploadUrlFor(mediaId: string, expiresAt: Date): string;
  /** Whether `signature` is ours for this purpose, asset and expiry, and the expiry has not passed. */
  verify(purpose: MediaLinkPurpose, mediaId: string, expires: string, signature: string): boolean;
};

/**
 * Links are `{baseUrl}/media/{id}` (serving) and `{baseUrl}/media/uploads/{id}` (uploading), with
 * `?expires={unix seconds}&signature={HMAC-SHA256}` keyed by a key derived from the master secret.
 * The purpose is part of what is signed, so a serving link cannot be turned into an upload link.
 * Platforms (Instagram, Threads) fetch media from these links, so they work without any other
 * credential, through the public base URL, for long enough.
 */
export function createMediaLinks(options: {
  readonly masterSecret: string;
  readonly baseUrl: string;
  readonly clock: Clock;
  readonly lifetimeSeconds: number;
}): MediaLinks {
  const key = Buffer.from(hkdfSync('sha256', options.masterSecret, 'svc', 'svc media links v1', 32));
  const sign = (purpose: MediaLinkPurpose, mediaId: string, expires: string) =>
    createHmac('sha256', key).update(`${purpose}\n${mediaId}\n${expires}`).digest('base64url');
  const base = options.baseUrl.replace(/\/+$/, '');
  const link = (purpose: MediaLinkPurpose, mediaId: string, expiresAtSeconds: number) => {
    const expires = String(expiresAtSeconds);
    const path = purpose === 'serve' ? 'media' : 'media/uploads';
    return `${base}/${path}/${encodeURIComponent(mediaId)}?expires=${expires}&signature=${sign(purpose, mediaId, expires)}`;
  };
  return {
    urlFor: (mediaId) =>
      link('serve', mediaId, Math.floor(options.clock.now().getTime() / 1000) + options.lifetimeSeconds),
    uploadUrlFor: (mediaId, expiresAt) => link('upload', mediaId, Math.floor(expiresAt.getTime() / 1000)),
    verify(purpose, mediaId, expires, signature) {
      if (!/^\d{1,12}$/.test(expires)) return false;
      const expected = Buffer.from(sign(purpose, mediaId, expires));
      const given = Buffer.from(signature);
      const genuine = expected.length === given.length && timingSafeEqual(expected, given);
      return genuine && Number(expires) * 1000 > options.clock.now().getTime();
    },
  };
}
