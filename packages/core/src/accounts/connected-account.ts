import { z } from 'zod';
import { platformSchema } from '../kernel/index.js';

/** A social account connected to the service (spec 2.4 plus what publishing needs). */
export const connectedAccountSchema = z.object({
  /** Our id; callers use it as a profile id. */
  id: z.string().min(1),
  ownerId: z.string().min(1),
  platform: platformSchema,
  /** The platform's own id of the account; unique per owner and platform. */
  platformAccountId: z.string().min(1),
  handle: z.string(),
  profileUrl: z.string(),
  profileImageUrl: z.string().nullable(),
  followerCount: z.number().int().nonnegative().nullable(),
  /** Inactive accounts (disconnected) are never listed and cannot be posted to. */
  status: z.enum(['active', 'inactive']),
  /** The platform refused our tokens; the user must reconnect before posts can publish. */
  needsReconnect: z.boolean(),
  /** Platform tokens, sealed by the SecretBox port; never returned to callers. */
  sealedCredentials: z.string().nullable(),
  tokenExpiresAt: z.date().nullable(),
  connectedAt: z.date(),
  updatedAt: z.date(),
});

/** A connected account. */
export type ConnectedAccount = z.infer<typeof connectedAccountSchema>;
