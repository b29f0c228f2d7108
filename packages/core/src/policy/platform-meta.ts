import { z } from 'zod';
import { INSTAGRAM_OPTIONS } from './instagram-meta.js';

export { THREADS_REPLY_CONTROLS } from './threads-reply-controls.js';
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

/** `platformMeta.instagram`: the reel cover (`coverUrl`, which wins over `thumbOffset`), the first comment and the options of issue 37. */
export const instagramMetaSchema = coverSchema.extend(INSTAGRAM_OPTIONS);

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
  isAigc: z
    .boolean()
    .optional()
    .describe(
      "Labels the video as AI-generated content (TikTok's post_info.is_aigc). Videos only: TikTok's photo posts have no such field.",
    ),
});

/**
 * `platformMeta.facebook`: the first comment, and `link`, the link whose preview card a text post
 * shows (Graph `POST /{page-id}/feed` `link`). Its rules (http(s), text posts only) are the
 * policy's (check-facebook-meta.ts).
 */
export const facebookMetaSchema = z.looseObject({
  firstComment,
  coverUrl: z.url().optional(),
  link: z
    .string()
    .optional()
    .describe(
      'An http(s) URL Facebook shows as a link preview card under a text post (no media). Not shortened or changed.',
    ),
});

/**
 * `platformMeta.youtube`: the thumbnail (spec 2.3) and the upload settings of issue 37, named as
 * contract.md gives them. Types are checked here; values (privacy statuses, tag lengths, ids) by
 * the policy (check-youtube-meta.ts), which explains each refusal.
 */
export const youtubeMetaSchema = z.looseObject({
  thumbnailUrl: z.url().optional(),
  firstComment,
  privacyStatus: z
    .string()
    .optional()
    .describe('`public` (the default), `unlisted` or `private`: status.privacyStatus of the upload.'),
  notifySubscribers: z
    .boolean()
    .optional()
    .describe("Whether YouTube tells the channel's subscribers about the video; YouTube's default is true."),
  madeForKids: z
    .boolean()
    .optional()
    .describe(
      'Declares the audience (status.selfDeclaredMadeForKids). When absent, the video is declared not made for kids and the answer carries the `made_for_kids_undeclared` warning.',
    ),
  categoryId: z
    .string()
    .optional()
    .describe('The video category id as a string, e.g. "22" (People & Blogs, the default) or "10" (Music).'),
  tags: z
    .array(z.string())
    .optional()
    .describe(
      'Tags: 500 characters at most as YouTube counts them (commas between, quotes around tags with spaces).',
    ),
  playlistId: z
    .string()
    .optional()
    .describe(
      "A playlist of the channel the video is added to once processed; a failure there never fails the post but becomes the post's warning.",
    ),
  defaultLanguage: z
    .string()
    .optional()
    .describe('The language of the title and description, a BCP-47 tag such as "en" or "pt-BR".'),
});

/**
 * `platformMeta.threads`: the first comment, a reply chain (`thread`, contract.md) and who may
 * reply. Types are checked here; values (lengths, links, media, the control's name) by the policy
 * (check-threads-meta.ts), which names the part it refuses.
 */
export const threadsMetaSchema = z.looseObject({
  firstComment,
  thread: z
    .array(
      z.looseObject({
        caption: z.string().describe('The text of this part: 500 characters at most, 5 links at most.'),
        mediaIds: z
          .array(z.string())
          .optional()
          .describe('Library media of this part, yours: none, one photo or video, or a carousel of 2–20.'),
      }),
    )
    .optional()
    .describe(
      "Further parts published in order as a reply chain under the post (each replying to the one before), at most 20; the post's `thread` reports each part's outcome. A failed part never fails the post.",
    ),
  replyControl: z
    .string()
    .optional()
    .describe(
      'Who may reply, on the post and every part of its chain: `everyone` (the default), `accounts_you_follow`, `mentioned_only`, `parent_post_author_only` or `followers_only`.',
    ),
});

/**
 * Platform-specific settings (spec 2.3). Additional properties are allowed at both levels, as in
 * the spec's machine-readable schema, and are kept as given.
 */
export const platformMetaSchema = z.looseObject({
  instagram: instagramMetaSchema.optional(),
  facebook: facebookMetaSchema.optional(),
  threads: threadsMetaSchema.optional(),
  youtube: youtubeMetaSchema.optional(),
  tiktok: tiktokMetaSchema.optional(),
});

/** Platform-specific settings of a post. */
export type PlatformMeta = z.infer<typeof platformMetaSchema>;

/** TikTok settings of a post. */
export type TiktokMeta = z.infer<typeof tiktokMetaSchema>;

/** Instagram settings of a post. */
export type InstagramMeta = z.infer<typeof instagramMetaSchema>;

/** One person tagged on an Instagram image. */
export type InstagramUserTag = NonNullable<InstagramMeta['userTags']>[number];
/** Facebook settings of a post. */
export type FacebookMeta = z.infer<typeof facebookMetaSchema>;

/** YouTube settings of a post. */
export type YouTubeMeta = z.infer<typeof youtubeMetaSchema>;

/** Threads settings of a post. */
export type ThreadsMeta = z.infer<typeof threadsMetaSchema>;
