import { z } from 'zod';

export { TIKTOK_PRIVACY_LEVELS } from './tiktok-privacy-levels.js';

const coverSchema = z.looseObject({ coverUrl: z.url().optional() });

/** `platformMeta.tiktok` (spec 2.3). `privacyLevel` is required for TikTok posts by the policy, not here. */
export const tiktokMetaSchema = z.looseObject({
  privacyLevel: z.string().min(1).optional(),
  disableComment: z.boolean().optional(),
  disableDuet: z.boolean().optional(),
  disableStitch: z.boolean().optional(),
  commercialContentDisclosure: z.boolean().optional(),
  brandOrganicOptIn: z.boolean().optional(),
  brandContentOptIn: z.boolean().optional(),
  videoCoverTimestampMs: z.number().int().nonnegative().optional(),
});

/**
 * `platformMeta.youtube`: the thumbnail (spec 2.3) and the upload settings of issue 37, named as
 * contract.md gives them. Types are checked here; values (privacy statuses, tag lengths, ids) by
 * the policy (check-youtube-meta.ts), which explains each refusal.
 */
export const youtubeMetaSchema = z.looseObject({
  thumbnailUrl: z.url().optional(),
  privacyStatus: z.string().optional(),
  notifySubscribers: z.boolean().optional(),
  madeForKids: z.boolean().optional(),
  categoryId: z.string().optional(),
  tags: z.array(z.string()).optional(),
  playlistId: z.string().optional(),
  defaultLanguage: z.string().optional(),
});

/**
 * Platform-specific settings (spec 2.3). Additional properties are allowed at both levels, as in
 * the spec's machine-readable schema, and are kept as given.
 */
export const platformMetaSchema = z.looseObject({
  instagram: coverSchema.optional(),
  facebook: coverSchema.optional(),
  youtube: youtubeMetaSchema.optional(),
  tiktok: tiktokMetaSchema.optional(),
});

/** Platform-specific settings of a post. */
export type PlatformMeta = z.infer<typeof platformMetaSchema>;

/** TikTok settings of a post. */
export type TiktokMeta = z.infer<typeof tiktokMetaSchema>;

/** YouTube settings of a post. */
export type YouTubeMeta = z.infer<typeof youtubeMetaSchema>;
