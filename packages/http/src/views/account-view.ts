import type { ConnectedAccount } from '@svc/core';

/** A connected account as GET /api/v1/connections lists it (spec 2.4, plus needsReconnect). Never tokens. */
export type AccountView = {
  id: string;
  platform: string;
  handle: string;
  profileUrl: string;
  profileImageUrl: string | null;
  tokenExpiresAt: string | null;
  connectedAt: string;
  updatedAt: string;
  /** The platform refused our tokens: posts to this account fail until it is reconnected. */
  needsReconnect: boolean;
};

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
