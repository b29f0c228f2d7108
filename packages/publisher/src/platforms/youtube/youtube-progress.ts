import { z } from 'zod';

/**
 * `post.publishProgress` of a YouTube publish:
 * - `uploadUrl`: the resumable upload session (creating one creates nothing on the channel);
 *   `totalBytes`: the size announced to it; `uploadedBytes`: what Google last said it has, for
 *   people reading the progress (every step asks Google again before sending bytes);
 *   `sessions`: sessions started so far (an expired session is replaced);
 * - `videoId`: the video, once the final byte was accepted (or a probe found it was);
 * - `firstPolledAt`: when processing was first seen unfinished; `polls`: reads that found it
 *   unfinished (the waits between reads grow with it); `processedAt`: when it was done and
 *   `privacyStatus`: the privacy YouTube gave the video then (both saved only when a thumbnail
 *   step follows (thumbnail or playlist); otherwise the publish ends right there);
 * - `thumbnail`: `set`, or `failed` with `thumbnailError` saying why (the video is live either
 *   way); `thumbnailTries`: temporary thumbnail failures so far;
 * - `playlist`: `added` (found in or inserted into `platformMeta.youtube.playlistId`), or `failed`
 *   with `playlistError` saying why (the post's warning); `playlistTries`: temporary failures.
 */
export const youtubeProgressSchema = z.object({
  uploadUrl: z.string().optional(),
  totalBytes: z.number().int().positive().optional(),
  uploadedBytes: z.number().int().nonnegative().optional(),
  sessions: z.number().int().nonnegative().default(0),
  videoId: z.string().optional(),
  firstPolledAt: z.iso.datetime({ offset: true }).optional(),
  polls: z.number().int().nonnegative().default(0),
  processedAt: z.iso.datetime({ offset: true }).optional(),
  privacyStatus: z.string().optional(),
  thumbnail: z.enum(['set', 'failed']).optional(),
  thumbnailError: z.string().optional(),
  thumbnailTries: z.number().int().nonnegative().default(0),
  playlist: z.enum(['added', 'failed']).optional(),
  playlistError: z.string().optional(),
  playlistTries: z.number().int().nonnegative().default(0),
});

/** The handles of a YouTube publish. */
export type YouTubeProgress = z.infer<typeof youtubeProgressSchema>;
