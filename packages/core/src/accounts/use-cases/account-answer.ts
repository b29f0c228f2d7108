import { z } from 'zod';
import { PLATFORMS } from '../../kernel/index.js';
import type { ConnectedAccount } from '../connected-account.js';

/** A connected account as GET /api/v1/connections lists it (spec 2.4, plus needsReconnect). Never tokens. */
export const accountViewSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  profileUrl: z.string(),
  profileImageUrl: z.string().nullable(),
  tokenExpiresAt: z.string().nullable(),
  connectedAt: z.string(),
  updatedAt: z.string(),
  /** The platform refused our tokens: posts to this account fail until it is reconnected. */
  needsReconnect: z
    .boolean()
    .describe('The platform refused our tokens: posts to this account fail until it is reconnected.'),
});

/** A connected account as the REST API shows it. */
export type AccountView = z.infer<typeof accountViewSchema>;

/** Presents an account, leaving out everything that is not for callers. */
export function toAccountView(account: ConnectedAccount): AccountView {
  return {
    id: account.id,
    platform: account.platform,
    handle: account.handle,
    profileUrl: account.profileUrl,
    profileImageUrl: account.profileImageUrl,
    tokenExpiresAt: account.tokenExpiresAt === null ? null : account.tokenExpiresAt.toISOString(),
    connectedAt: account.connectedAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
    needsReconnect: account.needsReconnect,
  };
}
