import { z } from 'zod';

export { TIKTOK_PRIVACY_LEVELS } from './tiktok-privacy-levels.js';

/**
 * `firstComment`: a comment the account posts under its own post once it is live (Instagram,
 * Facebook, YouTube; a reply on Threads). Its limits are the policy's (`checkFirstComment`).
 */
const firstComment = z
  .string()
  .optional()
  .describe(
    "A comment posted under the post once it is live (a reply on Threads), once; the post's `firstComment` reports its outcome. It never fails the post.",
  );

const coverSchema = z.looseObject({ coverUrl: z.url().optional(), firstComment });

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
 * Platform-specific settings (spec 2.3). Additional properties are allowed at both levels, as in
 * the spec's machine-readable schema, and are kept as given.
 */
export const platformMetaSchema = z.looseObject({
  instagram: coverSchema.optional(),
  facebook: coverSchema.optional(),
  threads: z.looseObject({ firstComment }).optional(),
  youtube: z.looseObject({ thumbnailUrl: z.url().optional(), firstComment }).optional(),
  tiktok: tiktokMetaSchema.optional(),
});

/** Platform-specific settings of a post. */
export type PlatformMeta = z.infer<typeof platformMetaSchema>;

/** TikTok settings of a post. */
export type TiktokMeta = z.infer<typeof tiktokMetaSchema>;
