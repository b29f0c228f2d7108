import { z } from 'zod';

/**
 * `post.publishProgress` of a Facebook publish:
 * - `publishStartedAt`: set, and saved, before the call that makes the post public (feed or photo
 *   post, reel finish); from then on the platform is checked before that call is sent again;
 * - `postId`: the feed or photo post, whose permalink is still to be read;
 * - `videoId`, `uploadUrl`: the reel's upload session; `uploaded`: the video was handed over;
 * - `finishedAt`: when the reel was finished (published); its status is read until it is live;
 * - `firstPolledAt`: when the reel was first seen still processing (10-minute limit);
 * - `lookups`: reads of the post's link after a fault, so far.
 */
export const facebookProgressSchema = z.object({
  publishStartedAt: z.iso.datetime({ offset: true }).optional(),
  postId: z.string().optional(),
  videoId: z.string().optional(),
  uploadUrl: z.string().optional(),
  uploaded: z.boolean().optional(),
  finishedAt: z.iso.datetime({ offset: true }).optional(),
  firstPolledAt: z.iso.datetime({ offset: true }).optional(),
  lookups: z.number().int().nonnegative().default(0),
});

/** The handles of a Facebook publish. */
export type FacebookProgress = z.infer<typeof facebookProgressSchema>;
