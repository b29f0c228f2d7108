import { z } from 'zod';

/** The five platforms the service publishes to, by their wire identifiers (spec section 1). */
export const PLATFORMS = ['instagram', 'tiktok', 'youtube', 'threads', 'facebook'] as const;

/** A platform identifier. */
export type Platform = (typeof PLATFORMS)[number];

/** Schema of a platform identifier (marked pure, so a browser bundle of the policy drops zod). */
export const platformSchema = /* @__PURE__ */ z.enum(PLATFORMS);

/** Whether a string names a supported platform. */
export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}

/** Display names used in messages meant for people. */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  threads: 'Threads',
  facebook: 'Facebook',
};

/** A platform's mark: two letters read at a glance, always shown with the name (seen or spoken). */
export const PLATFORM_INITIALS: Readonly<Record<Platform, string>> = {
  instagram: 'IG',
  threads: '@',
  facebook: 'f',
  tiktok: 'TT',
  youtube: 'YT',
};
