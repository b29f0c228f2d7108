import { accountPosts, addPublishedPost } from '../shared/published-post-index.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import { newNumericId, type PublishedPost, publishedInLastDay } from '../shared/sandbox-state.js';
import type { TokenPayload } from '../shared/signed-token.js';
import type { TikTokPublish } from './tiktok-state.js';

/** What an init call decided about a new publish; the rest of the record starts the same for every kind. */
export type TikTokPublishRequest = Pick<
  TikTokPublish,
  | 'kind'
  | 'source'
  | 'inbox'
  | 'title'
  | 'description'
  | 'privacyLevel'
  | 'labels'
  | 'mediaUrls'
  | 'upload'
  | 'mediaReadyAt'
  | 'failReason'
>;

/** A new publish of the token's creator, its id prefixed `prefix` (`v_pub_file`, `v_pub_url`, `p_pub_url`). */
export function newTikTokPublish(
  ctx: SandboxContext,
  token: TokenPayload,
  prefix: string,
  request: TikTokPublishRequest,
): TikTokPublish {
  return {
    id: `${prefix}~v2-${newNumericId(ctx.state, '7', 18)}`,
    openId: token.uid,
    username: token.h,
    kind: request.kind,
    source: request.source,
    inbox: request.inbox,
    title: request.title,
    description: request.description,
    privacyLevel: request.privacyLevel,
    labels: request.labels,
    mediaUrls: request.mediaUrls,
    createdAt: nowOf(ctx),
    upload: request.upload,
    mediaReadyAt: request.mediaReadyAt,
    downloadedBytes: 0,
    pulled: null,
    failReason: request.failReason,
    postId: null,
    completeReads: 0,
  };
}

/** The statuses `status/fetch` reports (platforms.md 2.2 step 5). */
export type TikTokPublishStatus =
  | 'PROCESSING_UPLOAD'
  | 'PROCESSING_DOWNLOAD'
  | 'SEND_TO_USER_INBOX'
  | 'PUBLISH_COMPLETE'
  | 'FAILED';

/** When the publish is processed (by the sandbox clock), or null while bytes are still missing. */
export function processedAt(ctx: SandboxContext, publish: TikTokPublish): number | null {
  if (publish.mediaReadyAt === null) return null;
  const { readyAfter } = ctx.state.settings;
  return publish.mediaReadyAt + (publish.kind === 'PHOTO' ? readyAfter.image : readyAfter.video);
}

/** Where a publish stands now. Failures (pull errors, `#sandbox-fail`) show once processing ends. */
export function publishStatus(ctx: SandboxContext, publish: TikTokPublish): TikTokPublishStatus {
  const done = processedAt(ctx, publish);
  if (done === null || nowOf(ctx) < done) {
    return publish.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
  }
  if (publish.failReason !== null) return 'FAILED';
  return publish.inbox ? 'SEND_TO_USER_INBOX' : 'PUBLISH_COMPLETE';
}

/**
 * Whether moderation let the public id of a completed publish out: TikTok holds it back until its
 * moderation ends ("usually within one minute", "in some cases a few hours"), which the sandbox
 * models as time after processing and a number of status reads (`setTikTokApp`).
 */
export function moderated(ctx: SandboxContext, publish: TikTokPublish): boolean {
  const { afterMs, afterReads } = ctx.state.settings.tiktok.moderation;
  const done = processedAt(ctx, publish);
  return done !== null && nowOf(ctx) >= done + afterMs && publish.completeReads > afterReads;
}

/** The link of a published TikTok post in the sandbox. */
export function tiktokPermalink(ctx: SandboxContext, username: string, postId: string): string {
  return `${ctx.sandboxUrl}/tiktok/@${encodeURIComponent(username)}/video/${postId}`;
}

/**
 * Publishes every publish whose processing ended, in the order they ended, each exactly once.
 * Every TikTok route calls this first, so the clock alone moves publishes along, as on TikTok,
 * whether or not anyone polls their status.
 */
export function settleTikTokPublishes(ctx: SandboxContext): void {
  const now = nowOf(ctx);
  const due = [...ctx.state.tiktok.publishes.values()]
    .filter((p) => p.postId === null && publishStatus(ctx, p) === 'PUBLISH_COMPLETE')
    .map((p) => ({ publish: p, at: processedAt(ctx, p) ?? now }))
    .sort((a, b) => a.at - b.at);
  for (const { publish, at } of due) record(ctx, publish, at);
}

function record(ctx: SandboxContext, publish: TikTokPublish, at: number): void {
  // 19 digits starting with 7, like TikTok's ids: more than a JS number holds exactly.
  const postId = newNumericId(ctx.state, '7', 18);
  publish.postId = postId;
  const upload = publish.upload?.sha256 ?? null;
  const bytes =
    upload !== null && publish.upload !== null
      ? { sizeBytes: publish.upload.videoSize, sha256: upload }
      : publish.pulled;
  const post: PublishedPost = {
    record: {
      platform: 'tiktok',
      id: postId,
      accountId: publish.openId,
      kind: publish.kind,
      // A photo post's title and description both show under it; a video has only its title.
      caption: [publish.title, publish.description].filter((text) => text !== '').join('\n\n'),
      mediaUrls: publish.mediaUrls,
      children: publish.kind === 'PHOTO' ? publish.mediaUrls.length : 0,
      permalink: tiktokPermalink(ctx, publish.username, postId),
      ...(bytes === null ? {} : { upload: bytes }),
      at: new Date(at),
    },
    handle: publish.username,
    shortcode: postId,
    postId,
  };
  addPublishedPost(ctx.state, post);
}

/**
 * Posts counted against the creator's daily cap: published in the last 24 h, plus publishes that
 * may still publish (not failed, not inbox drafts, and not uploads abandoned past their URL's life).
 */
export function postsCountedToday(ctx: SandboxContext, openId: string): number {
  const now = nowOf(ctx);
  const inFlight = [...ctx.state.tiktok.publishes.values()].filter(
    (p) =>
      p.openId === openId &&
      p.postId === null &&
      p.failReason === null &&
      !p.inbox &&
      (p.upload === null || p.upload.sha256 !== null || p.upload.expiresAt > now),
  ).length;
  return publishedInLastDay(ctx.state, 'tiktok', openId, now) + inFlight;
}

/**
 * The creator's published publishes other people can see, newest first: not SELF_ONLY, and past
 * moderation's time (a post under review is not public yet).
 */
export function visiblePublishes(ctx: SandboxContext, openId: string): TikTokPublish[] {
  const byPost = new Map(
    [...ctx.state.tiktok.publishes.values()].flatMap((p) => (p.postId === null ? [] : [[p.postId, p]])),
  );
  return [...accountPosts(ctx.state.postIndex, 'tiktok', openId)].reverse().flatMap((p) => {
    const publish = byPost.get(p.postId);
    if (publish === undefined || publish.privacyLevel === 'SELF_ONLY') return [];
    const done = processedAt(ctx, publish);
    const reviewed = done !== null && nowOf(ctx) >= done + ctx.state.settings.tiktok.moderation.afterMs;
    return reviewed ? [publish] : [];
  });
}
