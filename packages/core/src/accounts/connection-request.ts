import { z } from 'zod';
import { platformSchema } from '../kernel/index.js';

/** How long a connection link works (spec 2.5 says only "short-lived"; docs/connections.md). */
export const CONNECTION_REQUEST_LIFETIME_MS = 30 * 60 * 1000;

/**
 * A request to connect one platform account, created by POST /api/v1/connections and spent by
 * the OAuth callback. The `state` nonce and PKCE verifier never leave the server except as the
 * OAuth `state` parameter and the S256 challenge.
 */
export const connectionRequestSchema = z.object({
  id: z.string().min(1),
  ownerId: z.string().min(1),
  platform: platformSchema,
  /** Random nonce; the OAuth `state` is `<id>.<nonce>`. */
  nonce: z.string().min(1),
  /** The PKCE verifier, sealed by the SecretBox. */
  sealedCodeVerifier: z.string().min(1),
  createdAt: z.date(),
  expiresAt: z.date(),
  /** When the callback spent the request; a spent request cannot be used again. */
  usedAt: z.date().nullable(),
  /** The accounts the request connected, once it has. */
  accountIds: z.array(z.string()),
});

/** A connection request. */
export type ConnectionRequest = z.infer<typeof connectionRequestSchema>;
