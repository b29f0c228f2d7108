import { z } from 'zod';

/** The token endpoint's answer to a code exchange or a refresh (a refresh has no `refresh_token`). */
export const googleTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

/** `channels.list?mine=true`; Google leaves `items` out when the account has no channel. */
export const channelListSchema = z.looseObject({
  items: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        snippet: z
          .looseObject({
            title: z.string().optional(),
            customUrl: z.string().optional(),
            thumbnails: z.looseObject({ default: z.looseObject({ url: z.string() }).optional() }).optional(),
          })
          .optional(),
        statistics: z
          .looseObject({
            subscriberCount: z.string().optional(),
            hiddenSubscriberCount: z.boolean().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});

/** One channel of `channels.list`. */
export type YouTubeChannel = NonNullable<z.infer<typeof channelListSchema>['items']>[number];

/** A video resource as the final upload answer and `videos.list` give it (the parts we read). */
export const videoSchema = z.looseObject({
  id: z.string().min(1),
  status: z
    .looseObject({
      uploadStatus: z.string().optional(),
      failureReason: z.string().optional(),
      rejectionReason: z.string().optional(),
      privacyStatus: z.string().optional(),
    })
    .optional(),
  processingDetails: z.looseObject({ processingStatus: z.string().optional() }).optional(),
});

/** A video resource. */
export type YouTubeVideo = z.infer<typeof videoSchema>;

/** `videos.list?id=…`. */
export const videoListSchema = z.looseObject({ items: z.array(videoSchema).optional() });

/** `playlistItems.list?playlistId=…&videoId=…`: the items of that video in that playlist. */
export const playlistItemListSchema = z.looseObject({
  items: z.array(z.looseObject({ id: z.string().min(1) })).optional(),
});

/** `playlistItems.insert`: the new item. */
export const playlistItemSchema = z.looseObject({ id: z.string().min(1) });

/** `thumbnails.set`. */
export const thumbnailSetSchema = z.looseObject({ items: z.array(z.unknown()).optional() });

// Google writes counts as decimal strings (uint64); absent when the owner hides them.
const count = z.string().regex(/^\d+$/).transform(Number).optional();

/** `GET /youtube/v3/videos?part=statistics&id=<up to 50 ids>`. */
export const videoStatisticsListSchema = z.looseObject({
  items: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        statistics: z.looseObject({ viewCount: count, likeCount: count, commentCount: count }).optional(),
      }),
    )
    .default([]),
});
