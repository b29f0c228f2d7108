import { createHash, randomBytes } from 'node:crypto';
import type { Reply } from '../shared/http-io.js';
import type { JsonObject } from '../shared/json-object.js';
import { nowOf, type SandboxContext } from '../shared/sandbox-context.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';
import { newNumericId } from '../shared/sandbox-state.js';
import { authenticateTikTok } from './tiktok-auth.js';
import { chunkPlanProblem, type TikTokChunkPlan } from './tiktok-chunk-rules.js';
import { postingCreator } from './tiktok-creators.js';
import { tiktokError, tiktokOk } from './tiktok-error.js';
import {
  admitPublish,
  linkValue,
  objectField,
  postLabelsOf,
  postPrivacyOf,
  textProp,
  uploadExpiry,
} from './tiktok-post-fields.js';
import { newTikTokPublish } from './tiktok-publishes.js';
import type { TikTokPublish, TikTokUpload } from './tiktok-state.js';

const TITLE_MAX = 2200;

/**
 * `POST /v2/post/publish/video/init/` (Direct Post, 6 per minute per token, shared with photo
 * posts): checks the post against the creator's options and the chunk plan against TikTok's
 * rules, then answers a publish id and, for `FILE_UPLOAD`, an upload_url valid for an hour.
 * `PULL_FROM_URL` videos are downloaded at once (when the sandbox fetches media).
 */
export async function videoInit(ctx: SandboxContext, r: SandboxRequest): Promise<Reply> {
  const token = authenticateTikTok(ctx, r);
  const creator = postingCreator(ctx, r, token, 'video.publish', 'init');
  const postInfo = objectField(r, 'post_info', true);
  const sourceInfo = objectField(r, 'source_info', true);
  const title = textProp(postInfo, 'title', TITLE_MAX);
  const privacyLevel = postPrivacyOf(creator, postInfo, {
    inbox: false,
    interactions: ['comment', 'duet', 'stitch'],
    flags: ['brand_organic_toggle', 'is_aigc'],
    counts: ['video_cover_timestamp_ms'],
  });
  const source = sourceInfo?.source;
  const plan = source === 'FILE_UPLOAD' ? chunkPlanOf(sourceInfo) : null;
  const videoUrl = source === 'PULL_FROM_URL' ? linkValue(sourceInfo?.video_url, 'video_url') : null;
  if (plan === null && videoUrl === null) {
    throw tiktokError(400, 'invalid_params', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
  }
  const mediaUrls = videoUrl === null ? [] : [videoUrl];
  const failReason = admitPublish(ctx, token.uid, { caption: title, links: mediaUrls, inbox: false });

  const upload = plan === null ? null : newUpload(ctx, plan);
  const publish = newTikTokPublish(ctx, token, upload === null ? 'v_pub_url' : 'v_pub_file', {
    kind: 'VIDEO',
    source: upload === null ? 'PULL_FROM_URL' : 'FILE_UPLOAD',
    inbox: false,
    title,
    description: '',
    privacyLevel,
    labels: postLabelsOf(postInfo, true),
    mediaUrls,
    upload,
    mediaReadyAt: upload === null ? nowOf(ctx) : null,
    failReason,
  });
  if (videoUrl !== null) await pullVideo(ctx, publish, videoUrl);
  ctx.state.tiktok.publishes.set(publish.id, publish);
  if (upload === null) return tiktokOk({ publish_id: publish.id });
  ctx.state.tiktok.uploads.set(upload.id, publish.id);
  const uploadUrl = `${ctx.sandboxUrl}/tiktok/upload/video/?upload_id=${upload.id}&upload_token=${upload.token}`;
  return tiktokOk({ publish_id: publish.id, upload_url: uploadUrl });
}

function chunkPlanOf(sourceInfo: JsonObject | undefined): TikTokChunkPlan {
  const number = (name: string) => {
    const value = sourceInfo?.[name];
    return typeof value === 'number' ? value : Number.NaN;
  };
  const plan = {
    videoSize: number('video_size'),
    chunkSize: number('chunk_size'),
    chunkCount: number('total_chunk_count'),
  };
  const problem = chunkPlanProblem(plan);
  if (problem !== null) throw tiktokError(400, 'invalid_params', problem);
  return plan;
}

function newUpload(ctx: SandboxContext, plan: TikTokChunkPlan): TikTokUpload {
  return {
    id: newNumericId(ctx.state, '7', 18),
    token: randomBytes(16).toString('hex'),
    expiresAt: uploadExpiry(ctx),
    ...plan,
    chunksDone: 0,
    bytesDone: 0,
    hash: createHash('sha256'),
    lastChunkSha: null,
    sha256: null,
  };
}

/** Whether the bytes start like an MP4/MOV (`ftyp` box) or a WebM (EBML header) file. */
export function looksLikeVideo(bytes: Buffer): boolean {
  const ftyp = bytes.length >= 8 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';
  const ebml = bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3;
  return ftyp || ebml;
}

async function pullVideo(ctx: SandboxContext, publish: TikTokPublish, url: string): Promise<void> {
  if (ctx.download === null) return;
  const download = await ctx.download(url);
  if (!download.ok) {
    publish.failReason = 'video_pull_failed';
    return;
  }
  publish.downloadedBytes = download.bytes.length;
  publish.pulled = {
    sizeBytes: download.bytes.length,
    sha256: createHash('sha256').update(download.bytes).digest('hex'),
  };
  if (!looksLikeVideo(download.bytes)) publish.failReason = 'file_format_check_failed';
}
