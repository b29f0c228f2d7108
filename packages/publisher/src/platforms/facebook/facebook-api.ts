import { z } from 'zod';

const id = z.union([z.string().min(1), z.number()]).transform(String);

/**
 * A `permalink_url` as an absolute link: the Graph API answers some (reels) relative to
 * www.facebook.com, e.g. `/reel/123`.
 */
const permalinkUrl = z
  .string()
  .transform((url) => (url.startsWith('/') ? `https://www.facebook.com${url}` : url));

/** `GET /me/accounts?fields=id,name,access_token,picture,followers_count`: the Pages the user granted. */
export const facebookPagesSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id,
      name: z.string().optional(),
      access_token: z.string().min(1),
      picture: z.looseObject({ data: z.looseObject({ url: z.string().optional() }).optional() }).optional(),
      followers_count: z.number().int().nonnegative().optional(),
    }),
  ),
  paging: z.looseObject({ next: z.string().optional() }).optional(),
});

/** `GET /me/businesses`: the Business Managers the person belongs to (business_management). */
export const facebookBusinessesSchema = z.looseObject({
  data: z.array(z.looseObject({ id, name: z.string().optional() })),
  paging: z.looseObject({ next: z.string().optional() }).optional(),
});

/** `GET /me/permissions`: each permission the person was asked for, and whether it was granted. */
export const facebookPermissionsSchema = z.looseObject({
  data: z.array(z.looseObject({ permission: z.string(), status: z.string() })),
});

/** A Page of `facebookPagesSchema`. */
export type FacebookPage = z.infer<typeof facebookPagesSchema>['data'][number];

/** The fields asked for in `facebookPagesSchema`. */
export const FACEBOOK_PAGE_FIELDS = 'id,name,access_token,picture,followers_count';

/** `POST /{page-id}/feed` → `{id}`; `POST /{page-id}/photos` → `{id, post_id}` (the photo and its post). */
export const facebookCreatedSchema = z.looseObject({ id, post_id: id.optional() });

/** `GET /{page-id}/published_posts?fields=id,message,created_time,permalink_url`, newest first. */
export const facebookFeedSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id,
      message: z.string().optional(),
      created_time: z.string(),
      permalink_url: permalinkUrl.optional(),
    }),
  ),
  paging: z.looseObject({}).optional(),
});

/** `GET /{post-id}?fields=permalink_url`. */
export const facebookPermalinkSchema = z.looseObject({ permalink_url: permalinkUrl.optional() });

/** `POST /{page-id}/video_reels?upload_phase=start` → the video id and where to upload. */
export const facebookReelStartSchema = z.looseObject({ video_id: id, upload_url: z.string().min(1) });

/** `{success:true}` of the upload and of `upload_phase=finish`. */
export const facebookSuccessSchema = z.looseObject({ success: z.boolean() });

const phase = z
  .looseObject({
    status: z.string().optional(),
    errors: z
      .array(z.looseObject({ code: z.number().optional(), message: z.string().optional() }))
      .optional(),
  })
  .optional();

/** `GET /{video-id}?fields=status,permalink_url`: processing and publishing phases of a reel. */
export const facebookVideoStatusSchema = z.looseObject({
  status: z.looseObject({
    video_status: z.string(),
    uploading_phase: phase,
    processing_phase: phase,
    publishing_phase: phase,
  }),
  permalink_url: permalinkUrl.optional(),
});

/** A reel's status. */
export type FacebookVideoStatus = z.infer<typeof facebookVideoStatusSchema>['status'];
