import { createHash } from 'node:crypto';
import { followerCountFor } from './account-ids.js';
import type { SandboxPlatform } from './sandbox-publication.js';

// Growth is counted from this instant, so a count depends only on the handle and the time.
const GROWTH_EPOCH_MS = Date.parse('2024-01-01T00:00:00Z');
const DAY_MS = 24 * 60 * 60_000;

/**
 * The follower (subscriber) count of a sandbox account at `at`, the same for the same inputs:
 * floor(base + perDay × days since 2024-01-01 UTC), where base (0–4999) is the handle's fixed
 * count and perDay (1–25) comes from SHA-256 of the platform and handle. Before 2024 it is the base.
 */
export function simulatedFollowerCount(platform: SandboxPlatform, handle: string, at: Date): number {
  const hex = createHash('sha256').update(`${platform}\ngrowth:${handle.toLowerCase()}`).digest('hex');
  const perDay = 1 + (Number.parseInt(hex.slice(0, 8), 16) % 25);
  const days = Math.max(0, at.getTime() - GROWTH_EPOCH_MS) / DAY_MS;
  return Math.floor(followerCountFor(platform, handle) + perDay * days);
}
