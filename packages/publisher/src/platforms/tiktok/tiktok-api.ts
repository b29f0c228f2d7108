import { z } from 'zod';

// Ids TikTok writes as int64 JSON numbers arrive as digit strings (see `parseJson`) or as numbers.
const id = z.union([z.string().min(1), z.number()]).transform(String);

/** `POST /v2/oauth/token/` (code exchange and refresh). */
export const tiktokTokenSchema = z.looseObject({
  open_id: z.string().min(1),
  scope: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

/** A token answer. */
export type TikTokTokens = z.infer<typeof tiktokTokenSchema>;

/** `GET /v2/user/info/` → `data`. */
export const tiktokUserInfoSchema = z.looseObject({
  user: z.looseObject({
    open_id: z.string().optional(),
    union_id: z.string().optional(),
    avatar_url: z.string().optional(),
    display_name: z.string().optional(),
    username: z.string().optional(),
    follower_count: z.number().int().nonnegative().optional(),
  }),
});

/** `POST /v2/post/publish/creator_info/query/` → `data`. */
export const tiktokCreatorInfoSchema = z.looseObject({
  creator_avatar_url: z.string().optional(),
  creator_username: z.string().optional(),
  creator_nickname: z.string().optional(),
  privacy_level_options: z.array(z.string()),
  comment_disabled: z.boolean().default(false),
  duet_disabled: z.boolean().default(false),
  stitch_disabled: z.boolean().default(false),
  max_video_post_duration_sec: z.number().positive().optional(),
});

/** A creator's posting options as TikTok answers them. */
export type TikTokCreatorInfo = z.infer<typeof tiktokCreatorInfoSchema>;

/** `POST /v2/post/publish/video/init/` and `/content/init/` → `data`. */
export const tiktokInitSchema = z.looseObject({
  publish_id: z.string().min(1),
  upload_url: z.string().min(1).optional(),
});

/** `POST /v2/post/publish/status/fetch/` → `data`. */
export const tiktokStatusSchema = z.looseObject({
  status: z.string(),
  fail_reason: z.string().optional(),
  // Sic: TikTok's spelling.
  publicaly_available_post_id: z.array(id).default([]),
  uploaded_bytes: z.number().optional(),
  downloaded_bytes: z.number().optional(),
});

/** A publish's status. */
export type TikTokStatus = z.infer<typeof tiktokStatusSchema>;

/** `POST /v2/video/list/?fields=id,title,create_time,share_url` → `data`. */
export const tiktokVideoListSchema = z.looseObject({
  videos: z
    .array(
      z.looseObject({
        id,
        title: z.string().optional(),
        create_time: z.number().optional(),
        share_url: z.string().optional(),
      }),
    )
    .default([]),
  cursor: z.number().optional(),
  has_more: z.boolean().optional(),
});

/** The API paths, joined onto the `api` host (open.tiktokapis.com). */
export const TIKTOK_PATHS = {
  token: '/v2/oauth/token/',
  userInfo: '/v2/user/info/',
  creatorInfo: '/v2/post/publish/creator_info/query/',
  videoInit: '/v2/post/publish/video/init/',
  contentInit: '/v2/post/publish/content/init/',
  status: '/v2/post/publish/status/fetch/',
  videoList: '/v2/video/list/',
  videoQuery: '/v2/video/query/',
} as const;

/** `POST /v2/video/query/?fields=id,view_count,like_count,comment_count,share_count` → `data`. */
export const tiktokVideoQuerySchema = z.looseObject({
  videos: z
    .array(
      z.looseObject({
        id,
        view_count: z.number().int().nonnegative().optional(),
        like_count: z.number().int().nonnegative().optional(),
        comment_count: z.number().int().nonnegative().optional(),
        share_count: z.number().int().nonnegative().optional(),
      }),
    )
    .default([]),
});
