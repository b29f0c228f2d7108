import type { Reply } from '../shared/http-io.js';
import type { SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { authenticateTikTok, requireTikTokScope, spendTikTokCall } from './tiktok-auth.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';
import { moderated, publishStatus } from './tiktok-publishes.js';

/**
 * `POST /v2/post/publish/status/fetch/` `{publish_id}` (30 per minute per token): PROCESSING_UPLOAD
 * (with `uploaded_bytes`) or PROCESSING_DOWNLOAD (with `downloaded_bytes`) until processed, then
 * PUBLISH_COMPLETE, FAILED with `fail_reason`, or SEND_TO_USER_INBOX for inbox posts.
 *
 * `publicaly_available_post_id` (sic) is an array of int64 on TikTok, so its ids are written as
 * JSON numbers even though they exceed 2^53: a client that parses them as doubles gets them
 * wrong, exactly as against the real API. It stays empty for SELF_ONLY posts, and for public
 * ones while moderation lasts.
 */
export function statusFetch(ctx: SandboxContext, r: SandboxRequest): Reply {
  const token = authenticateTikTok(ctx, r);
  requireTikTokScope(ctx, token, ['video.publish', 'video.upload']);
  spendTikTokCall(ctx, r, 'status');
  const publishId = r.input.get('publish_id') ?? '';
  const publish = ctx.state.tiktok.publishes.get(publishId);
  if (publish === undefined || publish.openId !== token.uid) {
    throw tiktokError(400, 'invalid_params', `publish_id "${publishId}" does not exist for this user.`);
  }
  const status = publishStatus(ctx, publish);
  if (status === 'PUBLISH_COMPLETE') publish.completeReads += 1;
  const ids =
    status === 'PUBLISH_COMPLETE' &&
    publish.postId !== null &&
    publish.privacyLevel !== 'SELF_ONLY' &&
    moderated(ctx, publish)
      ? [publish.postId]
      : [];
  const reply = tiktokOk({
    status,
    ...(status === 'FAILED' ? { fail_reason: publish.failReason } : {}),
    publicaly_available_post_id: ids,
    ...(publish.upload === null
      ? { downloaded_bytes: publish.downloadedBytes }
      : { uploaded_bytes: publish.upload.bytesDone }),
  });
  return { ...reply, body: withInt64Ids(reply.body) };
}

// The ids are digit strings the sandbox made itself, so unquoting them is safe.
function withInt64Ids(body: string): string {
  return body.replace(
    /"publicaly_available_post_id":\[([^\]]*)\]/,
    (_match, ids: string) => `"publicaly_available_post_id":[${ids.replaceAll('"', '')}]`,
  );
}
