import { accountIdFor, normalizeHandle } from './account-ids.js';
import { sandboxLinks } from './sandbox-links.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import { issueToken, LIFETIMES_MS, type TokenKind } from './signed-token.js';
import { simulatedFollowerCount } from './simulated-followers.js';

/** The scopes a TikTok connection asks for (platforms.md 2.1). */
export const TIKTOK_SCOPES = 'user.info.basic,user.info.profile,user.info.stats,video.list,video.publish';

/** What `mintSandboxAccount` needs. */
export type MintSandboxAccountInput = {
  readonly platform: SandboxPlatform;
  readonly handle: string;
  /** The sandbox secret of the server that will receive the tokens. */
  readonly secret: string;
  readonly baseUrl: string;
  readonly now: Date;
  /**
   * The scopes the tokens carry, as the platform writes them (e.g. `instagram_business_basic,
   * instagram_business_content_publish` without `instagram_business_manage_insights`), so a test
   * can connect an account that lacks one. Default: every scope.
   */
  readonly scopes?: string;
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
   * Facebook `{ pageId, pageAccessToken, userAccessToken }`; TikTok `{ accessToken, refreshToken,
   * openId, scope, refreshExpiresAt }`; YouTube `{ accessToken, refreshToken, channelId }`.
   */
  readonly credentials: Record<string, unknown>;
  /**
   * 60 days from `now` for Instagram and Threads, 24 h for TikTok, 1 h for YouTube; null for
   * Facebook (Page tokens do not expire).
   */
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
  const links = sandboxLinks(input.baseUrl)[input.platform];
  const now = input.now.getTime();
  const token = (kind: TokenKind, uid: string, lifetimeMs: number | null) =>
    issueToken(input.secret, {
      platform: input.platform,
      kind,
      uid,
      handle,
      now,
      lifetimeMs,
      generation: 0,
      scopes: input.scopes,
    });
  // Every platform's connected profile has the same envelope; ids, profile links and credentials differ.
  const account = (
    id: string,
    profileKey: string,
    credentials: Record<string, unknown>,
    tokenExpiresAt: Date | null,
  ): MintedSandboxAccount => ({
    platformAccountId: id,
    handle,
    profileUrl: links.profile(profileKey),
    profileImageUrl: null,
    followerCount: simulatedFollowerCount(input.platform, handle, input.now),
    credentials,
    tokenExpiresAt,
  });
  if (input.platform === 'facebook') {
    const pageId = accountIdFor('facebook', handle);
    const credentials = {
      pageId,
      pageAccessToken: token('page', pageId, null),
      userAccessToken: token('user', accountIdFor('facebook-user', handle), LIFETIMES_MS.long),
    };
    return account(pageId, pageId, credentials, null);
  }
  if (input.platform === 'tiktok') {
    const openId = accountIdFor('tiktok', handle);
    const credentials = {
      accessToken: token('access', openId, LIFETIMES_MS.tiktokAccess),
      refreshToken: token('refresh', openId, LIFETIMES_MS.tiktokRefresh),
      openId,
      scope: input.scopes ?? TIKTOK_SCOPES,
      refreshExpiresAt: new Date(now + LIFETIMES_MS.tiktokRefresh).toISOString(),
    };
    return account(openId, handle, credentials, new Date(now + LIFETIMES_MS.tiktokAccess));
  }
  if (input.platform === 'youtube') {
    const channelId = accountIdFor('youtube', handle);
    const credentials = {
      accessToken: token('access', channelId, LIFETIMES_MS.googleAccess),
      // Google refresh tokens do not expire by time.
      refreshToken: token('refresh', channelId, null),
      channelId,
    };
    return account(channelId, channelId, credentials, new Date(now + LIFETIMES_MS.googleAccess));
  }
  const userId = accountIdFor(input.platform, handle);
  const credentials = {
    accessToken: token('long', userId, LIFETIMES_MS.long),
    userId,
    issuedAt: input.now.toISOString(),
  };
  return account(userId, handle, credentials, new Date(now + LIFETIMES_MS.long));
}
