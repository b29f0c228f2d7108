import { z } from 'zod';

/**
 * The options of `platformMeta.instagram` beyond the cover and first comment (issue 37): the
 * container parameters Meta documents on `POST /{ig-user-id}/media`, in camelCase as contract.md
 * gives `collaborators`. Types are checked here; values (handles, positions, which post shape
 * takes which option) by the policy (check-instagram-meta.ts), which explains each refusal.
 */
export const INSTAGRAM_OPTIONS = {
  collaborators: z
    .array(z.string())
    .optional()
    .describe(
      'Instagram usernames (without @) invited as collaborators (`collaborators`): at most 3, on an image, a reel or a carousel.',
    ),
  userTags: z
    .array(
      z.looseObject({
        username: z.string(),
        x: z.number(),
        y: z.number(),
        mediaIndex: z.number().int().optional(),
      }),
    )
    .optional()
    .describe(
      "People tagged on an image (`user_tags`): a username, and x and y from 0 to 1 measured from the image's left and top edges. On a carousel, `mediaIndex` names the slide (0-based, default 0), which must be an image.",
    ),
  locationId: z
    .string()
    .optional()
    .describe('A location: the id of a Facebook Page that has one (`location_id`), e.g. "110843418940484".'),
  thumbOffset: z
    .number()
    .int()
    .optional()
    .describe(
      "Reels only: the frame, in milliseconds from the video's start, used as the cover (`thumb_offset`).",
    ),
  shareToFeed: z
    .boolean()
    .optional()
    .describe(
      'Reels only: whether the reel also appears in the profile feed (`share_to_feed`); the default is true.',
    ),
};
