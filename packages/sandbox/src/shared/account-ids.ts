import { createHash } from 'node:crypto';
import type { SandboxPlatform } from './sandbox-publication.js';

/** Whose id: a platform's account, or the Facebook user who manages a Page. */
export type SandboxIdentity = SandboxPlatform | 'facebook-user';

// Prefix and number of hashed digits per kind of numeric id. The totals stay at 15 digits so the
// ids are exact as JSON numbers (the Instagram and Threads token endpoints answer `user_id` as a
// number). TikTok open ids and YouTube channel ids are strings; see `accountIdFor`.
const ID_SHAPE: Readonly<
  Record<Exclude<SandboxIdentity, 'tiktok' | 'youtube'>, { prefix: string; digits: number }>
> = {
  instagram: { prefix: '17841', digits: 10 },
  threads: { prefix: '25', digits: 13 },
  facebook: { prefix: '10', digits: 13 },
  'facebook-user': { prefix: '1000', digits: 11 },
};

function hashNumber(identity: SandboxIdentity, handle: string): bigint {
  const hex = createHash('sha256').update(`${identity}\n${handle.toLowerCase()}`).digest('hex');
  return BigInt(`0x${hex.slice(0, 15)}`);
}

/** The account id a handle always maps to, so ids survive restarts and match what the CLI mints. */
export function accountIdFor(identity: SandboxIdentity, handle: string): string {
  if (identity === 'tiktok' || identity === 'youtube') {
    const hash = createHash('sha256').update(`${identity}\n${handle.toLowerCase()}`).digest('base64url');
    // An open id like TikTok's (`-000` and 32 characters); a channel id like YouTube's (`UC` and 22).
    return identity === 'tiktok' ? `-000${hash.slice(0, 32)}` : `UC${hash.slice(0, 22)}`;
  }
  const shape = ID_SHAPE[identity];
  const digits = (hashNumber(identity, handle) % 10n ** BigInt(shape.digits)).toString();
  return `${shape.prefix}${digits.padStart(shape.digits, '0')}`;
}

/** A stable, made-up follower count for a handle. */
export function followerCountFor(platform: SandboxPlatform, handle: string): number {
  return Number(hashNumber(platform, `followers:${handle}`) % 5000n);
}

/**
 * The handle as the sandbox stores it, or null when it is not acceptable: for Instagram and
 * Threads 1–64 letters, digits, periods, dashes and underscores (the CLI's rule, a little wider
 * than the real platforms'), without a leading `@`; a Facebook Page name is free text up to 75
 * characters. Ids ignore case, as Instagram and Threads usernames do.
 */
export function normalizeHandle(platform: SandboxPlatform, raw: string): string | null {
  if (platform === 'facebook') {
    const name = raw.replace(/\s+/g, ' ').trim();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    return name.length >= 1 && name.length <= 75 && !/[\u0000-\u001f\u007f]/.test(name) ? name : null;
  }
  const handle = raw.trim().replace(/^@/, '');
  return /^[A-Za-z0-9._-]{1,64}$/.test(handle) ? handle : null;
}

/** The handle the consent page offers by default. */
export const DEFAULT_HANDLES: Readonly<Record<SandboxPlatform, string>> = {
  instagram: 'sandbox_instagram',
  threads: 'sandbox_threads',
  facebook: 'Sandbox Page',
  tiktok: 'sandbox_tiktok',
  youtube: 'sandbox_youtube',
};
