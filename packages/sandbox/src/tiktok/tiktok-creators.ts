import { TIKTOK_PRIVACY_LEVELS } from '@svc/core';
import type { Reply } from '../shared/http-io.js';
import { accountPosts } from '../shared/published-post-index.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import type { TokenPayload } from '../shared/signed-token.js';
import { simulatedFollowerCount } from '../shared/simulated-followers.js';
import { simulatedMetric } from '../shared/simulated-metrics.js';
import {
  authenticateTikTok,
  requireTikTokScope,
  spendTikTokCall,
  type TIKTOK_RATE_LIMITS,
} from './tiktok-auth.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';

/** A creator's posting options with the defaults filled in. */
export type TikTokCreator = {
  readonly privacyLevelOptions: readonly string[];
  readonly commentDisabled: boolean;
  readonly duetDisabled: boolean;
  readonly stitchDisabled: boolean;
  readonly maxVideoPostDurationSec: number;
  readonly cannotPost: string | null;
};

// The wording TikTok uses for the refusals a test can set with `cannotPost`.
const CANNOT_POST_MESSAGES: Readonly<Record<string, string>> = {
  spam_risk_user_banned_from_posting: 'The user is banned from making new posts.',
  unaudited_client_can_only_post_to_private_accounts:
    'Unaudited clients can only post to a private account. Make the account private and try again.',
  reached_active_user_cap: 'The daily quota for active publishing users from your client is reached.',
  spam_risk_too_many_posts: 'The daily post cap from the current user has been reached.',
  spam_risk: 'The request is flagged as spam risk.',
};

/** What creator_info answers for `openId`: every privacy level and nothing disabled unless a test said otherwise. */
export function creatorOf(ctx: SandboxContext, openId: string): TikTokCreator {
  const set = ctx.state.tiktok.creators.get(openId) ?? {};
  return {
    privacyLevelOptions: set.privacyLevelOptions ?? TIKTOK_PRIVACY_LEVELS,
    commentDisabled: set.commentDisabled ?? false,
    duetDisabled: set.duetDisabled ?? false,
    stitchDisabled: set.stitchDisabled ?? false,
    maxVideoPostDurationSec: set.maxVideoPostDurationSec ?? 600,
    cannotPost: set.cannotPost ?? null,
  };
}

/** Refuses with the creator's `cannotPost` code (HTTP 403), if a test set one. */
export function refuseIfCannotPost(creator: TikTokCreator): void {
  if (creator.cannotPost === null) return;
  throw tiktokError(
    403,
    creator.cannotPost,
    CANNOT_POST_MESSAGES[creator.cannotPost] ?? 'The creator cannot make new posts right now.',
  );
}

/**
 * The token's creator, for a call that may lead to a post: the token holds `scope`, the call is
 * counted against `bucket`'s per-minute limit, and the creator may post (else its `cannotPost` code).
 */
export function postingCreator(
  ctx: SandboxContext,
  r: SandboxRequest,
  token: TokenPayload,
  scope: string,
  bucket: keyof typeof TIKTOK_RATE_LIMITS,
): TikTokCreator {
  requireTikTokScope(ctx, token, [scope]);
  spendTikTokCall(ctx, r, bucket);
  const creator = creatorOf(ctx, token.uid);
  refuseIfCannotPost(creator);
  return creator;
}

/** The avatar link the simulator serves for `username`. */
export function avatarUrlOf(ctx: SandboxContext, username: string): string {
  return `${ctx.sandboxUrl}/tiktok/@${encodeURIComponent(username)}/avatar.svg`;
}

/** `POST /v2/post/publish/creator_info/query/` (20 per minute per token). */
export function creatorInfo(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateTikTok(ctx, r);
  const creator = postingCreator(ctx, r, token, 'video.publish', 'creator_info');
  return tiktokOk({
    creator_avatar_url: avatarUrlOf(ctx, token.h),
    creator_username: token.h,
    creator_nickname: token.h,
    privacy_level_options: [...creator.privacyLevelOptions],
    comment_disabled: creator.commentDisabled,
    duet_disabled: creator.duetDisabled,
    stitch_disabled: creator.stitchDisabled,
    max_video_post_duration_sec: creator.maxVideoPostDurationSec,
  });
}

/** The `data.user` fields of `GET /v2/user/info/`, and the scope each needs. */
const USER_FIELDS: Readonly<Record<string, string>> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

/**
 * `GET /v2/user/info/?fields=…`: the requested fields of the token's user; `follower_count`
 * grows with the sandbox clock (`simulatedFollowerCount`).
 */
export function userInfo(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateTikTok(ctx, r);
  const fields = (r.input.get('fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.length === 0) throw tiktokError(400, 'invalid_params', 'The fields parameter is required.');
  const unknown = fields.filter((f) => USER_FIELDS[f] === undefined);
  if (unknown.length > 0) {
    throw tiktokError(400, 'invalid_params', `Unknown fields: ${unknown.join(', ')}.`);
  }
  for (const field of fields) requireTikTokScope(ctx, token, [USER_FIELDS[field] ?? '']);
  const avatar = avatarUrlOf(ctx, token.h);
  const posts = accountPosts(ctx.state.postIndex, 'tiktok', token.uid);
  const now = ctx.clock.now();
  const all: Record<string, unknown> = {
    open_id: token.uid,
    union_id: `union-${token.uid.slice(4)}`,
    avatar_url: avatar,
    avatar_url_100: avatar,
    avatar_large_url: avatar,
    display_name: token.h,
    bio_description: '',
    profile_deep_link: `${ctx.sandboxUrl}/tiktok/@${encodeURIComponent(token.h)}`,
    is_verified: false,
    username: token.h,
    follower_count: simulatedFollowerCount('tiktok', token.h, ctx.clock.now()),
    following_count: 0,
    // Likes across the creator's videos, on the same curves video/query answers.
    likes_count: posts.reduce(
      (sum, p) => sum + simulatedMetric('tiktok', p.record.id, 'like_count', p.record.at, now),
      0,
    ),
    video_count: posts.length,
  };
  return tiktokOk({ user: Object.fromEntries(fields.map((f) => [f, all[f]])) });
}
