import { z } from 'zod';

/** The stored credentials of a YouTube channel (the same shape the sandbox mints). */
export const youtubeCredentialsSchema = z.looseObject({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  channelId: z.string().min(1),
});

/** A YouTube channel's tokens. */
export type YouTubeCredentials = z.infer<typeof youtubeCredentialsSchema>;
