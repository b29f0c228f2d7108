import { accountIdFor, followerCountFor, normalizeHandle } from './account-ids.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import { issueToken, LIFETIMES_MS } from './signed-token.js';

/** What `mintSandboxAccount` needs. */
export type MintSandboxAccountInput = {
  readonly platform: SandboxPlatform;
  readonly handle: string;
  /** The sandbox secret of the server that will receive the tokens. */
  readonly secret: string;
  readonly baseUrl: string;
  readonly now: Date;
};

/** A connected sandbox account, in the shape of a platform adapter's connected profile. */
export type MintedSandboxAccount = {
  readonly platformAccountId: string;
  readonly handle: string;
  readonly profileUrl: string;
  readonly profileImageUrl: null;
  readonly followerCount: number;
  /**
   * Instagram and Threads `{ accessToken, userId, issuedAt }` (long-lived token, ISO time);
   * Facebook `{ pageId, pageAccessToken, userAccessToken }`.
   */
  readonly credentials: Record<string, unknown>;
  /** 60 days from `now` for Instagram and Threads; null for Facebook (Page tokens do not expire). */
  readonly tokenExpiresAt: Date | null;
};

/**
 * The account and tokens the OAuth dance with the simulators would give for `handle`, without
 * the dance: same ids, same token format (for `svc accounts connect-sandbox`). Throws on a handle
 * the platform would not accept.
 */
export function mintSandboxAccount(input: MintSandboxAccountInput): MintedSandboxAccount {
  const handle = normalizeHandle(input.platform, input.handle);
  if (handle === null) throw new Error(`"${input.handle}" is not a valid ${input.platform} sandbox handle`);
  const base = `${input.baseUrl.replace(/\/+$/, '')}/sandbox`;
  const now = input.now.getTime();
  const token = (kind: 'long' | 'user' | 'page', uid: string, lifetimeMs: number | null) =>
    issueToken(input.secret, { platform: input.platform, kind, uid, handle, now, lifetimeMs, generation: 0 });
  const followerCount = followerCountFor(input.platform, handle);
  if (input.platform === 'facebook') {
    const pageId = accountIdFor('facebook', handle);
    return {
      platformAccountId: pageId,
      handle,
      profileUrl: `${base}/facebook/${pageId}`,
      profileImageUrl: null,
      followerCount,
      credentials: {
        pageId,
        pageAccessToken: token('page', pageId, null),
        userAccessToken: token('user', accountIdFor('facebook-user', handle), LIFETIMES_MS.long),
      },
      tokenExpiresAt: null,
    };
  }
  const userId = accountIdFor(input.platform, handle);
  return {
    platformAccountId: userId,
    handle,
    profileUrl:
      input.platform === 'instagram'
        ? `${base}/instagram/${encodeURIComponent(handle)}`
        : `${base}/threads/@${encodeURIComponent(handle)}`,
    profileImageUrl: null,
    followerCount,
    credentials: {
      accessToken: token('long', userId, LIFETIMES_MS.long),
      userId,
      issuedAt: input.now.toISOString(),
    },
    tokenExpiresAt: new Date(now + LIFETIMES_MS.long),
  };
}
