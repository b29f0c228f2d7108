import { z } from 'zod';

/**
 * The stored tokens of a TikTok account, the shape the sandbox's minted accounts share:
 * `refreshExpiresAt` is an ISO time. Refresh tokens rotate, so every refresh stores the new one.
 */
export const tiktokCredentialsSchema = z.looseObject({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  openId: z.string().min(1),
  scope: z.string(),
  refreshExpiresAt: z.string(),
});

/** A TikTok account's tokens. */
export type TikTokCredentials = z.infer<typeof tiktokCredentialsSchema>;
