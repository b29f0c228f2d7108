import { z } from 'zod';

const isoTime = z.iso.datetime({ offset: true });

/**
 * `post.publishProgress` of a TikTok publish (kept small; plain JSON):
 * - `checkedAt`, `forceOff`: when creator_info last allowed the post, and the interactions
 *   (`comment`, `duet`, `stitch`) the creator turned off, which the post must send as disabled;
 * - `publishId`: the publish started by `video/init` or `content/init`;
 * - video uploads: `uploadUrl` (valid about an hour from `initAt`), the chunk plan
 *   (`videoSize`, `chunkSize`, `chunkCount`), `nextByte` (the first byte TikTok has not
 *   confirmed) and `uploaded` once the last chunk is in;
 * - `publishStartedAt`: saved before the call that can make the post public (a video's final
 *   chunk, a photo post's `content/init`); from then on TikTok is asked before that call is sent again;
 * - `firstPolledAt`: when status polling started; `lookups`: listings read to find a photo post
 *   whose init answer was lost; `restarts`: new inits after
 *   an upload URL expired.
 */
export const tiktokProgressSchema = z.object({
  checkedAt: isoTime.optional(),
  forceOff: z.array(z.enum(['comment', 'duet', 'stitch'])).default([]),
  publishId: z.string().optional(),
  uploadUrl: z.string().optional(),
  initAt: isoTime.optional(),
  videoSize: z.number().int().positive().optional(),
  chunkSize: z.number().int().positive().optional(),
  chunkCount: z.number().int().positive().optional(),
  nextByte: z.number().int().nonnegative().default(0),
  uploaded: z.boolean().optional(),
  publishStartedAt: isoTime.optional(),
  firstPolledAt: isoTime.optional(),
  lookups: z.number().int().nonnegative().default(0),
  restarts: z.number().int().nonnegative().default(0),
});

/** The handles of a TikTok publish. */
export type TikTokProgress = z.infer<typeof tiktokProgressSchema>;
