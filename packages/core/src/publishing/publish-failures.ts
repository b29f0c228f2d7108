import { TIKTOK_URL_NOT_VERIFIED } from '../posts/index.js';

/**
 * Why the publisher could not publish a post, by code, each with the sentence a person reads in
 * `failedReason`: what happened and what to do. The engine and the adapters name a code; the
 * wording lives here, once.
 */
const FAILURES = {
  platform_not_configured: (p: { platform: string }) =>
    `${p.platform} is not set up on this server, so the post could not be published.`,
  account_disconnected: (_: Record<string, never>) =>
    'The account was disconnected before the post went out.',
  account_needs_reconnect: (p: { handle: string }) =>
    `The account @${p.handle} needs to be reconnected before posts can publish to it.`,
  media_missing: (p: { mediaId: string }) => `The media ${p.mediaId} of this post no longer exists.`,
  gave_up: (p: { reason: string; attempts: number }) => `${p.reason} Gave up after ${p.attempts} attempts.`,
  waited_too_long: (p: { reason: string }) =>
    `${p.reason} The post waited too long for the limit to free up.`,
  access_refused: (p: { platform: string }) => `${p.platform} no longer accepts the account's access.`,
  reconnect: (p: { platform: string; handle: string; reason: string }) =>
    `Reconnect the ${p.platform} account @${p.handle}, then schedule the post again. ${p.reason}`,
  unreachable: (p: { platform: string; detail: string }) =>
    `${p.platform} could not be reached (${p.detail}).`,
  tiktok_url_not_verified: (_: Record<string, never>) => TIKTOK_URL_NOT_VERIFIED,
  tiktok_photo_link_unverified: (p: { prefix: string }) =>
    `TikTok pulls photos only from the verified URL prefix ${p.prefix}, and a photo of this post is an outside link: upload the file so the service serves it.`,
} as const;

/** A code of a publish failure. */
export type PublishFailureCode = keyof typeof FAILURES;

/** The sentence of a publish failure, from its code and what it names. */
export function publishFailure<C extends PublishFailureCode>(
  code: C,
  params: Parameters<(typeof FAILURES)[C]>[0],
): string {
  return (FAILURES[code] as (p: typeof params) => string)(params);
}
