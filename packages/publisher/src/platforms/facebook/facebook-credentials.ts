import { z } from 'zod';

/** The stored credentials of a Facebook Page. */
export const facebookCredentialsSchema = z.looseObject({
  pageId: z.string().min(1),
  /** Does not expire when derived from a long-lived user token; renewed through `userAccessToken`. */
  pageAccessToken: z.string().min(1),
  userAccessToken: z.string().min(1),
});

/** A Facebook Page's tokens. */
export type FacebookCredentials = z.infer<typeof facebookCredentialsSchema>;
